import { resolve } from 'node:path';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';

/** The pages that get a chunk of their own, in order: a module two of them use goes to the first. */
export interface PageChunksOptions {
  /** Chunk name to the modules (paths from apps/web) whose static imports it gathers. */
  chunks: Record<string, string[]>;
}

type GraphOf = (id: string) => { importedIds: readonly string[] } | null;

// Set while the first pass runs, so the nested build does not start one of its own.
const FIRST_PASS = 'CLINIC_PAGE_CHUNKS_FIRST_PASS';

function staticClosure(roots: string[], graphOf: GraphOf): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graphOf(id)?.importedIds ?? []));
  }
  return seen;
}

/** The modules the entries' chunks (and the chunks they import) hold once tree-shaken. */
function entryModules(output: Rolldown.RolldownOutput['output'] | Rolldown.OutputBundle[string][]): Set<string> {
  const chunks = output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const modules = new Set<string>();
  const stack = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  const seen = new Set<string>();
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    const chunk = byFile.get(file);
    if (seen.has(file) || !chunk) continue;
    seen.add(file);
    chunk.moduleIds.forEach((id) => modules.add(id));
    stack.push(...chunk.imports);
  }
  return modules;
}

/**
 * Rolldown splits what the lazy pages share into one chunk per set of pages that use it: the
 * signed-in home needed 88 script files, most of them a few hundred bytes of MUI, and Lighthouse's
 * mobile run (HTTP/1.1, six connections, 150 ms round trips) spent seconds fetching them in waves
 * (issue 19). This plugin gives the app's layout and the first pages one chunk each: every module
 * they import statically, except what the entries' chunks already hold.
 *
 * Which modules the entries hold is known only after tree shaking (the module graph lists every
 * module an MUI index re-exports, most of which the entry never uses), so the build starts with a
 * nested first pass, without the groups and without writing, and reads the entries' chunks from
 * it. The groups only take modules out of lazy chunks: the entries, and so the size budget's first
 * page, are the same with and without them. A module a group takes that another page also uses is
 * then fetched with the group's chunk; those pages load more bytes in fewer files.
 */
export function pageChunks(options: PageChunksOptions) {
  const owner = new Map<string, string>();
  let inEntries = new Set<string>();
  let config: ResolvedConfig;
  const plugin: Plugin = {
    name: 'clinic:page-chunks',
    apply: (_config, env) => env.command === 'build' && !process.env[FIRST_PASS],
    configResolved(resolved) {
      config = resolved;
    },
    async buildStart() {
      process.env[FIRST_PASS] = '1';
      try {
        const outputs = await build({ root: config.root, configFile: config.configFile, mode: config.mode, logLevel: 'silent', build: { write: false } });
        const [output] = Array.isArray(outputs) ? outputs : [outputs];
        if (!output || !('output' in output)) this.error('page-chunks: the first pass returned no bundle');
        inEntries = entryModules(output.output);
      } finally {
        delete process.env[FIRST_PASS];
      }
    },
    buildEnd() {
      const graphOf: GraphOf = (id) => this.getModuleInfo(id);
      const taken = new Set(inEntries);
      for (const [name, modules] of Object.entries(options.chunks)) {
        for (const id of staticClosure(modules.map((module) => resolve(config.root, module)), graphOf)) {
          if (taken.has(id)) continue;
          owner.set(id, name);
          taken.add(id);
        }
      }
    },
    generateBundle(_options, bundle) {
      // What the entries load must not have moved into a page's chunk (it would be fetched first).
      const moved = [...entryModules(Object.values(bundle))].filter((id) => owner.has(id));
      if (moved.length > 0) this.error(`page-chunks: the entries now load page chunks (${moved.slice(0, 3).join(', ')})`);
    },
  };
  const groups = Object.keys(options.chunks).map((name) => ({
    name,
    test: (id: string) => owner.get(id) === name,
    // The closure is whole already; following dependencies again would pull entry modules in.
    includeDependenciesRecursively: false,
  }));
  return { plugin, groups };
}
