// Runs the server suite on the embedded database, then again on PostgreSQL when
// TEST_DATABASE_URL is set (CI does), so nothing depends on one driver.
import { spawnSync } from 'node:child_process';

const args = ['vitest', 'run', ...process.argv.slice(2)];
const run = (label, env) => {
  console.log(`\n=== server tests on ${label} ===`);
  const result = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('embedded PGlite', { TEST_DB_DRIVER: 'pglite' });
if (process.env.TEST_DATABASE_URL) run(`PostgreSQL (${process.env.TEST_DATABASE_URL})`, { TEST_DB_DRIVER: 'postgres' });
