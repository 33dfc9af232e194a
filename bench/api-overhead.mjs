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

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
/** Suppliers of the member's location besides the demo's: a full first page and a count to make. */
const SUPPLIERS = 60;
const DB = 'clinic_bench_api';
const MEMBER = 'hygienist@brightsmile.demo';
// What the web's supplier list asks first (apps/web/src/features/suppliers: no search, page 1 of 10).
const PATH = '/api/supplier?currentPage=1&perPage=10';

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

async function seedSuppliers(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `insert into suppliers (company_id, name, email, phone, tax_id, address, contact_email, contact_phone)
     select u.company_id, 'Bench Supplier ' || lpad(i::text, 3, '0'), 'orders' || i || '@supplier.bench', '+1 512 555 ' || lpad(i::text, 4, '0'),
            'TX-' || i, i || ' Commerce Street, Austin TX', 'rep' || i || '@supplier.bench', '+1 512 556 ' || lpad(i::text, 4, '0')
     from users u cross join generate_series(1, $2::int) i where u.email = $1`,
    [MEMBER, SUPPLIERS],
  );
  await client.query('analyze suppliers');
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
  await seedSuppliers(url);
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
