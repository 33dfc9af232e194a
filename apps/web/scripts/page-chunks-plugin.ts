import { resolve } from 'node:path';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';

/** The layout and the pages that get chunks of their own (see pageChunks). */
export interface PageChunksOptions {
  /** Chunk name to the modules (paths from apps/web) whose code, with what it imports, it gathers. */
  chunks: Record<string, string[]>;
  /**
   * Below this many bytes (minified, before gzip) the code shared by all pages but one joins the
   * code all of them share: a file of its own would cost those pages a round trip for a few
   * hundred bytes, and the one page left out loads them for nothing, which costs less.
   */
  smallGroupBytes: number;
}

type Chunk = Pick<Rolldown.OutputChunk, 'fileName' | 'imports' | 'isEntry' | 'facadeModuleId' | 'moduleIds' | 'modules'>;

// Set while the first pass runs, so the nested build does not start one of its own.
const FIRST_PASS = 'CLINIC_PAGE_CHUNKS_FIRST_PASS';

/** The modules held by these chunks and every chunk they import statically. */
function modulesLoadedWith(roots: Chunk[], chunks: Chunk[]): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const modules = new Set<string>();
  const seen = new Set<string>();
  const stack = roots.map((chunk) => chunk.fileName);
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    const chunk = byFile.get(file);
    if (seen.has(file) || !chunk) continue;
    seen.add(file);
    chunk.moduleIds.forEach((id) => modules.add(id));
    stack.push(...chunk.imports);
  }
  return modules;
}

const chunksOf = (items: (Rolldown.OutputChunk | Rolldown.OutputAsset)[]): Chunk[] =>
  items.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');

/**
 * Rolldown splits what the lazy pages share into one chunk per set of pages that use it: the
 * signed-in home needed 88 script files, most of them a few hundred bytes of MUI, and Lighthouse's
 * mobile run (HTTP/1.1, six connections, 150 ms round trips) spent seconds fetching them in waves
 * (issue 19). This plugin gives the app's layout one chunk, and the first pages (the home among
 * them) a chunk each plus one per set of them for the modules they share.
 *
 * What goes in is read from a first pass of the same build (nested, without the groups, nothing
 * written): a page's chunk and every chunk it imports statically, less what the entries load and
 * what an earlier group took. Rolldown's own split has tree shaking and side effects behind it; the
 * module graph alone does not (an index that re-exports a package names every module of it). So a
 * group's modules import only the entries' and earlier groups' modules, never back, and run in the
 * same order as before without `strictExecutionOrder`; the entries, and so the size budget's first
 * page, are the same with and without the groups (checked: the build fails otherwise). A module the
 * layout takes that a page outside the app layout also uses is then fetched with the layout's
 * chunk; that page loads more bytes in fewer files.
 */
export function pageChunks(options: PageChunksOptions) {
  const owner = new Map<string, string>();
  let config: ResolvedConfig;
  const plugin: Plugin = {
    name: 'clinic:page-chunks',
    apply: (_config, env) => env.command === 'build' && !process.env[FIRST_PASS],
    configResolved(resolved) {
      config = resolved;
    },
    async buildStart() {
      process.env[FIRST_PASS] = '1';
      let chunks: Chunk[];
      try {
        const outputs = await build({ root: config.root, configFile: config.configFile, mode: config.mode, logLevel: 'silent', build: { write: false } });
        const [output] = Array.isArray(outputs) ? outputs : [outputs];
        if (!output || !('output' in output)) this.error('page-chunks: the first pass returned no bundle');
        chunks = chunksOf(output.output);
      } finally {
        delete process.env[FIRST_PASS];
      }
      const taken = modulesLoadedWith(chunks.filter((chunk) => chunk.isEntry), chunks);
      // The layout takes its modules first; the pages' are what it does not hold.
      const users = new Map<string, string[]>();
      for (const [name, modules] of Object.entries(options.chunks)) {
        const roots = modules.map((module) => {
          const id = resolve(config.root, module);
          const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) this.error(`page-chunks: no chunk holds ${module}`);
          return chunk;
        });
        for (const id of modulesLoadedWith(roots, chunks)) {
          if (taken.has(id)) continue;
          if (name === layoutName) {
            owner.set(id, name);
            taken.add(id);
          } else users.set(id, [...(users.get(id) ?? []), name]);
        }
      }
      // A module pages share goes to the chunk of exactly the pages that use it, so none fetches
      // and runs another's own code (/products fetched the chair's 60 KiB chunk, and then ran the
      // home's 40 KiB, 60 ms at Lighthouse's 4x slower CPU, for the little of it it used).
      const sizes = new Map(chunks.flatMap((chunk) => Object.entries(chunk.modules).map(([id, module]) => [id, module.renderedLength] as const)));
      const groupBytes = new Map<string, number>();
      for (const [id, pages] of users) {
        const group = groupName(pages);
        owner.set(id, group);
        groupBytes.set(group, (groupBytes.get(group) ?? 0) + (sizes.get(id) ?? 0));
      }
      // A small group of all pages but one joins all pages' group. Its modules import only
      // modules used by at least the same pages: its own group's and all pages' (there is no set
      // in between), so the order of execution holds.
      const allPages = groupName(pageNames);
      for (const [id, group] of owner) {
        const pages = group.split('+');
        if (pages.length === pageNames.length - 1 && pages.length > 1 && (groupBytes.get(group) ?? 0) < options.smallGroupBytes) owner.set(id, allPages);
      }
    },
    generateBundle(_options, bundle) {
      // What the entries load must not have moved into a page's chunk (it would be fetched first).
      const chunks = chunksOf(Object.values(bundle));
      const moved = [...modulesLoadedWith(chunks.filter((chunk) => chunk.isEntry), chunks)].filter((id) => owner.has(id));
      if (moved.length > 0) this.error(`page-chunks: the entries now load page chunks (${moved.slice(0, 3).join(', ')})`);
    },
  };
  // The first chunk named is the layout's (around every page), which takes all it uses; the
  // pages' shared modules are grouped by the pages using them.
  const [layoutName = 'layout', ...pageNames] = Object.keys(options.chunks);
  // Every set of pages, the largest first: a module's imports are used by at least the same pages,
  // so they sit in a group with a superset of them, ordered before it (execution order holds).
  const sets = pageNames
    .reduce<string[][]>((all, page) => [...all, ...all.map((set) => [...set, page])], [[]])
    .filter((set) => set.length > 0)
    .sort((a, b) => b.length - a.length);
  const groupName = (pages: string[]) => pageNames.filter((page) => pages.includes(page)).join('+');
  const groups = [layoutName, ...sets.map(groupName)].map((name) => ({
    name,
    test: (id: string) => owner.get(id) === name,
    // The first pass's chunks hold the dependencies already; following them again would pull entry modules in.
    includeDependenciesRecursively: false,
  }));
  return { plugin, groups };
}
