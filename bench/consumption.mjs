// POST /api/stock/consume on PostgreSQL: 1 unit per request, each with its own idempotency key,
// in two scenarios. "Many lots" spreads the load over many products with a lot each, so requests
// rarely wait for one another; "hot lot" sends every request to one product with one big lot, so
// they queue on that lot's row lock. Run `npm run build` first.
// BENCH_DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// a scratch database clinic_bench_consumption is created on it and dropped at the end.
// At the end the ledger is checked against the balances in SQL.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { pacedLoad } from './lib/paced.mjs';
import { dropDatabase, freshDatabase, login, percentile, startServer } from './lib/server.mjs';

const LOTS = Number(process.env.BENCH_LOTS ?? 1_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DB = 'clinic_bench_consumption';
// The targets: at least 300 consumptions/s over many lots and 100/s on one hot lot, p95 < 50 ms.
const MANY_LOTS_RATE = Number(process.env.BENCH_MANY_LOTS_RATE ?? 300);
const HOT_LOT_RATE = Number(process.env.BENCH_HOT_LOT_RATE ?? 100);
const MEMBER = 'hygienist@brightsmile.demo';
// Big enough that no lot runs out during a run: a shortage would be a 409, not a throughput figure.
const UNITS_PER_LOT = 100_000;
const HOT_LOT_UNITS = 10_000_000;

/** Products visible to every location (approved catalog items), each with one lot at the member's location. */
async function seedLots(url, prefix, count, units) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: [member] } = await client.query('select company_id from users where email = $1', [MEMBER]);
    const { rows } = await client.query(
      `with made as (
         insert into products (name, brand, type, container, basic_unit, is_approved, description)
         select $2 || ' ' || i, 'Bench', 'disposable'::product_type, 'box', 'item', true, 'Generated consumption benchmark product'
         from generate_series(1, $3::int) i
         returning id
       )
       insert into stocks (company_id, product_id, container_quantity, units_per_container, price_per_container, unit_price, expiry_date, lot_number)
       select $1, id, 1, $4::int, $4::int * 0.5, 0.5, date '2099-12-31', 'BENCH'
       from made
       returning product_id`,
      [member.company_id, prefix, count, units],
    );
    await client.query('analyze products; analyze stocks');
    return rows.map((r) => r.product_id);
  } finally {
    await client.end();
  }
}

/** Consumes 1 unit per request for DURATION_S, the product chosen by `pick`; a fresh key each time. */
async function consumeLoad(base, token, productIds, { duration = DURATION_S, connections = CONNECTIONS } = {}) {
  const latencies = [];
  const statuses = new Map();
  let index = 0;
  const run = randomUUID();
  const started = performance.now();
  const result = await autocannon({
    url: base,
    connections,
    duration,
    requests: [
      {
        setupRequest: (request) => {
          const n = index++;
          const body = JSON.stringify({ product_id: productIds[n % productIds.length], quantity: 1, idempotency_key: `${run}-${n}` });
          return { ...request, method: 'POST', path: '/api/stock/consume', headers: { ...request.headers, authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body };
        },
      },
    ],
    setupClient: (client) => {
      client.on('response', (statusCode, _bytes, responseTime) => {
        if (statusCode !== 200 && !statuses.has(statusCode)) console.error(`first failure: HTTP ${statusCode}`);
        statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
        latencies.push(responseTime);
      });
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const ok = statuses.get(200) ?? 0;
  return { seconds, ok, failed: latencies.length - ok + result.errors + result.timeouts, latencies };
}

/**
 * Between runs: vacuum what the last run wrote and checkpoint, so a run does not pay for the one
 * before it (autovacuum and a checkpoint landing in the middle of the next run).
 */
async function settle(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum (analyze) stocks, stock_usages, idempotency_keys, audit_log, alerts, report_daily_usage');
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

/**
 * Consumes 1 unit per request at a steady `rate` a second (open loop), a fresh key each time. The
 * first seconds at the rate are not counted: the client opens its connections, and the first
 * writes after settle()'s checkpoint write whole pages to the WAL.
 */
async function consumeAtRate(base, token, productIds, rate) {
  const run = randomUUID();
  const send = (durationS, prefix) =>
    pacedLoad(base, {
      rate,
      durationS,
      next: (n) => ({
        method: 'POST',
        path: '/api/stock/consume',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ product_id: productIds[n % productIds.length], quantity: 1, idempotency_key: `${run}-${prefix}-${n}` }),
      }),
    });
  const warmUp = await send(3, 'warm-up');
  const { seconds, latencies, statuses, timeline } = await send(DURATION_S, 'run');
  const ok = statuses.get(200) ?? 0;
  for (const [status, n] of statuses) if (status !== 200) console.error(`HTTP ${status}: ${n} answers`);
  // BENCH_TIMELINE=1: the slowest answer of each second of the run, to see when stalls happened.
  if (process.env.BENCH_TIMELINE) {
    const worst = new Map();
    for (const [at, ms] of timeline) worst.set(Math.floor(at), Math.max(worst.get(Math.floor(at)) ?? 0, ms));
    console.log(`  slowest answer per second (ms): ${[...worst.values()].map((ms) => ms.toFixed(0)).join(' ')}`);
  }
  return { seconds, ok, failed: latencies.length - ok, latencies, steady: true, uncounted: warmUp.statuses.get(200) ?? 0 };
}

function report(name, { seconds, ok, failed, latencies, steady }) {
  const how = steady ? 'sent at a steady rate' : `over ${CONNECTIONS} connections`;
  console.log(`${name}: ${ok} consumptions in ${seconds.toFixed(1)} s ${how}, ${(ok / seconds).toFixed(0)} consumptions/s, errors ${failed}`);
  console.log(`  latency ms: p50 ${percentile(latencies, 50).toFixed(1)}  p95 ${percentile(latencies, 95).toFixed(1)}  p99 ${percentile(latencies, 99).toFixed(1)}  max ${latencies.reduce((a, b) => Math.max(a, b), 0).toFixed(1)}`);
}

/**
 * The ledger must explain every balance: per lot, the trigger-kept counters equal the sum of its
 * usage rows, and no lot is below zero. Every stored idempotency key took exactly its 1 unit; the
 * keys can outnumber the 200s counted, by the requests still in flight when a run's clock ran out.
 */
async function verifyLedger(url, productIds, answered, inFlight) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: [check] } = await client.query(
      `select count(*)::int as lots,
              count(*) filter (where s.units_used + s.units_consumed + s.units_removed <> coalesce(u.total, 0))::int as mismatched,
              count(*) filter (where s.units_left < 0)::int as negative,
              coalesce(sum(u.total), 0)::float as taken,
              (select count(*) from idempotency_keys where (response->>'product_id')::uuid = any($1::uuid[]))::int as keys
         from stocks s
         left join (select stock_id, sum(quantity) as total from stock_usages group by stock_id) u on u.stock_id = s.id
        where s.product_id = any($1::uuid[])`,
      [productIds],
    );
    const ok = check.mismatched === 0 && check.negative === 0 && check.taken === check.keys && check.keys >= answered && check.keys <= answered + inFlight;
    console.log(
      `ledger: ${check.lots} lots, ${check.mismatched} counters off the ledger, ${check.negative} negative; ${check.taken} units taken for ${check.keys} keys stored (${answered} answered 200 in time) -> ${ok ? 'consistent' : 'INCONSISTENT'}`,
    );
    return ok;
  } finally {
    await client.end();
  }
}

const url = await freshDatabase(DB);
const server = await startServer(url, 3600 + Math.floor(Math.random() * 300));
let consistent = false;
try {
  const spread = await seedLots(url, 'Bench Spread Product', LOTS, UNITS_PER_LOT);
  const [hot] = await seedLots(url, 'Bench Hot Product', 1, HOT_LOT_UNITS);
  console.log(`seeded ${LOTS} products with a lot of ${UNITS_PER_LOT} units, and one hot lot of ${HOT_LOT_UNITS}`);
  const member = await login(server.base, MEMBER);
  // Warm-up: plans and pooled connections, as a running server has them.
  const warmUp = await consumeLoad(server.base, member, spread, { duration: 3, connections: 4 });

  // As fast as the connections go: the most the server does.
  await settle(url);
  const many = await consumeLoad(server.base, member, spread);
  report('many lots, as fast as answered', many);
  await settle(url);
  const hotLot = await consumeLoad(server.base, member, [hot]);
  report('hot lot, as fast as answered', hotLot);
  // At the targets' rates: the latency a clinic group sending that many sees.
  await settle(url);
  const manyAtRate = await consumeAtRate(server.base, member, spread, MANY_LOTS_RATE);
  report(`many lots at ${MANY_LOTS_RATE}/s`, manyAtRate);
  await settle(url);
  const hotAtRate = await consumeAtRate(server.base, member, [hot], HOT_LOT_RATE);
  report(`hot lot at ${HOT_LOT_RATE}/s`, hotAtRate);

  const runs = [warmUp, many, hotLot, manyAtRate, hotAtRate];
  const answered = runs.reduce((sum, run) => sum + run.ok + (run.uncounted ?? 0), 0);
  consistent = await verifyLedger(url, [...spread, hot], answered, 4 + (runs.length - 1) * CONNECTIONS);
} finally {
  await server.stop();
  // BENCH_KEEP=1 leaves the database for EXPLAIN ANALYZE.
  if (!process.env.BENCH_KEEP) await dropDatabase(DB);
}
if (!consistent) process.exitCode = 1;
