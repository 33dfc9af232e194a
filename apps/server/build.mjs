// Bundles the server (and the TypeScript domain package it imports) into one ESM file;
// npm packages stay external and are loaded from node_modules.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // The workspace domain package is TypeScript source: bundle it; everything else stays external.
  external: [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})].filter((name) => !name.startsWith('@clinic/')),
  logLevel: 'warning',
});
