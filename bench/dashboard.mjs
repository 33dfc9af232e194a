// The dashboard's calls on PostgreSQL at volume: an organization of 50 locations with two years of
// history (1,000,000 ledger rows), then the six calls /dashboard makes for a 12-month range, in
// rotation, for one location (the member's Home) and for the whole organization (the
// organization admin's /company-dashboard). Target: p95 under 300 ms. Run `npm run build` first.
// BENCH_DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// a scratch database clinic_bench_dashboard is created on it and dropped at the end (BENCH_KEEP=1 keeps it).
import autocannon from 'autocannon';
import { dropDatabase, freshDatabase, login, percentile, startServer } from './lib/server.mjs';
import { DASHBOARD_CALLS as CALLS, dashboardPath as pathOf } from './lib/dashboard-calls.mjs';
import { loadDashboardData } from './lib/dashboard-data.mjs';

const LOCATIONS = Number(process.env.BENCH_LOCATIONS ?? 50);
const USAGE_ROWS = Number(process.env.BENCH_USAGE_ROWS ?? 1_000_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const DB = 'clinic_bench_dashboard';
const OWNER = 'owner@brightsmile.demo';
const MEMBER = 'hygienist@brightsmile.demo';

/** The six calls in rotation for DURATION_S; latencies per call. */
async function dashboardLoad(base, token, scope) {
  const latencies = new Map(CALLS.map((c) => [c, []]));
  let failed = 0;
  await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { authorization: `Bearer ${token}` },
    // autocannon walks this sequence on each connection, one request at a time, so the nth
    // response of a connection answers CALLS[n % 6]. (One entry whose setupRequest counted in its
    // context sent dashboard-cards-data only: the context starts afresh each time round.)
    requests: CALLS.map((call) => ({ method: 'GET', path: pathOf(call, scope) })),
    setupClient: (client) => {
      let received = 0;
      client.on('response', (statusCode, _bytes, responseTime) => {
        const call = CALLS[received++ % CALLS.length];
        latencies.get(call).push(responseTime);
        if (statusCode !== 200) {
          if (failed === 0) console.error(`first failure: HTTP ${statusCode} on ${call}`);
          failed++;
        }
      });
    },
  });
  return { latencies, failed };
}

function report(name, { latencies, failed }) {
  const all = [...latencies.values()].flat();
  console.log(`${name}: ${all.length} calls in ${DURATION_S} s at ${CONNECTIONS} connections, errors ${failed}`);
  console.log(`  all calls  p50 ${percentile(all, 50).toFixed(1)} ms  p95 ${percentile(all, 95).toFixed(1)} ms  p99 ${percentile(all, 99).toFixed(1)} ms`);
  for (const [call, values] of latencies) {
    if (values.length > 0) console.log(`  ${call.split('?')[0].padEnd(24)} p50 ${percentile(values, 50).toFixed(1)} ms  p95 ${percentile(values, 95).toFixed(1)} ms  (${values.length})`);
  }
  return percentile(all, 95);
}

const url = await freshDatabase(DB);
const server = await startServer(url, 3900 + Math.floor(Math.random() * 90));
let met = false;
try {
  const loading = performance.now();
  const written = await loadDashboardData(url, { ownerEmail: OWNER, locations: LOCATIONS, usageRows: USAGE_ROWS });
  console.log(`loaded in ${((performance.now() - loading) / 1000).toFixed(0)} s: ${JSON.stringify(written)}`);
  const member = await login(server.base, MEMBER);
  const owner = await login(server.base, OWNER);
  await dashboardLoad(server.base, member, ''); // warm-up: plans, pooled connections, cache
  const location = report('one location, 12 months', await dashboardLoad(server.base, member, ''));
  const organization = report(`organization of ${LOCATIONS} locations, 12 months`, await dashboardLoad(server.base, owner, 'scope=organization'));
  met = location < 300 && organization < 300;
  console.log(`target p95 < 300 ms: ${met ? 'met' : 'NOT met'}`);
} finally {
  await server.stop();
  if (!process.env.BENCH_KEEP) await dropDatabase(DB);
}
if (!met) process.exitCode = 1;
