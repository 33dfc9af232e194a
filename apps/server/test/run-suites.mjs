// Runs the server suite on the embedded database, then again on PostgreSQL when
// TEST_DATABASE_URL is set (CI does), so nothing depends on one driver. With SERVER_TEST_NODE
// (CI sets it to a Node 22 LTS binary) the PostgreSQL pass runs on that Node, so the suite passes
// on the machine's Node and on Node 22 without a third run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** vitest's command file in the nearest node_modules up from here (the package exports no path to it). */
function findVitest() {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'node_modules', 'vitest', 'vitest.mjs');
    if (existsSync(file)) return file;
  }
  throw new Error('vitest is not installed: run npm ci');
}
const vitest = findVitest();
const run = (label, env, node = process.execPath, extra = []) => {
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(`\n=== server tests on ${label}, Node ${version} ===`);
  const result = spawnSync(node, [vitest, 'run', ...extra, ...vitestArgs], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

// `--driver=pglite` or `--driver=postgres` runs one pass: `npm test` at the root runs the PostgreSQL
// pass beside the browser tests, which leave a core idle most of the time (docs/testing.md).
const driverArg = process.argv.find((a) => a.startsWith('--driver='));
const driver = driverArg?.slice('--driver='.length);
const vitestArgs = process.argv.slice(2).filter((a) => a !== driverArg);
if (driver !== undefined && driver !== 'pglite' && driver !== 'postgres') {
  console.error(`--driver must be pglite or postgres, not ${driver}`);
  process.exit(2);
}

if (driver !== 'postgres') run('embedded PGlite', { TEST_DB_DRIVER: 'pglite' });
// The lint tests read source files, not the database: once is enough (about 25 s).
if (driver !== 'pglite') {
  if (process.env.TEST_DATABASE_URL) run(`PostgreSQL (${process.env.TEST_DATABASE_URL})`, { TEST_DB_DRIVER: 'postgres' }, process.env.SERVER_TEST_NODE || process.execPath, ['--exclude', 'test/*.lint.test.ts']);
  else if (driver === 'postgres') console.log('\n=== server tests on PostgreSQL: skipped, TEST_DATABASE_URL is not set ===');
}
