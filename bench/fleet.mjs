// A fleet of clinics' background work (issue 53) on PostgreSQL: the demo organization grown to
// BENCH_LOCATIONS (500) locations with 90 days of receipts, visits and manual use each (bulk SQL,
// bench/lib/fleet-data.mjs), BENCH_CONNECTED (300) of them connected to one Open Dental stand-in on
// 127.0.0.1 (apps/server/test/fixtures/open-dental-stand-in.ts) that keeps the free tier's throttle:
// one request per BENCH_FLEET_PACE_MS (5,000) per customer key, a request sooner refused with 429.
// With 1, then 2 built server processes (BENCH_PROCESSES, "1,2"; run `npm run build` first), each on a
// fresh copy of the loaded database, it reports:
// - the practice sync: the time from the processes' start until every practice has been read once
//   (a run ended well: pms_connections.last_success_at), and the longest gap between two requests
//   with one practice's key over the window (BENCH_FLEET_WINDOW seconds from the start, 900);
// - a whole night of forecasts and drafts for every location: tonight's record of nights done
//   (location_job_days) emptied and the hourly schedule's job queued, timed until the last location's
//   job has ended, the sync going on meanwhile;
// - with BENCH_FLEET_KILL processes (2; 0: none), a second night during which the first process is
//   killed with SIGKILL once half the locations are done and started again: the locations done
//   before are not done again (their done_at unchanged), and the time the rest took after the restart;
// - after the last configuration, the job engine's tables with a week of the fleet's jobs written
//   into them as the engine leaves them, before and after its maintenance archives and purges;
// - each process's memory (VmRSS from /proc), and the load average with each figure.
// Targets (issue 53): every practice read at least every 10 minutes with 300 on one process, never a
// gap of twice the 5-minute interval; a night for 500 locations within 10 minutes on one process and
// about half that on two; after a kill, the rest within a minute of the restart.
// BENCH_USAGE_ROWS (600,000) sets the ledger rows in all. The JOBS_*_CONCURRENCY settings, if set,
// reach the servers. BENCH_DATABASE_URL names the PostgreSQL server (default
// postgres://postgres@127.0.0.1:5432/postgres); scratch databases clinic_bench_fleet_base (the loaded
// fleet) and clinic_bench_fleet (its copy per configuration) are created on it and dropped at the end
// (BENCH_KEEP=1 keeps them). Runs through tsx: it uses the server's own secret box and job queue.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { createJobQueue } from '../apps/server/src/jobs/job-queue.ts';
import { QUEUES } from '../apps/server/src/jobs/queues.ts';
import { startOpenDentalStandIn } from '../apps/server/test/fixtures/open-dental-stand-in.ts';
import { loadDashboardData } from './lib/dashboard-data.mjs';
import { connectPractices, fillPractice, markNightDone, NIGHT_QUEUE } from './lib/fleet-data.mjs';
import { jobsPerDay, jobTablesSize, writeWeek } from './lib/job-tables.mjs';
import { ADMIN_URL, databaseUrl, dropDatabase, freshDatabase, percentile, startServer } from './lib/server.mjs';

const LOCATIONS = Number(process.env.BENCH_LOCATIONS ?? 500);
const CONNECTED = Number(process.env.BENCH_CONNECTED ?? 300);
const USAGE_ROWS = Number(process.env.BENCH_USAGE_ROWS ?? 600_000);
const PACE_MS = Number(process.env.BENCH_FLEET_PACE_MS ?? 5_000);
/** A request sent on its turn may arrive a little late and the next one on time: allowed this much early. */
const PACE_TOLERANCE_MS = Number(process.env.BENCH_FLEET_PACE_TOLERANCE_MS ?? 1_000);
const WINDOW_S = Number(process.env.BENCH_FLEET_WINDOW ?? 900);
const PROCESS_COUNTS = (process.env.BENCH_PROCESSES ?? '1,2').split(',').map(Number);
const KILL_WITH = Number(process.env.BENCH_FLEET_KILL ?? 2);
/** The share of the night's locations done when the process is killed. */
const KILL_AT = Number(process.env.BENCH_FLEET_KILL_AT ?? 0.5);
const SYNC_INTERVAL_S = 300;
const BASE = 'clinic_bench_fleet_base';
const DB = 'clinic_bench_fleet';
const OWNER = 'owner@brightsmile.demo';
const BASE_PORT = 4600 + Math.floor(Math.random() * 150);
let nextPort = BASE_PORT;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const silent = { level: 'silent', fatal() {}, error() {}, warn() {}, info() {}, debug() {}, trace() {}, silent() {}, child: () => silent };

/** A process's resident memory now (VmRSS, bytes; Linux only, null elsewhere). */
function rss(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** Each server's memory, sampled as the phases go: the highest per phase, per process. */
function memoryLog() {
  const highest = new Map();
  return {
    sample(phase, servers) {
      servers.forEach((server, i) => {
        const bytes = rss(server.pid);
        const key = `${phase}|process ${i + 1}`;
        if (bytes !== null) highest.set(key, Math.max(highest.get(key) ?? 0, bytes));
      });
    },
    report() {
      for (const [key, bytes] of highest) console.log(`  memory, ${key.replace('|', ', ')}: highest VmRSS ${mb(bytes)}`);
    },
  };
}

const ENV = {
  // The one thing development changes in the server: the Open Dental connector may send keys over plain
  // http to this computer (the stand-in), which production refuses (open-dental-client.ts, checkAddress).
  NODE_ENV: 'development',
  OUTBOUND_ALLOWED_NETWORKS: '127.0.0.1',
  PMS_SECRET_KEY: randomBytes(32).toString('base64'),
  OPEN_DENTAL_MIN_INTERVAL_MS: String(PACE_MS),
};
const start = (url) => startServer(url, nextPort++, ENV);

/** The server's own job queue, only to queue a job as the cron would (no worker). */
async function queueJob(url, queue) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const jobs = createJobQueue({ executeSql: (text, values) => pool.query(text, values) }, silent);
  try {
    await jobs.connect();
    await jobs.send(queue, {});
  } finally {
    await jobs.stop();
    await pool.end();
  }
}

/** CREATE DATABASE … TEMPLATE: each configuration starts from the same loaded fleet. */
async function copyOfBase() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB} TEMPLATE ${BASE}`);
  await admin.end();
  return databaseUrl(DB);
}

/** The longest time any practice went without a request, from its first to the window's end. */
function longestGaps(requests, windowEnd) {
  const byKey = new Map();
  for (const r of requests) {
    if (!r.customerKey || r.at > windowEnd) continue;
    if (!byKey.has(r.customerKey)) byKey.set(r.customerKey, []);
    byKey.get(r.customerKey).push(r.at);
  }
  const gaps = [...byKey.values()].map((arrivals) => {
    arrivals.sort((a, b) => a - b);
    let longest = windowEnd - arrivals.at(-1);
    for (let i = 1; i < arrivals.length; i += 1) longest = Math.max(longest, arrivals[i] - arrivals[i - 1]);
    return longest;
  });
  return { practices: byKey.size, longest: Math.max(0, ...gaps), p95: gaps.length ? percentile(gaps, 95) : 0, over: gaps.filter((g) => g > 2 * SYNC_INTERVAL_S * 1000).length };
}

/** The sync over the window: first read of every practice, then the gaps. */
async function measureSync(client, standIn, servers, memory, startedAt) {
  const windowEnd = startedAt + WINDOW_S * 1000;
  let allRead = null;
  let lastLog = 0;
  while (Date.now() < windowEnd) {
    memory.sample('sync', servers);
    if (allRead === null) {
      const { rows: [row] } = await client.query('select count(*) filter (where last_success_at is not null)::int as read from pms_connections where enabled');
      if (row.read >= CONNECTED) allRead = Date.now() - startedAt;
      if (Date.now() - lastLog > 60_000) {
        console.log(`  ${seconds(Date.now() - startedAt)}: ${row.read} of ${CONNECTED} practices read once (load ${load()})`);
        lastLog = Date.now();
      }
    }
    await sleep(Math.min(5_000, Math.max(0, windowEnd - Date.now())));
  }
  const gaps = longestGaps(standIn.requests, windowEnd);
  const { rows: [runs] } = await client.query(
    `select count(*) filter (where state = 'completed')::int as completed, count(*) filter (where state = 'failed')::int as failed,
            count(*) filter (where retry_count > 0)::int as retried,
            (select count(*)::int from pms_connections where last_error is not null) as in_error
       from pgboss.job where name = 'pms-sync-location'`,
  );
  console.log(`  sync: every practice read once ${allRead === null ? `NOT within the ${WINDOW_S} s window` : `${seconds(allRead)} after the start`}`);
  console.log(`  sync: longest gap between two requests of a practice over ${seconds(WINDOW_S * 1000)}: ${minutes(gaps.longest)} (p95 of each practice's longest ${minutes(gaps.p95)}; ${gaps.over} practices over ${SYNC_INTERVAL_S * 2 / 60} min; ${gaps.practices} practices asked)`);
  console.log(`  sync: ${runs.completed} runs completed, ${runs.failed} failed, ${runs.retried} retried; ${runs.in_error} practices in error; ${standIn.tooSoon} requests refused by the stand-in's throttle; load ${load()}`);
  return { allRead, longest: gaps.longest };
}

/**
 * Empties tonight's record, queues the schedule's job and waits until every location's job of the
 * night has ended. `during` is called every second with the count done (the kill).
 */
async function night(client, servers, memory, during = async () => {}) {
  await client.query('delete from location_job_days where queue = $1', [NIGHT_QUEUE]);
  const { rows: [{ at: startedAt }] } = await client.query('select now() as at');
  await queueJob(databaseUrl(DB), QUEUES.reorderForecast);
  for (;;) {
    memory.sample('night', servers());
    const { rows: [row] } = await client.query(
      `select count(*)::int as queued, count(*) filter (where state < 'completed')::int as open, count(*) filter (where state = 'failed')::int as failed,
              count(*) filter (where retry_count > 0)::int as retried, max(completed_on) as last,
              percentile_cont(0.5) within group (order by extract(epoch from completed_on - started_on)) filter (where state = 'completed') as p50,
              percentile_cont(0.95) within group (order by extract(epoch from completed_on - started_on)) filter (where state = 'completed') as p95,
              (select count(*)::int from location_job_days where queue = $2) as done
         from pgboss.job where name = $2 and created_on >= $1`,
      [startedAt, NIGHT_QUEUE],
    );
    if (row.queued > 0 && row.open === 0) return { ...row, ms: row.last - startedAt, startedAt };
    await during(row);
    await sleep(1_000);
  }
}

async function measureNight(client, servers, memory, processes) {
  const result = await night(client, () => servers, memory);
  console.log(`  night: ${result.queued} locations' forecasts and drafts in ${minutes(result.ms)} on ${processes} process${processes > 1 ? 'es' : ''} (a location p50 ${Number(result.p50).toFixed(1)} s, p95 ${Number(result.p95).toFixed(1)} s; ${result.failed} failed, ${result.retried} retried; load ${load()})`);
  return result;
}

/** The second night, killed half way with SIGKILL (the first process) and started again. */
async function killedNight(client, servers, memory) {
  let killed = null;
  const result = await night(client, () => servers, memory, async (row) => {
    if (killed || row.queued === 0 || row.done < row.queued * KILL_AT) return;
    const { rows: before } = await client.query('select company_id, done_at from location_job_days where queue = $1', [NIGHT_QUEUE]);
    await servers[0].kill();
    const killedAt = Date.now();
    // The jobs running at the kill, read after it: one process 1 claimed in its last moment counts too.
    const { rows: running } = await client.query(`select id from pgboss.job where name = $1 and state = 'active'`, [NIGHT_QUEUE]);
    console.log(`  kill -9 of process 1 with ${before.length} of ${row.queued} locations done and ${running.length} running in all processes`);
    servers[0] = await start(databaseUrl(DB));
    killed = { before, killedAt, restartedAt: Date.now(), running: running.map((r) => r.id) };
  });
  const { rows: after } = await client.query('select company_id, done_at from location_job_days where queue = $1', [NIGHT_QUEUE]);
  const doneAt = new Map(after.map((r) => [r.company_id, r.done_at.getTime()]));
  const redone = killed.before.filter((r) => doneAt.get(r.company_id) !== r.done_at.getTime()).length;
  const lastAt = Math.max(...doneAt.values());
  // When the interrupted jobs ended (those that ran on in the other process too).
  const { rows: [interrupted] } = await client.query(`select max(completed_on) as last, count(*) filter (where retry_count > 0)::int as retried from pgboss.job where id = any($1::uuid[])`, [killed.running]);
  const interruptedMs = interrupted.last ? interrupted.last.getTime() - killed.restartedAt : 0;
  console.log(`  killed night: restarted ${seconds(killed.restartedAt - killed.killedAt)} after the kill; ${redone} of the ${killed.before.length} locations done before it done again; the ${killed.running.length} running at the kill ended ${seconds(interruptedMs)} after the restart (${interrupted.retried} of them retried); the other ${result.queued - killed.before.length} done ${seconds(lastAt - killed.restartedAt)} after the restart (${result.failed} failed, ${result.retried} retried; load ${load()})`);
  return { redone, afterRestart: lastAt - killed.restartedAt, interruptedMs };
}

/** A week of the fleet's jobs in the engine's tables, then its maintenance (every 2 minutes). */
async function simulatedWeek(client) {
  const before = await jobTablesSize(client);
  const written = await writeWeek(client, jobsPerDay({ locations: LOCATIONS, connected: CONNECTED }));
  const full = await jobTablesSize(client);
  console.log(`job tables: ${before.job_rows} + ${before.archive_rows} rows (${mb(before.job_bytes + before.archive_bytes)}) after the run; with a simulated week (${written} jobs): ${full.job_rows} + ${full.archive_rows} rows, ${mb(full.job_bytes + full.archive_bytes)}`);
  const deadline = Date.now() + 300_000;
  for (;;) {
    const { rows: [left] } = await client.query(
      `select (select count(*)::int from pgboss.archive where archived_on < now() - interval '7 days') as to_purge,
              -- Rows crossing the 12 hours meanwhile wait for the next round (every 2 minutes): not counted.
              (select count(*)::int from pgboss.job where state = 'completed' and completed_on < now() - interval '12 hours 3 minutes') as to_archive`,
    );
    if (left.to_purge === 0 && left.to_archive === 0) break;
    if (Date.now() > deadline) {
      console.log(`job tables: maintenance did not run within 5 minutes (${left.to_purge} archived rows to purge, ${left.to_archive} completed jobs to archive)`);
      break;
    }
    await sleep(5_000);
  }
  await client.query('vacuum analyze pgboss.job, pgboss.archive');
  const after = await jobTablesSize(client);
  console.log(`job tables after the engine's maintenance (archive after 12 h, purge after 7 days): pgboss.job ${after.job_rows} rows ${mb(after.job_bytes)}, pgboss.archive ${after.archive_rows} rows ${mb(after.archive_bytes)}; ${mb(after.job_bytes + after.archive_bytes)} in all (load ${load()})`);
  return after;
}

const standIn = await startOpenDentalStandIn();
standIn.pace = { intervalMs: PACE_MS, toleranceMs: PACE_TOLERANCE_MS };
fillPractice(standIn);
const summary = [];
try {
  // The fleet, loaded once: migrations and the demo seed by a first start, then the bulk data.
  console.log(`fleet: ${LOCATIONS} locations, ${CONNECTED} connected, ${USAGE_ROWS} ledger rows over 90 days; pace ${PACE_MS} ms per key; window ${WINDOW_S} s (load ${load()})`);
  const baseUrl = await freshDatabase(BASE);
  await (await start(baseUrl)).stop();
  const loading = performance.now();
  const written = await loadDashboardData(baseUrl, { ownerEmail: OWNER, locations: LOCATIONS, usageRows: USAGE_ROWS, days: 90 });
  const connected = await connectPractices(baseUrl, { ownerEmail: OWNER, connected: CONNECTED, standIn, secretKey: ENV.PMS_SECRET_KEY });
  {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await markNightDone(client);
    await client.end();
  }
  console.log(`loaded in ${seconds(performance.now() - loading)}: ${JSON.stringify({ ...written, connected })}`);

  for (const processes of PROCESS_COUNTS) {
    const url = await copyOfBase();
    standIn.requests.length = 0;
    standIn.tooSoon = 0;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const memory = memoryLog();
    const startedAt = Date.now();
    const servers = await Promise.all(Array.from({ length: processes }, () => start(url)));
    console.log(`${processes} process${processes > 1 ? 'es' : ''}: up ${seconds(Date.now() - startedAt)} after the start (load ${load()})`);
    memory.sample('up', servers);
    try {
      const sync = await measureSync(client, standIn, servers, memory, startedAt);
      const nightRun = await measureNight(client, servers, memory, processes);
      const kill = processes === KILL_WITH ? await killedNight(client, servers, memory) : null;
      summary.push({ processes, sync, nightMs: nightRun.ms, kill });
      if (processes === PROCESS_COUNTS.at(-1)) {
        await simulatedWeek(client);
        memory.sample('after the week', servers);
      }
      memory.report();
    } finally {
      await client.end();
      await Promise.all(servers.map((server) => server.stop()));
    }
  }
} finally {
  await standIn.close();
  if (!process.env.BENCH_KEEP) {
    await dropDatabase(DB);
    await dropDatabase(BASE);
  }
}

const one = summary.find((s) => s.processes === 1);
const two = summary.find((s) => s.processes === 2);
const checks = [];
if (one) {
  checks.push([`every practice read within 10 min on one process (${one.sync.allRead === null ? 'not in the window' : minutes(one.sync.allRead)})`, one.sync.allRead !== null && one.sync.allRead <= 600_000]);
  checks.push([`no gap over ${SYNC_INTERVAL_S * 2 / 60} min on one process (${minutes(one.sync.longest)})`, one.sync.longest <= 2 * SYNC_INTERVAL_S * 1000]);
  checks.push([`a night within 10 min on one process (${minutes(one.nightMs)})`, one.nightMs <= 600_000]);
}
if (one && two) checks.push([`about half on two (${minutes(two.nightMs)}, ${((100 * two.nightMs) / one.nightMs).toFixed(0)}% of one)`, two.nightMs <= one.nightMs * 0.6]);
for (const s of summary.filter((x) => x.kill)) {
  checks.push([`after a kill, no location done again (${s.kill.redone})`, s.kill.redone === 0]);
  checks.push([`after a kill, the rest done within a minute of the restart (${seconds(s.kill.afterRestart)}; those running at the kill ${seconds(s.kill.interruptedMs)})`, s.kill.afterRestart <= 60_000]);
}
for (const [what, met] of checks) console.log(`target ${what}: ${met ? 'met' : 'NOT met'}`);
if (checks.some(([, met]) => !met)) process.exitCode = 1;
