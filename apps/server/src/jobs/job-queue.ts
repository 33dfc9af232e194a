import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client';
import { drizzleExecutor, type SqlExecutor } from '../db/sql-executor';
import { ALL_QUEUES, JOB_SCHEMA, type QueueConcurrency, type QueueDefinition, type QueueName } from './queues';
import { HEARTBEAT_MS, REAP_EVERY_MS, createProcessHeartbeats, every, type OrphanedJob } from './process-heartbeats';

/** What a handler learns of its run: the attempt (1 for the first) and whether it is the last. */
export interface JobRun {
  id: string;
  attempt: number;
  lastAttempt: boolean;
  /** The attempt before this one was cut off by its server process stopping (killed), not failed by the handler. */
  interrupted: boolean;
}

/** The error a job cut off by its process's death is failed with (the next attempt reads it back). */
export const STOPPED_MESSAGE = 'The server stopped while this job ran';

/** A job this process claimed but was too slow to record as its own: another process runs it again. */
export const TAKEN_OVER_MESSAGE = 'Taken over: this server was too slow to start the job';

/** Does one job; throwing fails this attempt, and the engine retries it with backoff until the queue's limit. */
export type JobHandler<T> = (data: T, run: JobRun) => Promise<void>;

type Job = PgBoss.JobWithMetadata<unknown>;

/**
 * Creates the engine's tables (pg-boss's own migrations) and the queues of queues.ts, or brings
 * them up to date. Run with the app's migrations, under their start-up lock.
 */
export async function installJobSchema(jobSql: SqlExecutor): Promise<void> {
  const boss = new PgBoss({ db: jobSql, schema: JOB_SCHEMA, migrate: true, supervise: false, schedule: false });
  await boss.start();
  try {
    for (const queue of ALL_QUEUES) {
      if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, queue.options);
      else await boss.createQueue(queue.name, queue.options);
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

export interface JobQueueOptions {
  /**
   * The server process: poll the queues, run the cron schedules, beat, and fail the jobs of
   * processes whose heartbeat stopped (then retried at once). Tests leave it off and run jobs with `drain`.
   */
  work?: boolean;
  pollingIntervalSeconds?: number;
  /** Jobs of these queues run this many at once in this process (one otherwise): the JOBS_*_CONCURRENCY settings. */
  concurrency?: QueueConcurrency;
}

/** A per-location job to queue: its location (the key) and what it is given. */
export interface LocationJob {
  key: string;
  data: object;
}

/**
 * The one job engine: pg-boss on the app's own database, the embedded one included (its SQL goes
 * through `jobSql`). Handlers are registered per queue; work is queued with `send`, in the caller's
 * transaction when it belongs with a record, and runs in whichever server process claims it.
 */
export function createJobQueue(jobSql: SqlExecutor, log: FastifyBaseLogger, options: JobQueueOptions = {}) {
  const work = options.work ?? false;
  const boss = new PgBoss({ db: jobSql, schema: JOB_SCHEMA, migrate: false, supervise: work, schedule: work });
  boss.on('error', (error) => { log.error({ err: error }, 'job engine error'); });
  const handlers = new Map<string, JobHandler<never>>();
  /** Each handled queue's workers in this process (one per job it may run at once). */
  const workers = new Map<string, string[]>();
  const draining = new Map<string, Promise<number>>();
  let connected = false;
  /** The workers and schedules are running (a server process, after startWorking). */
  let working = false;
  const heartbeats = createProcessHeartbeats(jobSql);
  /** This process beats and records its runs (a working one, from startWorking until it stops). */
  let watched = false;
  let heartbeat: { stop(): Promise<void> } | null = null;
  let reaper: { stop(): Promise<void> } | null = null;

  async function perform(name: string, job: Job): Promise<void> {
    const handler = handlers.get(name);
    if (!handler) throw new Error(`no handler for the ${name} queue`);
    const attempt = job.retryCount + 1;
    const run: JobRun = { id: job.id, attempt, lastAttempt: attempt > job.retryLimit, interrupted: endedWith(job, STOPPED_MESSAGE) };
    // A process that does not beat (tests draining by hand) records nothing: the others would take it for dead.
    if (!watched) return handler(job.data as never, run);
    // Taken over (see recordRun): the reaper fails it, and this process failing it too changes nothing.
    if (!(await heartbeats.recordRun(name, job.id, job.retryCount))) throw new Error(TAKEN_OVER_MESSAGE);
    try {
      await handler(job.data as never, run);
    } finally {
      // A record left behind is harmless: once the job is no longer active, reaping it fails nothing.
      await heartbeats.forgetRun(job.id).catch((error: unknown) => { log.warn({ err: error, queue: name, jobId: job.id }, 'job run record not removed'); });
    }
  }

  /**
   * Fails jobs whose process stopped, as an attempt (a job that kills its process cannot loop
   * forever), and makes their retries due now rather than after the queue's backoff: nobody is
   * running them any more, so they resume within seconds.
   */
  async function failInterrupted(jobs: readonly OrphanedJob[]): Promise<number> {
    for (const job of jobs) {
      await boss.fail(job.name, job.id, { message: STOPPED_MESSAGE });
      await jobSql.executeSql(`update ${JOB_SCHEMA}.job set start_after = now() where name = $1 and id = $2 and state = 'retry'`, [job.name, job.id]);
    }
    return jobs.length;
  }

  /** Fails the jobs of processes whose heartbeat stopped (process-heartbeats.ts); resolves with how many. */
  async function reapDeadProcesses(): Promise<number> {
    const orphaned = await heartbeats.claimOrphanedJobs();
    if (orphaned.length === 0) return 0;
    log.warn({ jobs: orphaned.map((job) => `${job.name}/${job.id}`) }, 'jobs of a server process that stopped run again');
    const failed = await failInterrupted(orphaned);
    await heartbeats.releaseClaims(orphaned);
    return failed;
  }

  /** Claims and runs what is due in one queue, one job at a time, until none is left. */
  async function drainOnce(name: string, ignoreDelay: boolean): Promise<number> {
    // pg-boss fetches the jobs whose start_after is strictly before now(), and the embedded
    // database's clock moves by the millisecond: a job queued in the same millisecond as this
    // drain would be skipped (a request's kick, or a test's send then drain). Let it tick first.
    await new Promise((resolve) => setTimeout(resolve, 2));
    let done = 0;
    for (;;) {
      const [job] = await boss.fetch<unknown>(name, { batchSize: 1, includeMetadata: true, ignoreStartAfter: ignoreDelay });
      if (!job) return done;
      try {
        await perform(name, job);
        await boss.complete(name, job.id);
      } catch (error) {
        log.warn({ queue: name, jobId: job.id, attempt: job.retryCount + 1, err: error }, 'job failed');
        await boss.fail(name, job.id, { message: messageOf(error) });
      }
      done += 1;
    }
  }

  return {
    /** Registers what runs the queue's jobs (before `start`). */
    handle<T>(queue: QueueDefinition, handler: JobHandler<T>): void {
      handlers.set(queue.name, handler as JobHandler<never>);
    },

    /** Whether this server runs the queue's jobs (e-mail needs SMTP_URL). */
    handles: (name: string): boolean => handlers.has(name),

    /**
     * Connects (before any request: on the embedded database a statement outside an open
     * transaction would wait for it, so nothing may connect lazily inside one).
     */
    async connect(): Promise<void> {
      await boss.start();
      connected = true;
    },

    /** With `work`: a worker per handled queue, the cron schedules and the start-up runs. */
    async startWorking(): Promise<void> {
      if (!work) return;
      // Alive before the first job is claimed, so no run is ever recorded for a process without a heartbeat.
      await heartbeats.beat();
      watched = true;
      heartbeat = every(HEARTBEAT_MS, () => heartbeats.beat(), (error) => { log.warn({ err: error }, 'job heartbeat failed'); });
      reaper = every(REAP_EVERY_MS, reapDeadProcesses, (error) => { log.error({ err: error }, 'looking for stopped server processes failed'); });
      // A predecessor killed just now still looks alive: the reaper's later rounds catch it.
      await reapDeadProcesses();
      for (const queue of ALL_QUEUES) {
        if (!handlers.has(queue.name)) continue;
        // One job per worker: n workers run up to n of the queue's jobs at once, each claimed by one process only (SKIP LOCKED).
        const ids: string[] = [];
        for (let n = Math.max(1, options.concurrency?.[queue.name as QueueName] ?? 1); n > 0; n -= 1) {
          let id: string | null = null;
          id = await boss.work<unknown>(queue.name, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async ([job]) => {
            if (job) await perform(queue.name, job);
            // A worker waits out its polling interval after each job, even with more queued: a night's
            // 500 per-location jobs of a fraction of a second each took 2 s each (bench:fleet). Woken,
            // it looks for the next at once; when none is left, it waits as usual.
            if (id) boss.notifyWorker(id);
            // The job's output says which process ran it (the Jobs page, an operator reading the table).
            return { processId: heartbeats.processId };
          });
          ids.push(id);
        }
        workers.set(queue.name, ids);
        if (queue.cron) await boss.schedule(queue.name, queue.cron);
        if (queue.atStart) await boss.send(queue.name, {});
      }
      working = true;
    },

    /** Whether this process runs jobs now: readiness (GET /api/ready) waits for it. */
    isWorking: () => working,

    /**
     * Queues a job; with `tx` in that transaction (it runs only if the transaction commits).
     * A `key` makes it the only waiting job of that key in the queue.
     */
    async send(queue: QueueDefinition, data: object, at: { tx?: DbOrTx; key?: string } = {}): Promise<void> {
      await boss.send(queue.name, data, { ...(at.tx ? { db: drizzleExecutor(at.tx) } : {}), ...(at.key ? { singletonKey: at.key } : {}) });
    },

    /**
     * A schedule's round (issue 53): one job per location in a per-location queue, but none for a
     * location whose job still waits, retries or runs (a slow one is not queued twice, and its turn
     * never holds up the others'). Resolves with how many were queued.
     */
    async fanOut(queue: QueueDefinition, jobs: readonly LocationJob[]): Promise<number> {
      if (!queue.perLocation) throw new Error(`${queue.name} is not a per-location queue`);
      if (jobs.length === 0) return 0;
      const { rows } = await jobSql.executeSql(
        `select distinct singleton_key as key from ${JOB_SCHEMA}.job where name = $1 and state < 'completed' and singleton_key = any($2::text[])`,
        [queue.name, jobs.map((job) => job.key)],
      );
      const busy = new Set((rows as { key: string }[]).map((row) => row.key));
      const due = jobs.filter((job) => !busy.has(job.key));
      if (due.length > 0) await boss.insert(due.map((job) => ({ name: queue.name, data: job.data, singletonKey: job.key })));
      return due.length;
    },

    /** Runs the queue's due jobs in this process now (a request that just queued one wants it started). */
    drain(name: QueueName, drainOptions: { ignoreDelay?: boolean } = {}): Promise<number> {
      const running = draining.get(name);
      if (running) return running;
      const next = drainOnce(name, drainOptions.ignoreDelay ?? false).finally(() => draining.delete(name));
      draining.set(name, next);
      return next;
    },

    /** Starts a just-queued job at once: wakes this process's worker, or runs the queue here. */
    kick(name: QueueName): void {
      const queueWorkers = workers.get(name);
      if (queueWorkers) for (const worker of queueWorkers) boss.notifyWorker(worker);
      else void this.drain(name).catch((error: unknown) => { log.error({ err: error, queue: name }, 'job run failed'); });
    },

    /**
     * Embedded database only (one server process per data directory, a lock file makes sure): a
     * job still running at start was its killed predecessor's, recorded or not, and its heartbeat
     * need not be waited out. Failed now, it runs again at once instead of after it expires (an
     * import: 30 minutes). Resolves with how many.
     */
    async recoverAfterCrash(): Promise<number> {
      const claimed = await heartbeats.claimOrphanedJobs({ allOthers: true });
      const { rows } = await jobSql.executeSql(`select name, id from ${JOB_SCHEMA}.job where state = 'active'`, []);
      const failed = await failInterrupted(rows as OrphanedJob[]);
      await heartbeats.releaseClaims(claimed);
      return failed;
    },

    /**
     * Fails the jobs of server processes whose heartbeat stopped, to run again now; every working
     * process does it every REAP_EVERY_MS. Resolves with how many.
     */
    reapDeadProcesses,

    /** Sends a failed or cancelled job back to the queue (the admin's Retry). */
    async retry(name: string, id: string): Promise<void> {
      await boss.retry(name, id);
    },

    /** Stops; a job running is given `graceMs` to finish its step, then failed (and so retried). */
    async stop(graceMs = 10_000): Promise<void> {
      if (!connected) return;
      connected = false;
      working = false;
      await reaper?.stop();
      // Jobs still running are failed and so retried by another process (or this one's next start),
      // after their backoff: a handler cut off here may still write until the process exits.
      await boss.stop({ graceful: work, close: false, timeout: Math.max(1, graceMs), wait: true });
      // Beating until then: a grace longer than DEAD_AFTER_SECONDS must not have the jobs taken over.
      await heartbeat?.stop();
      if (watched) await heartbeats.unregister().catch((error: unknown) => { log.warn({ err: error }, 'job heartbeat not removed'); });
      watched = false;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

/** Whether the job's previous attempt was failed with `message` (pg-boss keeps it as the job's output until the next end). */
function endedWith(job: Job, message: string): boolean {
  return (job.output as { message?: unknown } | null | undefined)?.message === message;
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
