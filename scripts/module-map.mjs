// `npm run docs:module-map`: writes docs/architecture.md's map of modules (the layer table between
// its module-map markers) from the graph declared in apps/server/src/modules/dependencies.mjs.
// apps/server/test/module-map.lint.test.ts fails when the committed table differs from this one.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { moduleDependencies } from '../apps/server/src/modules/dependencies.mjs';

export const architectureDoc = fileURLToPath(new URL('../docs/architecture.md', import.meta.url));
export const startMarker = '<!-- module-map:start (npm run docs:module-map writes this table from dependencies.mjs) -->';
export const endMarker = '<!-- module-map:end -->';

/** Entries of the graph that are not modules: shown first in their row, as folders. */
const folders = { core: '`core/` (errors, access, Actor)', db: '`db/`', seed: '`seed/`' };
/** The one door for stock stands out in the map. */
const emphasized = new Set(['ledger']);

/**
 * Each entry's layer: 0 when it uses nothing, else one more than the highest layer it uses, so an
 * entry uses only entries of lower layers. Throws on a cycle (the lint rule reports it too).
 * @param {Readonly<Record<string, readonly string[]>>} graph
 * @returns {Map<string, number>}
 */
export function layersOf(graph) {
  /** @type {Map<string, number>} */
  const layers = new Map();
  const visiting = new Set();
  /** @type {(name: string) => number} */
  const layerOf = (name) => {
    const known = layers.get(name);
    if (known !== undefined) return known;
    if (visiting.has(name)) throw new Error(`the declared module graph has a cycle through ${name}`);
    if (!(name in graph)) throw new Error(`${name} is used but not declared`);
    visiting.add(name);
    const layer = graph[name].reduce((/** @type {number} */ highest, used) => Math.max(highest, layerOf(used) + 1), 0);
    visiting.delete(name);
    layers.set(name, layer);
    return layer;
  };
  for (const name of Object.keys(graph)) layerOf(name);
  return layers;
}

/**
 * The map as a Markdown table: one row per layer, folders first, then modules by name.
 * @param {Readonly<Record<string, readonly string[]>>} graph
 * @returns {string}
 */
export function moduleMapTable(graph) {
  /** @type {string[][]} */
  const rows = [];
  for (const [name, layer] of layersOf(graph)) (rows[layer] ??= []).push(name);
  /** @param {string} name */
  const rank = (name) => (name in folders ? Object.keys(folders).indexOf(name) : Infinity);
  /** @param {string} name */
  const shown = (name) => folders[/** @type {keyof typeof folders} */ (name)] ?? (emphasized.has(name) ? `**${name}**` : name);
  const lines = ['| layer | modules |', '|---|---|'];
  rows.forEach((names, layer) => {
    const sorted = [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    lines.push(`| ${String(layer)} | ${sorted.map(shown).join(', ')} |`);
  });
  return lines.join('\n');
}

/**
 * The document with the table between its markers replaced by the given one.
 * @param {string} doc
 * @param {string} table
 * @returns {string}
 */
export function withModuleMap(doc, table) {
  const start = doc.indexOf(startMarker);
  const end = doc.indexOf(endMarker);
  if (start < 0 || end < start) throw new Error(`docs/architecture.md has no "${startMarker}" ... "${endMarker}" pair`);
  return `${doc.slice(0, start + startMarker.length)}\n${table}\n${doc.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const doc = readFileSync(architectureDoc, 'utf8');
  const updated = withModuleMap(doc, moduleMapTable(moduleDependencies));
  if (updated === doc) console.log('docs/architecture.md: the map of modules is up to date');
  else {
    writeFileSync(architectureDoc, updated);
    console.log('docs/architecture.md: the map of modules rewritten from dependencies.mjs');
  }
}
