// Bundles the server (and the TypeScript domain package it imports) into ESM files in dist/;
// npm packages stay external and are loaded from node_modules. The entry is dist/main.js.
// Code splitting keeps main.js a small entry and the server a chunk it imports later: when tracing
// is on, OpenTelemetry starts before the server's chunk (and the fastify, http and pg it imports)
// loads, which its instrumentations need (src/main.ts). One file would load them all first.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// The chunks of an earlier build would otherwise pile up beside the new ones.
rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // The workspace domain package is TypeScript source: bundle it; everything else stays external.
  external: [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})].filter((name) => !name.startsWith('@clinic/')),
  logLevel: 'warning',
});
