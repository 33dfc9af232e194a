/**
 * What the logs may hold: no request bodies, query strings, tokens, SQL or its parameters
 * (names, e-mails, chart numbers, case notes would follow). Every `{ err }` and every request
 * line the app logs passes through these serializers.
 */
interface DatabaseErrorFields {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
}

/** The PostgreSQL error inside a driver's or the ORM's wrapper (both drivers raise SQLSTATE codes). */
function findDatabaseError(error: unknown): DatabaseErrorFields | null {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && 'severity' in current) return current as unknown as DatabaseErrorFields;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** A database failure logs its SQLSTATE and the names involved, never the statement or its values. */
export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function serializeError(error: unknown): SerializedError {
  const database = findDatabaseError(error);
  if (database) {
    return {
      type: 'DatabaseError',
      message: `database error ${database.code}`,
      stack: '',
      pgCode: database.code,
      constraint: database.constraint,
      table: database.table,
      column: database.column,
      routine: database.routine,
    };
  }
  if (error instanceof Error) {
    const { code, statusCode } = error as Error & { code?: unknown; statusCode?: unknown };
    return { type: error.name, message: error.message, stack: error.stack ?? '', code, statusCode };
  }
  return { type: typeof error, message: '', stack: '' };
}

/** A request line: method, path without its query, and the route it matched. */
export function serializeRequest(request: { method?: string; url?: string; routeOptions?: { url?: string }; id?: string }): Record<string, unknown> {
  return { method: request.method, path: request.url?.split('?')[0], route: request.routeOptions?.url, id: request.id };
}

export const logSerializers = { err: serializeError, error: serializeError, req: serializeRequest };
