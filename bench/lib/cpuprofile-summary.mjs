// Where a server spent its CPU: the top self-time functions and modules of a .cpuprofile (written
// by a server started with BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=DIR").
//   node bench/lib/cpuprofile-summary.mjs DIR/some.cpuprofile [--skip=SECONDS] [--top=N]
// --skip leaves out the first seconds (start-up: migrations, demo seed), so what remains is the load.
// Idle time is left out; percentages are of the busy time.
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
const option = (name, fallback) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
if (!file) throw new Error('usage: cpuprofile-summary.mjs FILE.cpuprofile [--skip=SECONDS] [--top=N]');
const skipUs = option('skip', 0) * 1e6;
const top = option('top', 25);

const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));

/** The package or place a function belongs to: an npm package, Node's internals, or the app. */
function moduleOf(url) {
  if (!url) return '(native/VM)';
  if (url.startsWith('node:')) return 'node:internal';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  // The bundle is dist/main.js and the chunks it imports (build.mjs splits it).
  if (/\/apps\/server\/dist\/[^/]+\.js$/.test(url)) return 'app (dist)';
  return url.replace(/^file:\/\//, '');
}

const byFunction = new Map();
const byModule = new Map();
let elapsed = 0;
let busy = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  elapsed += delta;
  if (elapsed < skipUs) return;
  const node = nodes.get(id);
  const { functionName, url, lineNumber } = node.callFrame;
  if (functionName === '(idle)') return;
  busy += delta;
  const key = `${functionName || '(anonymous)'}  ${moduleOf(url)}${url && !url.startsWith('node:') ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + delta);
  const mod = moduleOf(url);
  byModule.set(mod, (byModule.get(mod) ?? 0) + delta);
});

const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * us) / busy).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`);
  }
};
console.log(`busy ${(busy / 1e6).toFixed(1)} s of ${((elapsed - skipUs) / 1e6).toFixed(1)} s profiled (after skipping ${skipUs / 1e6} s)`);
print('self time by module', byModule);
print('self time by function', byFunction);
