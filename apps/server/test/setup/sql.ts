import type { SQL } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/** Rows of a raw query, whichever driver runs it (tests check the ledger's state directly). */
export async function queryRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
