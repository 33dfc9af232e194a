import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The server processes running jobs, each saying every few seconds that it is alive
 * (src/jobs/process-heartbeats.ts). One whose heartbeat stopped is dead: its jobs are failed and
 * run again elsewhere at once, instead of waiting for the job engine to expire them.
 */
export const jobProcesses = pgTable('job_processes', {
  /** Chosen by the process at start (a random UUID); a restarted process is a new one. */
  id: text('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  /** The database's clock at its last heartbeat (never the process's own: servers' clocks differ). */
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which process runs which job now: written before the handler starts, removed when it returns.
 * No foreign key to job_processes: a dead process's row is pruned while its runs wait to be failed.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    /** pg-boss's job id (pgboss.job.id). */
    jobId: uuid('job_id').primaryKey(),
    queue: text('queue').notNull(),
    processId: text('process_id').notNull(),
    /** pg-boss's retry_count when this run claimed the job: a later run of the same job is not this one. */
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_runs_process_idx').on(t.processId)],
);
