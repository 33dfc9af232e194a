// Server memory (issue 37): resident set size of the built server idle after start, on PostgreSQL
// and on the embedded database, and its peak under the search load of bench:product-search (100,000
// products, 20 connections, pages never asked before). Run `npm run build` first.
// BENCH_DATABASE_URL names the PostgreSQL server; a scratch database clinic_bench_memory is
// created on it and dropped at the end. BENCH_RUNS (default 3) idle starts of each; the median is reported.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { neverSeenPaths, seedCatalog } from './lib/catalog.mjs';
import { pathLoad, report } from './lib/load.mjs';
import { dropDatabase, freshDatabase, login, startEmbeddedServer, startServer } from './lib/server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
/** How long a started server is left alone before its memory is read. */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 10_000);
const DB = 'clinic_bench_memory';
const port = () => 3700 + Math.floor(Math.random() * 300);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The process's resident set size in MB (Linux /proc). */
function rssMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line.replace(/\D+/g, '')) / 1024;
}

async function idle(label, start) {
  const readings = [];
  for (let i = 0; i < RUNS; i += 1) {
    const server = await start();
    try {
      await sleep(SETTLE_MS);
      readings.push(rssMb(server.pid));
    } finally {
      await server.stop();
    }
  }
  console.log(`${label.padEnd(44)} median ${median(readings).toFixed(0)} MB  (runs: ${readings.map((r) => r.toFixed(0)).join(', ')})`);
  return median(readings);
}

const url = await freshDatabase(DB);
const dataDir = mkdtempSync(join(tmpdir(), 'clinic-bench-memory-'));
try {
  // The first start of each seeds the demo; the idle readings are of later starts, as a clinic's server runs.
  await (await startServer(url, port())).stop();
  await (await startEmbeddedServer(dataDir, port())).stop();
  const pgIdle = await idle('idle after start, PostgreSQL (target 150 MB)', () => startServer(url, port()));
  const embeddedIdle = await idle('idle after start, embedded (target 350 MB)', () => startEmbeddedServer(dataDir, port()));

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await seedCatalog(client, PRODUCTS);
  await client.end();
  const server = await startServer(url, port());
  try {
    const member = await login(server.base, 'hygienist@brightsmile.demo');
    let peak = rssMb(server.pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 250);
    report('search load, pages never asked before', await pathLoad(server.base, member, neverSeenPaths(), { connections: 20, duration: DURATION_S }));
    clearInterval(sampler);
    console.log(`${'peak under the search load (target 300 MB)'.padEnd(44)} ${peak.toFixed(0)} MB`);
    console.log(JSON.stringify({ pgIdleMb: Math.round(pgIdle), embeddedIdleMb: Math.round(embeddedIdle), searchPeakMb: Math.round(peak) }));
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase(DB);
}
