import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** The cheapest question the database can answer: whether it answers at all (readiness). */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
