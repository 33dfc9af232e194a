import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * The rows of a raw SQL statement, typed by the caller: the one place that knows both drivers
 * (node-postgres and PGlite) answer `db.execute` with `{ rows }`. The `numeric` columns (NUMERIC
 * sums of money and units, which the drivers return as strings) become numbers here, at the
 * repository edge.
 */
export async function rowsOf<T>(db: DbOrTx, query: SQL, numeric: readonly (keyof T & string)[] = []): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  for (const row of result.rows) for (const column of numeric) if (row[column] !== null && row[column] !== undefined) row[column] = Number(row[column]);
  return result.rows as T[];
}
