// What a second and a third server process buy: 1, 2 and 3 processes of dist/main.js behind
// HAProxy (Debian's haproxy; each process checked on /api/ready before it takes traffic), all on one
// PostgreSQL, under a mixed workload sent through the balancer: product lists and searches,
// consumptions, visit saves and the dashboard's calls. Reports requests/s and p95 per process
// count (medians of BENCH_RUNS runs), per kind of request, and where the CPU went (the app
// processes, PostgreSQL, the balancer) with the lock waits PostgreSQL saw. Run `npm run build` first.
// BENCH_DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// a scratch database clinic_bench_scale is created on it and dropped at the end.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { seedCatalog, searchPath, TERMS } from './lib/catalog.mjs';
import { DASHBOARD_CALLS, dashboardPath } from './lib/dashboard-calls.mjs';
import { cpuSeconds, dropDatabase, freshDatabase, login, percentile, startServer } from './lib/server.mjs';

const PROCESS_COUNTS = (process.env.BENCH_PROCESSES ?? '1,2,3').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 24);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20_000);
const LOTS = 500;
const DB = 'clinic_bench_scale';
const MEMBER = 'hygienist@brightsmile.demo';
const BASE_PORT = 4100 + Math.floor(Math.random() * 200);

/** Lots big enough that no run empties one: a shortage would be a 409, not a throughput figure. */
async function seed(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await seedCatalog(client, PRODUCTS);
    const { rows: [member] } = await client.query('select company_id from users where email = $1', [MEMBER]);
    const { rows } = await client.query(
      `with made as (
         insert into products (name, brand, type, container, basic_unit, is_approved, description)
         select 'Scale bench ' || i, 'Bench', 'disposable'::product_type, 'box', 'item', true, 'Generated scale benchmark product'
         from generate_series(1, $2::int) i
         returning id
       )
       insert into stocks (company_id, product_id, container_quantity, units_per_container, price_per_container, unit_price, expiry_date, lot_number)
       select $1, id, 1, 10000000, 5000000, 0.5, date '2099-12-31', 'SCALE'
       from made
       returning product_id`,
      [member.company_id, LOTS],
    );
    await client.query('analyze products; analyze stocks');
    return rows.map((r) => r.product_id);
  } finally {
    await client.end();
  }
}

/** The demo location's treatments the member may record visits of. */
async function treatmentIds(base, token) {
  const res = await fetch(`${base}/api/treatment?perPage=20`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  if (!res.ok || body.results.length === 0) throw new Error(`no treatments to record visits of: HTTP ${res.status}`);
  return body.results.map((t) => t.id);
}

/** HAProxy in front of `ports`, each server checked on /api/ready every 500 ms. */
async function startBalancer(port, statsPort, ports) {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-scale-'));
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(config, `global
  maxconn 4096
defaults
  mode http
  timeout connect 5s
  timeout client 60s
  timeout server 60s
frontend app
  bind 127.0.0.1:${port}
  default_backend servers
backend servers
  balance leastconn
  option httpchk GET /api/ready
  http-check expect status 200
${ports.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} check inter 500ms`).join('\n')}
listen stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`);
  const check = spawnSync('haproxy', ['-c', '-q', '-f', config]);
  if (check.error) throw new Error('haproxy is not installed (apt-get install haproxy)');
  if (check.status !== 0) throw new Error(`haproxy refused its configuration: ${check.stderr}`);
  const child = spawn('haproxy', ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Traffic only once every server has passed its readiness check.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const csv = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`).then((r) => r.text()).catch(() => '');
    const up = csv.split('\n').filter((line) => line.startsWith('servers,app') && line.split(',')[17] === 'UP').length;
    if (up === ports.length) break;
    if (Date.now() > deadline) throw new Error(`haproxy: ${up} of ${ports.length} servers ready after 30 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { pid: child.pid, stop: async () => { child.kill('SIGTERM'); await exited; } };
}

/**
 * The workload each connection walks in turn, one request at a time: two product pages, two
 * searches, a consumption, a visit save and two dashboard calls. Bodies are made as sent, each with
 * its own idempotency key; the kind of the nth response of a connection is KINDS[n % length].
 */
function workload(token, productIds, treatments) {
  let n = 0;
  const run = randomUUID();
  const auth = { authorization: `Bearer ${token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const pick = (list) => list[n % list.length];
  const steps = [
    { kind: 'product list', setupRequest: (r) => ({ ...r, path: `/api/product/v2?perPage=10&currentPage=${1 + (n++ % 50)}` }) },
    { kind: 'product search', setupRequest: (r) => ({ ...r, path: searchPath(TERMS[n++ % TERMS.length], 1 + (n % 3)) }) },
    { kind: 'consumption', setupRequest: (r) => ({ ...r, method: 'POST', path: '/api/stock/consume', headers: json, body: JSON.stringify({ product_id: pick(productIds), quantity: 1, idempotency_key: `${run}-${n++}` }) }) },
    { kind: 'product list', setupRequest: (r) => ({ ...r, path: `/api/product/v2?perPage=10&currentPage=${1 + (n++ % 50)}` }) },
    {
      kind: 'visit save',
      setupRequest: (r) => {
        const treatment = pick(treatments);
        const products = [0, 1, 2].map((i) => ({ product_id: productIds[(n * 3 + i) % productIds.length], quantity: 1, treatment_id: treatment }));
        const body = { patient_chart_number: `SCALE-${n % 5000}`, treatments: [treatment], products, idempotency_key: `${run}-${n++}` };
        return { ...r, method: 'POST', path: '/api/treatment_log', headers: json, body: JSON.stringify(body) };
      },
    },
    { kind: 'dashboard', setupRequest: (r) => ({ ...r, path: dashboardPath(DASHBOARD_CALLS[n++ % DASHBOARD_CALLS.length]) }) },
    { kind: 'product search', setupRequest: (r) => ({ ...r, path: searchPath(TERMS[n++ % TERMS.length], 1 + (n % 3)) }) },
    { kind: 'dashboard', setupRequest: (r) => ({ ...r, path: dashboardPath(DASHBOARD_CALLS[n++ % DASHBOARD_CALLS.length]) }) },
  ];
  return steps.map(({ kind, setupRequest }) => ({ kind, request: { method: 'GET', headers: auth, setupRequest } }));
}

/** Lock waits PostgreSQL's sessions on the bench database are in, sampled every 100 ms. */
function sampleLockWaits(url) {
  const client = new pg.Client({ connectionString: url });
  let samples = 0;
  let waiting = 0;
  let stopped = false;
  const done = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows: [row] } = await client.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
      samples += 1;
      waiting += row.n;
      await new Promise((r) => setTimeout(r, 100));
    }
    await client.end();
  })();
  return async () => {
    stopped = true;
    await done;
    return samples === 0 ? 0 : waiting / samples;
  };
}

/** CPU seconds of each of PostgreSQL's server processes (the postmaster and its children). */
function postgresCpu() {
  const out = spawnSync('pgrep', ['-x', 'postgres']).stdout?.toString() ?? '';
  return new Map(out.split('\n').filter(Boolean).map((pid) => [pid, cpuSeconds(Number(pid)) ?? 0]));
}
/** CPU seconds PostgreSQL spent between two readings: a backend started in between counts whole. */
function postgresCpuSince(before) {
  let total = 0;
  for (const [pid, seconds] of postgresCpu()) total += seconds - (before.get(pid) ?? 0);
  return total;
}
/** Busy CPU seconds of the whole machine (all cores, from /proc/stat), to see what is left idle. */
function machineBusy() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = fields[3] + fields[4];
  return (fields.reduce((a, b) => a + b, 0) - idle) / 100;
}
const cpuOf = (pids) => pids.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);

async function mixedLoad(base, steps, url, pids) {
  const latencies = new Map();
  const statuses = new Map();
  const stopSampling = sampleLockWaits(url);
  const before = { app: cpuOf(pids.app), balancer: cpuOf([pids.balancer]), postgres: postgresCpu(), machine: machineBusy() };
  const started = performance.now();
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: steps.map((s) => s.request),
    setupClient: (client) => {
      let received = 0;
      client.on('response', (statusCode, _bytes, responseTime) => {
        const { kind } = steps[received++ % steps.length];
        if (!latencies.has(kind)) latencies.set(kind, []);
        latencies.get(kind).push(responseTime);
        const ok = statusCode === 200 || statusCode === 201;
        if (!ok && !statuses.has(statusCode)) console.error(`first HTTP ${statusCode} (${kind})`);
        if (!ok) statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
      });
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const cpu = {
    app: (cpuOf(pids.app) - before.app) / seconds,
    balancer: (cpuOf([pids.balancer]) - before.balancer) / seconds,
    postgres: postgresCpuSince(before.postgres) / seconds,
    machine: (machineBusy() - before.machine) / seconds,
  };
  const all = [...latencies.values()].flat();
  const failed = [...statuses.values()].reduce((a, b) => a + b, 0) + result.errors + result.timeouts;
  return { rate: all.length / seconds, p95: percentile(all, 95), latencies, failed, cpu, lockWaits: await stopSampling() };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const url = await freshDatabase(DB);
const servers = [];
const summary = [];
let failures = 0;
try {
  // The first process migrates and seeds the demo; the others start on the database it left.
  servers.push(await startServer(url, BASE_PORT + 1));
  const productIds = await seed(url);
  const token = await login(servers[0].base, MEMBER);
  const treatments = await treatmentIds(servers[0].base, token);
  for (const count of PROCESS_COUNTS) {
    while (servers.length < count) servers.push(await startServer(url, BASE_PORT + 1 + servers.length));
    const active = servers.slice(0, count);
    const balancer = await startBalancer(BASE_PORT, BASE_PORT + 50, active.map((s) => Number(new URL(s.base).port)));
    const base = `http://127.0.0.1:${BASE_PORT}`;
    try {
      const pids = { app: active.map((s) => s.pid), balancer: balancer.pid };
      // Warm-up: plans, pooled connections and caches in every process, as a running server has them.
      await autocannon({ url: base, connections: CONNECTIONS, duration: 5, requests: workload(token, productIds, treatments).map((s) => s.request) });
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) {
        const r = await mixedLoad(base, workload(token, productIds, treatments), url, pids);
        failures += r.failed;
        runs.push(r);
        const kinds = [...r.latencies].map(([kind, values]) => `${kind} ${percentile(values, 95).toFixed(0)}`).join(', ');
        console.log(`${count} process(es), run ${run + 1}: ${r.rate.toFixed(0)} req/s, p95 ${r.p95.toFixed(0)} ms (${kinds}), errors ${r.failed}`);
        console.log(`  CPU cores busy: app ${r.cpu.app.toFixed(2)}, PostgreSQL ${r.cpu.postgres.toFixed(2)}, HAProxy ${r.cpu.balancer.toFixed(2)}, machine ${r.cpu.machine.toFixed(2)} of ${availableParallelism()}; sessions waiting on a lock ${r.lockWaits.toFixed(2)}`);
      }
      summary.push({ count, rate: median(runs.map((r) => r.rate)), p95: median(runs.map((r) => r.p95)), app: median(runs.map((r) => r.cpu.app)), postgres: median(runs.map((r) => r.cpu.postgres)), machine: median(runs.map((r) => r.cpu.machine)) });
    } finally {
      await balancer.stop();
    }
  }
  console.log(`\nmedians of ${RUNS} runs, ${CONNECTIONS} connections, ${DURATION_S} s each:`);
  console.log('processes  req/s  p95 ms  CPU app  CPU PostgreSQL  CPU machine');
  for (const s of summary) console.log(`${String(s.count).padStart(9)}  ${s.rate.toFixed(0).padStart(5)}  ${s.p95.toFixed(0).padStart(6)}  ${s.app.toFixed(2).padStart(7)}  ${s.postgres.toFixed(2).padStart(14)}  ${s.machine.toFixed(2).padStart(11)}`);
} finally {
  for (const server of servers) await server.stop();
  if (!process.env.BENCH_KEEP) await dropDatabase(DB);
}
if (failures > 0) {
  console.error(`${failures} requests failed`);
  process.exitCode = 1;
}
