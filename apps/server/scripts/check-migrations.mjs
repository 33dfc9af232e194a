// Fails when src/db/schema has changes that no committed migration covers: drizzle-kit generates
// into a scratch copy of drizzle/, and any new file there means `npm run db:generate` was forgotten.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';

// drizzle-kit only takes an output folder relative to the package.
const scratch = '.migrations-check';
rmSync(scratch, { recursive: true, force: true });
try {
  cpSync('drizzle', scratch, { recursive: true });
  const before = readdirSync(scratch).length;
  const result = spawnSync('npx', ['drizzle-kit', 'generate', '--dialect', 'postgresql', '--schema', './src/db/schema/index.ts', '--out', scratch], { encoding: 'utf8' });
  if (result.status !== 0 || /error/i.test(result.stderr)) {
    console.error(result.stdout, result.stderr);
    process.exit(1);
  }
  const added = readdirSync(scratch).length - before;
  if (added > 0) {
    console.error('The database schema changed without a migration: run `npm run db:generate` and commit the new file in apps/server/drizzle.');
    process.exit(1);
  }
  console.log('migrations are up to date with the schema');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
