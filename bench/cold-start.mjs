// Cold start of the built server to its first answer on /api/health, on the embedded database:
// once on a brand-new data directory (first start: creates and migrates the database, seeds the
// demo) and then on that same directory again (every later start). Run `npm run build` first.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
const port = 3400 + Math.floor(Math.random() * 500);
const dataDir = mkdtempSync(join(tmpdir(), 'clinic-bench-'));
const { DATABASE_URL: _ignored, ...embeddedEnv } = process.env;

async function measure(label) {
  const started = performance.now();
  const child = spawn(process.execPath, [main], {
    env: { ...embeddedEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (performance.now() - started > 60_000) throw new Error('server did not answer within 60 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const ms = performance.now() - started;
    console.log(`${label.padEnd(34)} ${(ms / 1000).toFixed(2)} s`);
    return ms;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

try {
  await measure('first start (new data directory)');
  const runs = [];
  for (let i = 0; i < 3; i += 1) runs.push(await measure(`restart #${i + 1} (existing data)`));
  console.log(`median restart                     ${(runs.sort((a, b) => a - b)[1] / 1000).toFixed(2)} s (target < 3 s)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
