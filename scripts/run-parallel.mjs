// `node scripts/run-parallel.mjs lint typecheck`: runs npm scripts at the same time (each is one
// mostly single-threaded process, so two share two cores), prints each one's output whole when it
// ends, and fails when any fails. `npm test` uses it for the lint and the type-check.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => {
        process.stdout.write(`\n=== npm run ${script}: ${code === 0 ? 'passed' : `failed (${String(code)})`} in ${String(Math.round((Date.now() - started) / 1000))} s ===\n${output}`);
        resolve(code ?? 1);
      });
    }),
);
const codes = await Promise.all(runs);
process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
