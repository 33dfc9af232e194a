// The supplier list and the product search of bench:api-overhead and bench:product-search, on the
// embedded database (PGlite in the server's own process, no DATABASE_URL), so a clinic can tell
// when to move to PostgreSQL (issue 19). Run `npm run build` first.
// The server starts once on a new temporary DATA_DIR (migrations and the demo seed) and stops; this
// process then opens DATA_DIR/pgdata itself to add the generated catalog and suppliers in bulk (the
// server's API would take far longer), and the server starts again on it for the load.
// BENCH_PRODUCTS (default 100,000, as on PostgreSQL), BENCH_DURATION (seconds per search run,
// default 20), BENCH_LIST_DURATION (seconds of the supplier list, default 10), BENCH_IMPORT_ROWS
// (default 10,000; 0 skips the import), BENCH_LIST_CONNECTIONS and BENCH_SEARCH_CONNECTIONS
// (default 10 and 20). BENCH_KEEP=1 leaves the data directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import autocannon from 'autocannon';
import { neverSeenPaths, seedCatalog, webListPaths } from './lib/catalog.mjs';
import { pathLoad, report } from './lib/load.mjs';
import { importRun } from './lib/product-import.mjs';
import { login, startServer } from './lib/server.mjs';
import { MEMBER, SUPPLIER_LIST_PATH, seedSuppliers } from './lib/suppliers.mjs';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
/** As bench:api-overhead and bench:product-search ask; fewer show what a handful of devices see. */
const LIST_CONNECTIONS = Number(process.env.BENCH_LIST_CONNECTIONS ?? 10);
const SEARCH_CONNECTIONS = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 20);

/** Adds the catalog and the suppliers with PGlite as the server opens it (pg_trgm for the search index). */
async function seed(dataDir) {
  const client = new PGlite(join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  await client.waitReady;
  const started = performance.now();
  try {
    await seedCatalog(client, PRODUCTS);
    await seedSuppliers(client);
  } finally {
    await client.close();
  }
  console.log(`catalog: ${PRODUCTS} products generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'clinic-bench-embedded-'));
const port = 4300 + Math.floor(Math.random() * 300);
// No DATABASE_URL: the embedded database in DATA_DIR, even when the caller's environment names one.
const embedded = { DATABASE_URL: undefined, DATA_DIR: dataDir };
let server;
try {
  const firstStart = performance.now();
  server = await startServer(undefined, port, embedded);
  console.log(`first start (migrations, demo seed): ${((performance.now() - firstStart) / 1000).toFixed(1)} s`);
  await server.stop();
  await seed(dataDir);
  server = await startServer(undefined, port, embedded);

  const member = await login(server.base, MEMBER);
  // Warm-up: JIT, plans and caches, as a running server has them.
  await autocannon({ url: `${server.base}${SUPPLIER_LIST_PATH}`, connections: 4, amount: 200, headers: { authorization: `Bearer ${member}` } });
  const listOptions = { connections: LIST_CONNECTIONS, duration: Number(process.env.BENCH_LIST_DURATION ?? 10) };
  report('supplier list, first page as the web asks', await pathLoad(server.base, member, () => SUPPLIER_LIST_PATH, listOptions));

  await autocannon({ url: `${server.base}/api/product/v2?fuzzySearchQuery=composite`, connections: 4, amount: 200, headers: { authorization: `Bearer ${member}` } });
  const searchOptions = { connections: SEARCH_CONNECTIONS, duration: DURATION_S };
  report('product search as the web list asks (30 terms, pages 1-3 each)', await pathLoad(server.base, member, webListPaths(), searchOptions));
  // A broad term matches a thirtieth of the catalog, as in the 100,000-product run.
  const broadMatches = Math.floor((PRODUCTS * 3_300) / 100_000);
  report('product search, every request a page never asked before (deep pages of broad terms)', await pathLoad(server.base, member, neverSeenPaths(broadMatches), searchOptions));

  if (IMPORT_ROWS > 0) {
    const admin = await login(server.base, 'admin@demo.clinic');
    const { seconds, job } = await importRun(server.base, admin, IMPORT_ROWS);
    console.log(`import: ${IMPORT_ROWS} rows ${job.status} in ${seconds.toFixed(2)} s (${job.succeeded_rows} imported, ${job.failed_rows} failed)`);
  }
} finally {
  await server?.stop();
  if (process.env.BENCH_KEEP) console.log(`data directory kept: ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}
