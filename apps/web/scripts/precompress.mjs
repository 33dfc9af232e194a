// Writes brotli (.br) and gzip (.gz) copies of the built app's text and wasm files next to them,
// so the server sends them precompressed (@fastify/static preCompressed) at no CPU cost per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = new URL('../dist/', import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|wasm|txt|map)$/;
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

let before = 0;
let after = 0;
for await (const path of files(DIST)) {
  if ((await stat(path)).size < MIN_BYTES) continue;
  const body = await readFile(path);
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  await writeFile(`${path}.br`, br);
  await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
  before += body.length;
  after += br.length;
}
console.log(`precompressed ${(before / 1024).toFixed(0)} KiB of assets to ${(after / 1024).toFixed(0)} KiB (brotli)`);
