import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { rowsOf } from '../../../db/rows';

// Open Dental's pace per key, kept in the database so every server process keeps it together
// (issue 53; the table: db/schema/fleet.ts). A request takes the key's next turn with one atomic
// statement and then waits for it outside any transaction: no lock is held while it waits, and on
// the embedded database no other statement waits behind it.

/**
 * Takes the key's next turn, `intervalMs` after the one before it (or now, if that has passed),
 * and answers how many milliseconds to wait until it. Two callers at once get two turns, one
 * interval apart: the row's update is the queue. The database's clock decides, not the callers'.
 */
export async function takeTurn(db: DbOrTx, keyHash: string, intervalMs: number): Promise<number> {
  const [row] = await rowsOf<{ wait_ms: number }>(
    db,
    sql`insert into open_dental_paces as p (key_hash, next_at) values (${keyHash}, clock_timestamp() + ${intervalMs}::int * interval '1 millisecond')
          on conflict (key_hash) do update set next_at = greatest(p.next_at, clock_timestamp()) + ${intervalMs}::int * interval '1 millisecond'
        returning greatest(0, extract(epoch from (p.next_at - ${intervalMs}::int * interval '1 millisecond' - clock_timestamp())) * 1000)::float8 as wait_ms`,
  );
  return Math.ceil(row?.wait_ms ?? 0);
}

/** Open Dental asked for a pause (429 with Retry-After): no turn of the key before it ends, in any process. */
export async function holdOff(db: DbOrTx, keyHash: string, pauseMs: number): Promise<void> {
  await db.execute(sql`insert into open_dental_paces as p (key_hash, next_at) values (${keyHash}, clock_timestamp() + ${pauseMs}::int * interval '1 millisecond')
                       on conflict (key_hash) do update set next_at = greatest(p.next_at, excluded.next_at)`);
}

/** Keys not used for a day (connections tested with wrong keys, practices gone) are forgotten. */
export async function forgetIdlePaces(db: DbOrTx): Promise<number> {
  const rows = await rowsOf<{ key_hash: string }>(db, sql`delete from open_dental_paces where next_at < now() - interval '1 day' returning key_hash`);
  return rows.length;
}
