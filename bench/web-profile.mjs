// Where a signed-in page's main thread goes while it loads: the long tasks Lighthouse counts as
// blocking time, each with the code that ran in it, read back to the app's sources.
//   npm run build && (cd apps/web && npx vite build --sourcemap) && BENCH_WEB_PAGE=/dashboard npm run bench:web-profile
// The page loads in Debian's chromium with the CPU 4x slower (as Lighthouse's mobile run) and the
// demo manager's session, on a fresh embedded database; a Chrome trace gives the tasks, a V8 CPU
// profile what ran in them. Without source maps in apps/web/dist the functions keep their
// minified names. BENCH_WEB_PROFILE_DIR=<dir> keeps the trace's tasks and the .cpuprofile.
// bench:web measures (Lighthouse's scores); this script explains.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import puppeteer from 'puppeteer-core';
import { login, startEmbeddedServer } from './lib/server.mjs';

const PAGE = process.env.BENCH_WEB_PAGE ?? '/dashboard';
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const KEEP = process.env.BENCH_WEB_PROFILE_DIR;
const MANAGER = 'manager@brightsmile.demo';
const TOKEN_KEY = 'access_token';
// Lighthouse's mobile run: a 4x slower CPU; a task over 50 ms blocks.
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const ASSETS = fileURLToPath(new URL('../apps/web/dist/assets/', import.meta.url));

/** Source maps of the built chunks, read once each. */
const maps = new Map();
function mapOf(url) {
  const file = url.includes('/assets/') ? join(ASSETS, `${url.split('/assets/')[1]}.map`) : null;
  if (!file) return null;
  if (!maps.has(file)) maps.set(file, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
  return maps.get(file);
}

/** A profile node as `source:function`, the source relative to the repository or node_modules. */
function frameOf(node, cache) {
  if (cache.has(node.id)) return cache.get(node.id);
  const { url, functionName, lineNumber, columnNumber } = node.callFrame;
  const map = mapOf(url);
  let frame = `${url.split('/').pop() ?? ''}:${functionName}`;
  if (map && lineNumber >= 0) {
    const original = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
    if (original.source) frame = `${original.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '')}:${original.name ?? functionName}`;
  }
  cache.set(node.id, frame);
  return frame;
}

/** Frames worth naming in a task: the app's code, the domain, React's phases and the libraries that do the work. */
const NAMED = /^src\/|^packages\/domain|react-dom.*:(commitRoot|flushPassiveEffects|renderRootSync|renderRootConcurrent|flushSpawnedWork)$|^(@mui|@emotion|zod|stylis|@tanstack|@visx|react-router)\//;

/** Each long task of the main thread with the three outermost named frames that took its time. */
function longTasks(tasks, profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const cache = new Map();
  const samples = [];
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i];
    samples.push([at, id, profile.timeDeltas[i]]);
  });
  return tasks.map((task) => {
    const spent = new Map();
    for (const [time, id, delta] of samples) {
      if (time < task.ts || time > task.ts + task.dur) continue;
      const chain = [];
      for (let node = id; node !== undefined; node = parent.get(node)) {
        const frame = frameOf(nodes.get(node), cache);
        if (NAMED.test(frame) && !chain.includes(frame)) chain.push(frame);
      }
      const key = chain.reverse().slice(0, 3).join(' > ') || frameOf(nodes.get(id), cache);
      spent.set(key, (spent.get(key) ?? 0) + delta);
    }
    return { start: (task.ts - profile.startTime) / 1000, ms: task.dur / 1000, top: [...spent].sort((a, b) => b[1] - a[1]).slice(0, 4) };
  });
}

if (!existsSync(ASSETS)) throw new Error('apps/web/dist is missing: run `npm run build` first');

const port = 3400 + Math.floor(Math.random() * 250);
const dataDir = mkdtempSync(join(tmpdir(), 'clinic-bench-web-profile-'));
const server = await startEmbeddedServer(dataDir, port);
let browser;
try {
  const token = await login(server.base, MANAGER);
  if (!token) throw new Error(`could not sign in as ${MANAGER}`);
  browser = await puppeteer.launch({ executablePath: CHROME, headless: true, args: ['--no-sandbox', '--disable-background-networking'] });
  const tab = await browser.newPage();
  await tab.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true });
  await tab.goto(`${server.base}/favicon.svg`);
  await tab.evaluate((key, value) => { localStorage.setItem(key, value); }, TOKEN_KEY, token);
  const cdp = await tab.createCDPSession();
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await tab.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await tab.goto(`${server.base}${PAGE}`, { waitUntil: 'networkidle0', timeout: 120_000 });
  const trace = JSON.parse(Buffer.from(await tab.tracing.stop()).toString('utf8'));
  const { profile } = await cdp.send('Profiler.stop');
  const landed = new URL(tab.url()).pathname;
  if (landed !== PAGE) throw new Error(`${PAGE} ended on ${landed}: not the page asked for`);

  // The renderer's main thread: the thread of the page's own tasks (the one with the most task time).
  const run = trace.traceEvents.filter((e) => e.name === 'RunTask' && e.ph === 'X');
  const perThread = new Map();
  for (const e of run) perThread.set(e.tid, (perThread.get(e.tid) ?? 0) + e.dur);
  const main = [...perThread].sort((a, b) => b[1] - a[1])[0]?.[0];
  const tasks = run.filter((e) => e.tid === main && e.dur / 1000 > LONG_TASK_MS).sort((a, b) => a.ts - b.ts);
  if (KEEP) {
    mkdirSync(KEEP, { recursive: true });
    writeFileSync(join(KEEP, 'page.cpuprofile'), JSON.stringify(profile));
    writeFileSync(join(KEEP, 'long-tasks.json'), JSON.stringify(tasks));
  }
  let blocking = 0;
  for (const task of longTasks(tasks, profile)) {
    blocking += task.ms - LONG_TASK_MS;
    console.log(`+${task.start.toFixed(0).padStart(5)} ms  task of ${task.ms.toFixed(0)} ms`);
    for (const [frames, us] of task.top) console.log(`         ${(us / 1000).toFixed(0).padStart(4)} ms  ${frames.slice(0, 220)}`);
  }
  const mapped = [...maps.values()].some(Boolean);
  console.log(`${PAGE}: ${tasks.length} tasks over ${LONG_TASK_MS} ms at a ${CPU_SLOWDOWN}x slower CPU, ${blocking.toFixed(0)} ms over the line in all${mapped ? '' : ' (no source maps: build with `npx vite build --sourcemap` in apps/web to name the code)'}`);
} finally {
  await browser?.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
