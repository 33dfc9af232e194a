// What the app's own machinery costs on an ordinary authenticated list (issue 19): GET
// /api/supplier, first page as the web list asks it, at 10 connections, on PostgreSQL; against a
// bare Fastify + pg server doing the same work (bench/lib/baseline-server.mjs: the same token
// check, user row, SQL and JSON). The two run alternately, baseline then app, for a few rounds, so
// both see the same machine in the same minute; the figure is app req/s over baseline req/s.
// Run `npm run build` first. BENCH_DATABASE_URL names the PostgreSQL server (default
// postgres://postgres@127.0.0.1:5432/postgres); a scratch database clinic_bench_api is created on it
// and dropped at the end. BENCH_SERVER_ARGS passes Node flags to the app server (e.g.
// "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it, then bench/lib/cpuprofile-summary.mjs),
// BENCH_BASELINE_ARGS to the baseline; BENCH_ROUNDS and BENCH_DURATION (seconds per run) set the length.
// Besides req/s it prints each server's CPU time per request (from /proc, Linux): on a machine
// shared with other work req/s moves with the neighbours, CPU per request much less.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuSeconds, dropDatabase, freshDatabase, login, startServer } from './lib/server.mjs';
import { MEMBER, SUPPLIER_LIST_PATH, seedSuppliers } from './lib/suppliers.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const DB = 'clinic_bench_api';
const PATH = SUPPLIER_LIST_PATH;

/** Starts the baseline server as its own process, as the app runs in its own. */
async function startBaseline(url, port, secret) {
  const script = fileURLToPath(new URL('./lib/baseline-server.mjs', import.meta.url));
  const nodeArgs = process.env.BENCH_BASELINE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, script], {
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), JWT_SECRET: secret, POOL_SIZE: '20' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`baseline exited with ${code}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function seed(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await seedSuppliers(client);
  await client.end();
}

async function answer(base, token) {
  const res = await fetch(`${base}${PATH}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`${base}${PATH} answered HTTP ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Requests per second at CONNECTIONS connections for DURATION_S, and the server's CPU ms per request; any failure stops the bench. */
async function load(server, token, duration = DURATION_S) {
  const cpuBefore = cpuSeconds(server.pid);
  const result = await autocannon({ url: `${server.base}${PATH}`, connections: CONNECTIONS, duration, headers: { authorization: `Bearer ${token}` } });
  const cpuAfter = cpuSeconds(server.pid);
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) throw new Error(`${server.base}: ${failed} failed requests`);
  const cpuMs = cpuBefore === null || cpuAfter === null ? NaN : ((cpuAfter - cpuBefore) * 1000) / result.requests.total;
  return { rps: result.requests.average, cpuMs };
}

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

// One secret for both servers: the baseline checks the app's tokens.
const secret = randomBytes(48).toString('base64url');
const url = await freshDatabase(DB);
const port = 3900 + Math.floor(Math.random() * 300);
const app = await startServer(url, port, { JWT_SECRET: secret });
let baseline;
try {
  await seed(url);
  baseline = await startBaseline(url, port + 1, secret);
  const token = await login(app.base, MEMBER);
  const expected = await answer(app.base, token);
  if (!isDeepStrictEqual(await answer(baseline.base, token), expected)) throw new Error('the baseline does not answer what the app answers');
  console.log(`GET ${PATH}: ${expected.results.length} suppliers of ${expected.total}, ${JSON.stringify(expected).length} bytes`);

  // Warm-up: JIT, pools and plans, as a running server has them.
  await load(baseline, token, 3);
  await load(app, token, 3);

  const runs = { baseline: [], app: [] };
  const line = (b, a) =>
    `baseline ${b.rps.toFixed(0)} req/s, app ${a.rps.toFixed(0)} req/s, app/baseline ${(a.rps / b.rps).toFixed(2)}; ` +
    `CPU per request: baseline ${b.cpuMs.toFixed(3)} ms, app ${a.cpuMs.toFixed(3)} ms`;
  for (let round = 1; round <= ROUNDS; round += 1) {
    runs.baseline.push(await load(baseline, token));
    runs.app.push(await load(app, token));
    console.log(`round ${round}: ${line(runs.baseline.at(-1), runs.app.at(-1))}`);
  }
  const average = (list) => ({ rps: mean(list.map((r) => r.rps)), cpuMs: mean(list.map((r) => r.cpuMs)) });
  console.log(`${ROUNDS} rounds of ${DURATION_S} s at ${CONNECTIONS} connections: ${line(average(runs.baseline), average(runs.app))}`);
} finally {
  await baseline?.stop();
  await app.stop();
  if (!process.env.BENCH_KEEP) await dropDatabase(DB);
}
