import { sql } from 'drizzle-orm';
import type { JobState } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import { JOB_SCHEMA } from '../../jobs/queues';
import { rowsOf } from '../../db/rows';

/**
 * Reads of the job engine's own table (pg-boss keeps no listing API of its own). Completed and
 * failed jobs stay in it for some hours before the engine archives them, so the page shows what
 * is recent; pg-boss indexes the table by queue and state.
 */
const job = sql.raw(`${JOB_SCHEMA}.job`);

export interface JobListRow {
  id: string;
  name: string;
  state: JobState;
  attempts: number;
  max_attempts: number;
  created_on: Date | string;
  start_after: Date | string;
  completed_on: Date | string | null;
  error: string | null;
}

export async function countJobsByQueueAndState(db: DbOrTx): Promise<{ name: string; state: JobState; n: number }[]> {
  return rowsOf(db, sql`select name, state::text as state, count(*)::int as n from ${job} where name not like '\\_\\_pgboss%' group by name, state`);
}

const columns = sql`id, name, state::text as state,
  (case when started_on is null then 0 else retry_count + 1 end)::int as attempts,
  (retry_limit + 1)::int as max_attempts,
  created_on, start_after, completed_on,
  coalesce(output->>'message', output->>'value') as error`;

/** Jobs newest first; without a state, those that need a look (failed, waiting to retry, queued, running). */
export async function listJobs(db: DbOrTx, filter: { queue?: string; state?: JobState }, page: { offset: number; limit: number }) {
  const where = sql.join(
    [
      sql`name not like '\\_\\_pgboss%'`,
      filter.queue ? sql`name = ${filter.queue}` : sql`true`,
      filter.state ? sql`state::text = ${filter.state}` : sql`state::text in ('failed', 'retry', 'created', 'active')`,
    ],
    sql` and `,
  );
  const [records, totals] = await Promise.all([
    rowsOf<JobListRow>(db, sql`select ${columns} from ${job} where ${where} order by created_on desc, id desc limit ${page.limit} offset ${page.offset}`),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${job} where ${where}`),
  ]);
  return { records, total: totals[0]?.n ?? 0 };
}

export async function findJob(db: DbOrTx, queue: string, id: string): Promise<JobListRow | null> {
  const [row] = await rowsOf<JobListRow>(db, sql`select ${columns} from ${job} where name = ${queue} and id = ${id}`);
  return row ?? null;
}
