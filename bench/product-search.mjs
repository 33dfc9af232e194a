// GET /api/product/v2 with a search term at 20 concurrent connections, on PostgreSQL with a
// catalog of 100,000 products, and a 10,000-row CSV import. Run `npm run build` first.
// BENCH_DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// a scratch database clinic_bench is created on it and dropped at the end.
import autocannon from 'autocannon';
import pg from 'pg';
import { neverSeenPaths, newTermPaths, seedCatalog, webListPaths } from './lib/catalog.mjs';
import { pathLoad, report } from './lib/load.mjs';
import { importRun } from './lib/product-import.mjs';
import { dropDatabase, freshDatabase, login, startServer } from './lib/server.mjs';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = 20;
const DB = 'clinic_bench';

async function seed(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  await seedCatalog(client, PRODUCTS);
  await client.end();
  console.log(`catalog: ${PRODUCTS} products generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const searchLoad = (base, token, nextPath) => pathLoad(base, token, nextPath, { connections: CONNECTIONS, duration: DURATION_S });

const url = await freshDatabase(DB);
const server = await startServer(url, 3600 + Math.floor(Math.random() * 300));
try {
  await seed(url);
  const member = await login(server.base, 'hygienist@brightsmile.demo');
  // Warm-up: plans and caches, as a running server has them.
  await autocannon({ url: `${server.base}/api/product/v2?fuzzySearchQuery=composite`, connections: 4, amount: 200, headers: { authorization: `Bearer ${member}` } });
  report('product search as the web list asks (30 terms, pages 1-3 each)', await searchLoad(server.base, member, webListPaths()));
  report('product search, every request a page never asked before (deep pages of broad terms)', await searchLoad(server.base, member, neverSeenPaths()));
  report('product search, every request a term never searched before (first pages)', await searchLoad(server.base, member, newTermPaths()));

  const admin = await login(server.base, 'admin@demo.clinic');
  const { seconds, job } = await importRun(server.base, admin, IMPORT_ROWS);
  console.log(`import: ${IMPORT_ROWS} rows ${job.status} in ${seconds.toFixed(2)} s (${job.succeeded_rows} imported, ${job.failed_rows} failed)`);
} finally {
  await server.stop();
  // BENCH_KEEP=1 leaves the database for EXPLAIN ANALYZE.
  if (!process.env.BENCH_KEEP) await dropDatabase(DB);
}
