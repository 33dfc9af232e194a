import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/setup/test-app';
import { queryRows } from '../../test/setup/sql';
import { STOPPED_MESSAGE, createJobQueue, type JobQueue, type JobRun } from './job-queue';
import { ALL_QUEUES, QUEUES } from './queues';

/**
 * The job engine is pg-boss on the app's own database, on both drivers: the default suite runs it
 * on the embedded database (PGlite, through Database.jobSql), the second run on PostgreSQL.
 */
let t: TestApp;
const extraQueues: JobQueue[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const queue of extraQueues) await queue.stop();
  await t.close();
});

/** Another server process's engine on the same database. */
async function anotherProcess(options: { work?: boolean; pollingIntervalSeconds?: number } = {}): Promise<JobQueue> {
  const queue = createJobQueue(t.jobSql, t.app.log, options);
  extraQueues.push(queue);
  await queue.connect();
  return queue;
}

const jobsIn = async (name: string) => queryRows<{ state: string; n: number }>(t.db, sql`select state::text as state, count(*)::int as n from pgboss.job where name = ${name} group by state order by state`);

it('has its tables and every queue with its retry settings once the database is migrated', async () => {
  const queues = await queryRows<{ name: string; retry_limit: number; retry_backoff: boolean; policy: string }>(t.db, sql`select name, retry_limit, retry_backoff, policy from pgboss.queue order by name`);
  for (const queue of ALL_QUEUES) {
    expect(queues.find((q) => q.name === queue.name)).toMatchObject({ retry_limit: queue.options.retryLimit, policy: queue.options.policy });
  }
  expect(queues.find((q) => q.name === 'email')?.retry_backoff).toBe(true);
});

it('runs a queued job once, whichever of two processes drains first', async () => {
  const ran = new Map<string, number>();
  const handler = async ({ n }: { n: number }) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    ran.set(String(n), (ran.get(String(n)) ?? 0) + 1);
  };
  const other = await anotherProcess();
  t.jobs.handle(QUEUES.vendorOrders, handler);
  other.handle(QUEUES.vendorOrders, handler);
  for (let n = 0; n < 20; n += 1) await t.jobs.send(QUEUES.vendorOrders, { n }, { key: `n${String(n)}` });
  const [here, there] = await Promise.all([t.jobs.drain('vendor-orders'), other.drain('vendor-orders')]);
  expect(here + there).toBe(20);
  expect([...ran.values()].every((times) => times === 1)).toBe(true);
  expect(ran.size).toBe(20);
});

it('runs a job queued the moment before the drain (the embedded database\'s clock moves by the millisecond)', async () => {
  let ran = 0;
  t.jobs.handle(QUEUES.trialReminders, async () => { ran += 1; });
  for (let n = 0; n < 30; n += 1) {
    await t.jobs.send(QUEUES.trialReminders, { n });
    expect(await t.jobs.drain(QUEUES.trialReminders.name)).toBe(1);
  }
  expect(ran).toBe(30);
});

it('retries a failing job with growing delays and tells the handler its last attempt', async () => {
  const runs: JobRun[] = [];
  t.jobs.handle(QUEUES.productImport, async (_data, run) => {
    runs.push(run);
    throw new Error('the file server is down');
  });
  await t.db.transaction((tx) => t.jobs.send(QUEUES.productImport, { importId: 'not-a-real-import' }, { tx }));
  expect(await t.jobs.drain('product-import')).toBe(1);
  const [waiting] = await queryRows<{ state: string; wait_s: number; error: string }>(
    t.db,
    sql`select state::text as state, extract(epoch from start_after - now())::float as wait_s, output->>'message' as error from pgboss.job where name = 'product-import' order by created_on desc limit 1`,
  );
  // 30 s doubled, with up to as much again of jitter.
  expect(waiting).toMatchObject({ state: 'retry', error: 'the file server is down' });
  expect(waiting!.wait_s).toBeGreaterThan(25);
  expect(waiting!.wait_s).toBeLessThan(65);
  expect(await t.jobs.drain('product-import', { ignoreDelay: true })).toBe(2);
  expect(runs.map((r) => [r.attempt, r.lastAttempt])).toEqual([[1, false], [2, false], [3, true]]);
  expect(await jobsIn('product-import')).toEqual([{ state: 'failed', n: 1 }]);
});

it('queues nothing when the transaction rolls back', async () => {
  const before = await jobsIn('trial-reminders');
  await expect(
    t.db.transaction(async (tx) => {
      await t.jobs.send(QUEUES.trialReminders, {}, { tx });
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(await jobsIn('trial-reminders')).toEqual(before);
});

it('a working process polls its queues, runs the start-up jobs and keeps the cron schedules', async () => {
  const worker = await anotherProcess({ work: true, pollingIntervalSeconds: 0.5 });
  const swept: string[] = [];
  const scanned: string[] = [];
  const recordedFor: string[] = [];
  worker.handle(QUEUES.uploadSweep, async (_data, run) => {
    swept.push(run.id);
    // While a job runs, the process running it is on record (for the others to notice if it dies).
    recordedFor.push(...(await queryRows<{ process_id: string }>(t.db, sql`select process_id from job_runs where job_id = ${run.id}`)).map((r) => r.process_id));
  });
  worker.handle(QUEUES.alertScan, async (_data, run) => { scanned.push(run.id); });
  await worker.startWorking();
  const heartbeats = async () => queryRows<{ id: string }>(t.db, sql`select id from job_processes`);
  const [beating, ...more] = await heartbeats();
  expect(more).toEqual([]);
  // The start-up runs of the scheduled queues it handles, picked up by its workers.
  await expect.poll(() => swept.length + scanned.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
  // Work queued anywhere (here: outside any worker) is picked up by polling.
  await t.jobs.send(QUEUES.uploadSweep, {});
  await expect.poll(() => swept.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
  const schedules = await queryRows<{ name: string; cron: string }>(t.db, sql`select name, cron from pgboss.schedule order by name`);
  expect(schedules).toEqual(expect.arrayContaining([{ name: 'alert-scan', cron: QUEUES.alertScan.cron }, { name: 'upload-sweep', cron: QUEUES.uploadSweep.cron }]));
  expect(recordedFor).toEqual(swept.map(() => beating!.id));
  await worker.stop();
  // Done and stopped: no run on record, no heartbeat left to go stale.
  expect(await queryRows(t.db, sql`select job_id from job_runs`)).toEqual([]);
  expect(await heartbeats()).toEqual([]);
});

it('a worker that finished a job takes the next one queued at once, not after its polling interval', async () => {
  // A long interval: waiting it out between jobs (pg-boss's own loop) would show as gaps of seconds.
  const worker = await anotherProcess({ work: true, pollingIntervalSeconds: 10 });
  const runs: { start: number; end: number }[] = [];
  worker.handle(QUEUES.reorderForecastLocation, async () => {
    const start = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
    runs.push({ start, end: Date.now() });
  });
  await worker.startWorking();
  await t.jobs.fanOut(QUEUES.reorderForecastLocation, ['a', 'b', 'c', 'd'].map((key) => ({ key, data: { companyId: key } })));
  // As a request that just queued work does: the worker is woken for the first one.
  worker.kick(QUEUES.reorderForecastLocation.name);
  await expect.poll(() => runs.length, { timeout: 60_000 }).toBe(4);
  await worker.stop();
  const gaps = runs.slice(1).map((run, i) => run.start - runs[i]!.end);
  // One worker runs them one after another, each straight after the one before (a fetch apart).
  // Half the interval: a slow machine's fetch never takes that long; a wait for the interval always does.
  expect(Math.max(...gaps), `gaps between jobs: ${gaps.join(', ')} ms`).toBeLessThan(5_000);
});

it('after a crash of the only process (embedded database), retries the jobs it was running', async () => {
  await t.jobs.send(QUEUES.productImport, { importId: 'cut-by-a-crash' });
  // As a killed process leaves it: claimed and running, with nobody to finish it.
  await t.db.execute(sql`update pgboss.job set state = 'active', started_on = now() where name = 'product-import' and data->>'importId' = 'cut-by-a-crash'`);
  expect(await t.jobs.recoverAfterCrash()).toBe(1);
  const [job] = await queryRows<{ state: string; error: string }>(t.db, sql`select state::text as state, output->>'message' as error from pgboss.job where data->>'importId' = 'cut-by-a-crash'`);
  expect(job).toEqual({ state: 'retry', error: STOPPED_MESSAGE });
  const resumed: [string, boolean][] = [];
  t.jobs.handle(QUEUES.productImport, async (data: { importId: string }, run) => { resumed.push([data.importId, run.interrupted]); });
  // Due at once (nobody runs it any more), not after the queue's backoff; told it was cut off.
  await t.jobs.drain('product-import');
  expect(resumed).toEqual([['cut-by-a-crash', true]]);
});

it('fails the jobs of a process whose heartbeat stopped, to run again at once, and leaves a live one\'s alone', async () => {
  await t.db.execute(sql`insert into job_processes (id, seen_at) values ('killed-a-minute-ago', now() - interval '1 minute'), ('beating', now())`);
  await t.jobs.send(QUEUES.caseNotes, { jobId: 'cut-by-a-kill' });
  await t.jobs.send(QUEUES.caseNotes, { jobId: 'still-running' });
  // As the two processes left them: claimed, running, each on record for its process.
  await t.db.execute(sql`update pgboss.job set state = 'active', started_on = now() where name = 'case-notes'`);
  await t.db.execute(sql`
    insert into job_runs (job_id, queue, process_id, attempt)
    select id, name, case data->>'jobId' when 'cut-by-a-kill' then 'killed-a-minute-ago' else 'beating' end, retry_count from pgboss.job where name = 'case-notes'`);
  // Two processes reaping at once fail it once.
  const other = await anotherProcess();
  const reaped = await Promise.all([t.jobs.reapDeadProcesses(), other.reapDeadProcesses()]);
  expect(reaped[0] + reaped[1]).toBe(1);
  const jobs = await queryRows<{ job: string; state: string; due: boolean; error: string | null }>(
    t.db,
    sql`select data->>'jobId' as job, state::text as state, start_after <= now() as due, output->>'message' as error from pgboss.job where name = 'case-notes' order by job`,
  );
  // Due now, not after the queue's 30 s backoff; the live process's job untouched.
  expect(jobs).toEqual([
    { job: 'cut-by-a-kill', state: 'retry', due: true, error: STOPPED_MESSAGE },
    { job: 'still-running', state: 'active', due: true, error: null },
  ]);
  expect(await queryRows(t.db, sql`select process_id from job_runs`)).toEqual([{ process_id: 'beating' }]);
  expect(await queryRows(t.db, sql`select id from job_processes`)).toEqual([{ id: 'beating' }]);

  const runs: [string, JobRun][] = [];
  t.jobs.handle(QUEUES.caseNotes, async (data: { jobId: string }, run) => { runs.push([data.jobId, run]); });
  expect(await t.jobs.drain('case-notes')).toBe(1);
  expect(runs).toEqual([['cut-by-a-kill', expect.objectContaining({ attempt: 2, interrupted: true })]]);

  // Tidy: the live process finishes its job and stops.
  await t.db.execute(sql`update pgboss.job set state = 'completed', completed_on = now() where name = 'case-notes' and state = 'active'`);
  await t.db.execute(sql`delete from job_runs`);
  await t.db.execute(sql`delete from job_processes`);
});

it('fails a job claimed by a process killed before it recorded the run, and the slow claimer finds it taken', async () => {
  await t.jobs.send(QUEUES.caseNotes, { jobId: 'claimed-then-killed' });
  await t.jobs.send(QUEUES.caseNotes, { jobId: 'just-claimed' });
  // As pg-boss's fetch leaves them: active, on nobody's record; one 40 s ago, one now.
  await t.db.execute(sql`
    update pgboss.job set state = 'active', started_on = now() - case data->>'jobId' when 'claimed-then-killed' then interval '40 seconds' else interval '0' end
     where name = 'case-notes' and data->>'jobId' in ('claimed-then-killed', 'just-claimed')`);
  const other = await anotherProcess();
  const reaped = await Promise.all([t.jobs.reapDeadProcesses(), other.reapDeadProcesses()]);
  // Once, by one of the two; the job claimed a moment ago is left to its claimer.
  expect(reaped[0] + reaped[1]).toBe(1);
  const jobs = await queryRows<{ job: string; state: string; due: boolean; error: string | null }>(
    t.db,
    sql`select data->>'jobId' as job, state::text as state, start_after <= now() as due, output->>'message' as error from pgboss.job
          where name = 'case-notes' and data->>'jobId' in ('claimed-then-killed', 'just-claimed') order by job`,
  );
  expect(jobs).toEqual([
    { job: 'claimed-then-killed', state: 'retry', due: true, error: STOPPED_MESSAGE },
    { job: 'just-claimed', state: 'active', due: true, error: null },
  ]);
  // The reaper's claim is released once the job is failed: its next run records itself.
  expect(await queryRows(t.db, sql`select job_id from job_runs`)).toEqual([]);

  const runs: string[] = [];
  t.jobs.handle(QUEUES.caseNotes, async (data: { jobId: string }) => { runs.push(data.jobId); });
  expect(await t.jobs.drain('case-notes')).toBe(1);
  expect(runs).toEqual(['claimed-then-killed']);
  await t.db.execute(sql`update pgboss.job set state = 'completed', completed_on = now() where name = 'case-notes' and state = 'active'`);
});

it('records a run only while the job is its claimer\'s: not once a reaper took it, nor once it ended', async () => {
  const { createProcessHeartbeats } = await import('./process-heartbeats');
  const slow = createProcessHeartbeats(t.jobSql);
  await t.jobs.send(QUEUES.caseNotes, { jobId: 'slow-to-record' });
  const [job] = await queryRows<{ id: string }>(t.db, sql`
    update pgboss.job set state = 'active', started_on = now() - interval '40 seconds' where name = 'case-notes' and data->>'jobId' = 'slow-to-record' returning id`);
  // A run of the same attempt on record (a reaper's claim): the slow claimer must not run it.
  await t.db.execute(sql`insert into job_runs (job_id, queue, process_id, attempt) values (${job!.id}, 'case-notes', 'a-reaper', 0)`);
  expect(await slow.recordRun('case-notes', job!.id, 0)).toBe(false);
  // An earlier attempt's run, left by a dead process, is replaced.
  await t.db.execute(sql`update pgboss.job set retry_count = 1 where id = ${job!.id}`);
  expect(await slow.recordRun('case-notes', job!.id, 1)).toBe(true);
  expect(await queryRows(t.db, sql`select process_id, attempt from job_runs`)).toEqual([{ process_id: slow.processId, attempt: 1 }]);
  // A job no longer active (failed by a reaper and waiting to retry) is nobody's to record.
  await t.db.execute(sql`delete from job_runs`);
  await t.db.execute(sql`update pgboss.job set state = 'retry' where id = ${job!.id}`);
  expect(await slow.recordRun('case-notes', job!.id, 1)).toBe(false);
  await t.db.execute(sql`update pgboss.job set state = 'completed', completed_on = now() where id = ${job!.id}`);
});
