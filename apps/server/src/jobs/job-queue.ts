import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client';
import { drizzleExecutor, type SqlExecutor } from '../db/sql-executor';
import { ALL_QUEUES, JOB_SCHEMA, type QueueDefinition, type QueueName } from './queues';

/** What a handler learns of its run: the attempt (1 for the first) and whether it is the last. */
export interface JobRun {
  id: string;
  attempt: number;
  lastAttempt: boolean;
}

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
   * The server process: poll the queues, run the cron schedules and expire jobs whose process died
   * (then retried). Tests leave it off and run jobs with `drain`.
   */
  work?: boolean;
  pollingIntervalSeconds?: number;
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
  const workers = new Map<string, string>();
  const draining = new Map<string, Promise<number>>();
  let connected = false;
  /** The workers and schedules are running (a server process, after startWorking). */
  let working = false;

  async function perform(name: string, job: Job): Promise<void> {
    const handler = handlers.get(name);
    if (!handler) throw new Error(`no handler for the ${name} queue`);
    const attempt = job.retryCount + 1;
    await handler(job.data as never, { id: job.id, attempt, lastAttempt: attempt > job.retryLimit });
  }

  /** Claims and runs what is due in one queue, one job at a time, until none is left. */
  async function drainOnce(name: string, ignoreDelay: boolean): Promise<number> {
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
      for (const queue of ALL_QUEUES) {
        if (!handlers.has(queue.name)) continue;
        const id = await boss.work<unknown>(queue.name, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async ([job]) => {
          if (job) await perform(queue.name, job);
        });
        workers.set(queue.name, id);
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
      const worker = workers.get(name);
      if (worker) boss.notifyWorker(worker);
      else void this.drain(name).catch((error: unknown) => { log.error({ err: error, queue: name }, 'job run failed'); });
    },

    /**
     * Embedded database only (one server process per data directory, a lock file makes sure): a
     * job still running at start was its killed predecessor's. Failing it now lets it be retried
     * after its backoff instead of after it expires (an import: 30 minutes). Resolves with how many.
     */
    async recoverAfterCrash(): Promise<number> {
      const { rows } = await jobSql.executeSql(`select name, id from ${JOB_SCHEMA}.job where state = 'active'`, []);
      const active = rows as { name: string; id: string }[];
      for (const job of active) await boss.fail(job.name, job.id, { message: 'The server stopped while this job ran' });
      return active.length;
    },

    /** Sends a failed or cancelled job back to the queue (the admin's Retry). */
    async retry(name: string, id: string): Promise<void> {
      await boss.retry(name, id);
    },

    /** Stops; a job running is given `graceMs` to finish its step, then failed (and so retried). */
    async stop(graceMs = 10_000): Promise<void> {
      if (!connected) return;
      connected = false;
      working = false;
      // Jobs still running are failed and so retried by another process (or this one's next start).
      await boss.stop({ graceful: work, close: false, timeout: Math.max(1, graceMs), wait: true });
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
