// clinic/module-boundaries: a server module uses another only through the files that module
// offers, and only if it declares that module in apps/server/src/modules/dependencies.mjs.
// The convention is written down in docs/architecture.md, "Modules and what they may import".
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { moduleDependencies, publicFiles } from '../apps/server/src/modules/dependencies.mjs';

const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/src');
const modulesDir = path.join(serverSrc, 'modules');

/** Every module offers these kinds of file; the name before the suffix is free. */
const PUBLIC_SUFFIXES = ['.service', '.reads', '.writes', '.mapper'];

/** Folders of src/ that are checked as if they were modules (the rest assemble the app). */
const CHECKED_FOLDERS = new Set(['seed', 'core', 'db']);

/**
 * A path of modules that leads back to where it started, or null when there is none.
 * @param {Readonly<Record<string, readonly string[]>>} graph
 * @returns {string[] | null}
 */
export function findCycle(graph) {
  const done = new Set();
  const onPath = [];
  /** @param {string} node */
  function visit(node) {
    const at = onPath.indexOf(node);
    if (at >= 0) return [...onPath.slice(at), node];
    if (done.has(node)) return null;
    onPath.push(node);
    for (const next of graph[node] ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    onPath.pop();
    done.add(node);
    return null;
  }
  for (const node of Object.keys(graph)) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

/** The module (or checked folder) a file belongs to, or null when the rule leaves it alone. */
function ownerOf(file) {
  const parts = path.relative(serverSrc, file).split(path.sep);
  if (parts[0] === '..' || parts.length < 2) return null;
  if (parts[0] === 'modules') return parts.length > 2 ? parts[1] : null;
  return CHECKED_FOLDERS.has(parts[0]) ? parts[0] : null;
}

/** The module and the file inside it (without extension) an import lands on, if it is a module's. */
function targetOf(file, source) {
  if (!source.startsWith('.')) return null;
  const parts = path.relative(modulesDir, path.resolve(path.dirname(file), source)).split(path.sep);
  if (parts[0] === '..' || parts.length < 2) return null;
  return { module: parts[0], file: parts.slice(1).join('/').replace(/\.(ts|js|mjs)$/, '') };
}

/**
 * A module's doors: its *.service, *.reads, *.writes and *.mapper files at its root or in one folder
 * of a concern (pms/upcoming/upcoming.reads), and the files it lists in publicFiles.
 */
function isPublic(target) {
  if (PUBLIC_SUFFIXES.some((suffix) => target.file.endsWith(suffix) && target.file.split('/').length <= 2)) return true;
  return (publicFiles[target.module] ?? []).includes(target.file);
}

const cycle = findCycle(moduleDependencies);

/** @type {import('eslint').Rule.RuleModule} */
const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Server modules import each other only through declared doors (docs/architecture.md).' },
    schema: [],
    messages: {
      internal:
        "'{{source}}' is internal to the {{module}} module. Import its *.service, *.reads, *.writes or *.mapper file, or a file it lists in publicFiles (apps/server/src/modules/dependencies.mjs).",
      undeclared: "{{owner}} does not declare that it uses {{module}}. Add it to {{owner}}'s entry in apps/server/src/modules/dependencies.mjs (the graph must stay acyclic).",
      cycle: 'The declared module dependencies go round in a circle: {{path}} (apps/server/src/modules/dependencies.mjs).',
    },
  },
  create(context) {
    const owner = ownerOf(context.filename);
    if (!owner) return {};
    const declared = new Set(moduleDependencies[owner] ?? []);

    function check(node) {
      if (!node.source || typeof node.source.value !== 'string') return;
      const target = targetOf(context.filename, node.source.value);
      if (!target || target.module === owner) return;
      const data = { source: node.source.value, module: target.module, owner };
      if (!isPublic(target)) context.report({ node: node.source, messageId: 'internal', data });
      if (!declared.has(target.module)) context.report({ node: node.source, messageId: 'undeclared', data });
    }

    return {
      Program(node) {
        if (cycle && cycle.includes(owner)) context.report({ node, messageId: 'cycle', data: { path: cycle.join(' -> ') } });
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default {
  meta: { name: 'clinic' },
  rules: { 'module-boundaries': moduleBoundaries },
};
