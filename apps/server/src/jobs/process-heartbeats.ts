import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from '../db/sql-executor';
import { JOB_SCHEMA } from './queues';

/**
 * How a dead server process's jobs are noticed (issue 38): pg-boss alone retries a running job
 * only once it expires (half an hour for an import). Each working process writes its heartbeat to
 * job_processes and records the jobs it runs in job_runs; a process silent for DEAD_AFTER_SECONDS
 * is dead, and the other processes (or its own successor) fail its jobs so they run again.
 * Solid Queue prunes processes the same way.
 */

/** How often a working process says it is alive. */
export const HEARTBEAT_MS = 5_000;
/** Four missed heartbeats: a process that slow is taken as dead (its jobs run again elsewhere). */
export const DEAD_AFTER_SECONDS = 20;
/** How often each working process looks for dead ones: a crash is noticed within about 30 s. */
export const REAP_EVERY_MS = 10_000;
/**
 * pg-boss marks a job active in its fetch, and the process records the run in its next statement
 * (1.5 s apart at the most at load 18, bench:fleet). A job active this long with no record was
 * claimed by a process killed in between: nobody runs it, and its expiry is minutes away.
 */
export const UNRECORDED_AFTER_SECONDS = 30;

/** A job of a process that died, still running in the engine's books. */
export interface OrphanedJob {
  name: string;
  id: string;
  /** Set when this process claimed it for unrecorded: the attempt its claim stands for. */
  claimedAttempt?: number;
}

export function createProcessHeartbeats(jobSql: SqlExecutor) {
  const processId = randomUUID();

  /**
   * Active jobs with no run on record for UNRECORDED_AFTER_SECONDS (see there). The claim is a run
   * recorded under this process at the job's attempt: of two reapers each job goes to one, and
   * the slow process that claimed it in pg-boss finds it taken when it comes to record its run.
   * Only working processes run jobs on a shared database (server-main), and each records its runs.
   */
  async function claimUnrecordedJobs(): Promise<OrphanedJob[]> {
    const { rows } = await jobSql.executeSql(
      `insert into job_runs (job_id, queue, process_id, attempt)
         select j.id, j.name, $1, j.retry_count from ${JOB_SCHEMA}.job j
          where j.state = 'active' and j.started_on < now() - $2::int * interval '1 second'
            and not exists (select 1 from job_runs r where r.job_id = j.id)
         on conflict (job_id) do nothing
         returning queue as name, job_id as id, attempt as "claimedAttempt"`,
      [processId, UNRECORDED_AFTER_SECONDS],
    );
    return rows as OrphanedJob[];
  }

  return {
    processId,

    /** Says this process is alive (at start, then every HEARTBEAT_MS); pruned by mistake, it is back. */
    async beat(): Promise<void> {
      await jobSql.executeSql('insert into job_processes (id) values ($1) on conflict (id) do update set seen_at = now()', [processId]);
    },

    /** Stopped: nothing of this process needs watching any more. */
    async unregister(): Promise<void> {
      await jobSql.executeSql('delete from job_processes where id = $1', [processId]);
    },

    /**
     * Before a job's handler runs; false when the job is no longer this process's to run: a reaper
     * took it for unrecorded (this process was that slow to record it) and is failing it. A run
     * of an earlier attempt of the same job, left by a dead process, is replaced.
     */
    async recordRun(queue: string, jobId: string, attempt: number): Promise<boolean> {
      const { rows } = await jobSql.executeSql(
        `insert into job_runs (job_id, queue, process_id, attempt)
           select $1, $2, $3, $4 where exists (select 1 from ${JOB_SCHEMA}.job where name = $2 and id = $1 and state = 'active' and retry_count = $4)
           on conflict (job_id) do update set queue = excluded.queue, process_id = excluded.process_id, attempt = excluded.attempt, started_at = now()
             where job_runs.attempt < excluded.attempt
           returning job_id`,
        [jobId, queue, processId, attempt],
      );
      return rows.length > 0;
    },

    /** After the handler returned or threw (only this process's record: another may have taken the job over). */
    async forgetRun(jobId: string): Promise<void> {
      await jobSql.executeSql('delete from job_runs where job_id = $1 and process_id = $2', [jobId, processId]);
    },

    /**
     * Takes the runs of processes silent for DEAD_AFTER_SECONDS (or `allOthers`: every process but
     * this one, for the embedded database's start) and answers those whose job is still at that
     * run's attempt in the engine, for the caller to fail. The delete is the claim: of two
     * processes reaping at once, each run goes to one. Dead processes' heartbeats are pruned.
     */
    async claimOrphanedJobs(options: { allOthers?: boolean } = {}): Promise<OrphanedJob[]> {
      const deadAfter = options.allOthers ? 0 : DEAD_AFTER_SECONDS;
      const { rows } = await jobSql.executeSql(
        `with dead as (
           delete from job_runs r
            where r.process_id <> $1
              and ($2::int = 0 or not exists (select 1 from job_processes p where p.id = r.process_id and p.seen_at > now() - $2::int * interval '1 second'))
           returning r.job_id, r.queue, r.attempt
         )
         select j.name, j.id from dead join ${JOB_SCHEMA}.job j on j.name = dead.queue and j.id = dead.job_id
          where j.state = 'active' and j.retry_count = dead.attempt`,
        [processId, deadAfter],
      );
      await jobSql.executeSql(`delete from job_processes where id <> $1 and ($2::int = 0 or seen_at <= now() - $2::int * interval '1 second')`, [processId, deadAfter]);
      return [...(rows as OrphanedJob[]), ...(await claimUnrecordedJobs())];
    },

    /**
     * The reaper's claims of unrecorded jobs, once failed: their next run records itself (only the
     * claim's attempt: this process may already be running the next one).
     */
    async releaseClaims(jobs: readonly OrphanedJob[]): Promise<void> {
      const claimed = jobs.filter((job) => job.claimedAttempt !== undefined);
      if (claimed.length === 0) return;
      await jobSql.executeSql(
        'delete from job_runs r using unnest($2::uuid[], $3::int[]) as c(job_id, attempt) where r.process_id = $1 and r.job_id = c.job_id and r.attempt = c.attempt',
        [processId, claimed.map((job) => job.id), claimed.map((job) => job.claimedAttempt)],
      );
    },
  };
}

export type ProcessHeartbeats = ReturnType<typeof createProcessHeartbeats>;

/**
 * Runs `task` every `ms` (not overlapping itself, not keeping the process alive); a failure goes
 * to `onError` and the next run comes as usual. `stop` waits for a run under way, so nothing
 * reaches the database after it is closed.
 */
export function every(ms: number, task: () => Promise<unknown>, onError: (error: unknown) => void): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = task()
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
  }, ms);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
