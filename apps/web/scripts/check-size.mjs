// JavaScript size budget (issue 19): fails when the built app's JavaScript has grown past
// size-budget.json. A page's JavaScript is what its HTML makes the browser fetch before anything
// renders: its entry script plus every <link rel="modulepreload">; the sign-in page
// (sign-in.html, prerendered, sent for /) and the app (index.html, every other path) are counted apart. "All" is every .js file in
// dist/assets (route chunks, charts, scanner glue); the barcode reader's .wasm is not JavaScript
// and is reported apart. Sizes are gzip at level 9, the same as the .gz copies the server sends.
// It also counts the script files the signed-in home (/dashboard) fetches before it renders (under
// HTTP/1.1 each is a round trip; scripts/page-chunks-plugin.ts keeps them few) and their size: the
// first page's scripts plus the layout's and the dashboard's chunks (issue 37), and what the other
// first pages (the products list, the chair) fetch before they render, the same way.
// Run after `npm run build -w @clinic/web`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const WEB = new URL('../', import.meta.url).pathname;
const DIST = join(WEB, 'dist');
const ASSETS = join(DIST, 'assets');
const budget = JSON.parse(readFileSync(join(WEB, 'size-budget.json'), 'utf8'));

if (!existsSync(join(DIST, 'index.html'))) {
  console.error('size: apps/web/dist/index.html is missing; run `npm run build -w @clinic/web` first');
  process.exit(1);
}

const gzipBytes = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kib = (bytes) => bytes / 1024;
const fmt = (bytes) => `${kib(bytes).toFixed(1)} KiB`;

/** The JavaScript a page makes the browser fetch before anything renders: its module scripts and modulepreloads. */
function pageScripts(page) {
  const html = readFileSync(join(DIST, page), 'utf8');
  const files = new Set();
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const isEntry = /^<script\b/.test(tag) && /\btype="module"/.test(tag);
    const isPreload = /^<link\b/.test(tag) && /\brel="modulepreload"/.test(tag);
    if (!isEntry && !isPreload) continue;
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (url?.endsWith('.js')) files.add(join(DIST, url.replace(/^\//, '')));
  }
  if (files.size === 0) {
    console.error(`size: no module script found in dist/${page}`);
    process.exit(1);
  }
  return files;
}

const firstPage = pageScripts('index.html');
const signInPage = pageScripts('sign-in.html');
const firstPageBytes = [...firstPage].reduce((sum, file) => sum + gzipBytes(file), 0);
const signInBytes = [...signInPage].reduce((sum, file) => sum + gzipBytes(file), 0);
const assets = readdirSync(ASSETS);
const jsSizes = assets.filter((name) => name.endsWith('.js')).map((name) => [name, gzipBytes(join(ASSETS, name))]);
const allBytes = jsSizes.reduce((sum, [, bytes]) => sum + bytes, 0);
const wasmBytes = assets
  .filter((name) => name.endsWith('.wasm'))
  .reduce((sum, name) => sum + gzipBytes(join(ASSETS, name)), 0);

/**
 * The files the route preload script (scripts/route-preload-plugin.ts) adds for a signed-in path,
 * read back from the script it wrote into index.html: each is one more request before the page renders.
 */
function routePreloadFiles(path) {
  const source = /<script data-route-preload>([\s\S]*?)<\/script>/.exec(readFileSync(join(DIST, 'index.html'), 'utf8'))?.[1];
  if (!source) {
    console.error('size: no route preload script in dist/index.html');
    process.exit(1);
  }
  const files = JSON.parse(/const f=(\[.*?\]),m=/.exec(source)?.[1] ?? 'null');
  const map = JSON.parse(/,m=(\{.*?\}),[qs]=/.exec(source)?.[1] ?? 'null');
  const indexes = map?.pages?.[path];
  if (!files || !indexes) {
    console.error(`size: the route-preload script lists nothing for ${path}`);
    process.exit(1);
  }
  return indexes.map((index) => join(DIST, files[index]));
}

/** What a signed-in page really fetches before it renders: the app's first page and the route preload's chunks. */
const filesBeforeRender = (path) => new Set([...firstPage, ...routePreloadFiles(path)]);
const bytesOf = (files) => [...files].reduce((sum, file) => sum + gzipBytes(file), 0);
const homeFiles = filesBeforeRender('/dashboard');
const homeBytes = bytesOf(homeFiles);

const checks = [
  ['Sign-in page JavaScript (sign-in.html, what / sends)', signInBytes, budget.signInPageJsGzipKiB],
  ['App first page JavaScript (index.html: entry + modulepreloads)', firstPageBytes, budget.firstPageJsGzipKiB],
  ['Home page (/dashboard) JavaScript before it renders (first page, layout, dashboard)', homeBytes, budget.homePageJsGzipKiB],
  ['Products list (/products) JavaScript before it renders', bytesOf(filesBeforeRender('/products')), budget.productsPageJsGzipKiB],
  ['The chair (/treatment-execution) JavaScript before it renders', bytesOf(filesBeforeRender('/treatment-execution')), budget.chairPageJsGzipKiB],
  ['All JavaScript (dist/assets/*.js)', allBytes, budget.allJsGzipKiB],
];
let failed = false;
const homeOver = homeFiles.size > budget.homeScriptFiles;
failed ||= homeOver;
console.log(`${homeOver ? 'FAIL' : 'ok  '} Home page (/dashboard) script files before it renders: ${homeFiles.size} (budget ${budget.homeScriptFiles})`);
for (const [label, bytes, limitKiB] of checks) {
  const over = kib(bytes) > limitKiB;
  failed ||= over;
  console.log(`${over ? 'FAIL' : 'ok  '} ${label}: ${fmt(bytes)} gzip (budget ${limitKiB} KiB)`);
}
console.log(`     Barcode reader wasm (not counted): ${fmt(wasmBytes)} gzip`);
console.log('     Largest chunks:');
for (const [name, bytes] of jsSizes.sort((a, b) => b[1] - a[1]).slice(0, 5)) {
  console.log(`       ${fmt(bytes).padStart(10)}  ${name}${firstPage.has(join(ASSETS, name)) ? '  (first page)' : ''}`);
}
if (failed) {
  console.error(
    '\nsize: the JavaScript budget in apps/web/size-budget.json is exceeded. Load the new code lazily ' +
      '(React.lazy / dynamic import) or make it smaller; raise the budget only on purpose.',
  );
  process.exit(1);
}
