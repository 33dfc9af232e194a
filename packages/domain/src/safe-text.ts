/**
 * Text the database can store: PostgreSQL refuses NUL characters, and a lone UTF-16 surrogate is
 * not a character at all. Every request is checked in one place before its schema (the server's
 * validator compiler), so no route can let such text through to SQL.
 */
export const UNSAFE_TEXT_MESSAGE = 'Text cannot contain NUL characters or unpaired surrogates';

// eslint-disable-next-line no-control-regex -- finding the NUL character is the point
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isUnsafeText(text: string): boolean {
  return UNSAFE.test(text);
}

/** The path of the first string (or object key) in a parsed request part that is not safe text. */
export function findUnsafeText(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  // Every request is checked and nearly all are clean: walk without building paths first.
  return hasUnsafeText(value) ? pathOfUnsafeText(value, path) : null;
}

function hasUnsafeText(value: unknown): boolean {
  if (typeof value === 'string') return isUnsafeText(value);
  if (Array.isArray(value)) return value.some(hasUnsafeText);
  if (isParsedRecord(value)) {
    for (const key in value) {
      if (Object.hasOwn(value, key) && (isUnsafeText(key) || hasUnsafeText(value[key]))) return true;
    }
  }
  return false;
}

function pathOfUnsafeText(value: unknown, path: (string | number)[]): (string | number)[] | null {
  if (typeof value === 'string') return isUnsafeText(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = pathOfUnsafeText(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (isParsedRecord(value)) {
    for (const [key, inner] of Object.entries(value)) {
      if (isUnsafeText(key)) return [...path, key];
      const found = pathOfUnsafeText(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Parsed JSON and query strings: plain objects, null-prototype ones, and objects one step above
 * those (how the query parser builds them). Class instances (buffers, streams) are not walked.
 */
export function isParsedRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || Object.getPrototypeOf(proto) === null;
}
