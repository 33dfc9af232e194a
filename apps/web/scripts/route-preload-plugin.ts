import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** Where the first pages' code lives (paths from apps/web). */
export interface RoutePreloadOptions {
  /** index.html's entry module (the build has other pages with their own entries). */
  entry: string;
  /** The sign-in page, opened at / without a session. */
  signIn: string;
  /** The signed-in app's layout, around every signed-in page. */
  layout: string;
  /** Signed-in pages worth fetching with the entry, by their path ('/' opens the first of them). */
  pages: Record<string, string>;
  /** The localStorage key the session token is kept under (src/lib/auth-token.ts). */
  tokenKey: string;
  /**
   * GET calls (URLs as src/lib/api-client.ts builds them) asked for as the HTML arrives, with the
   * stored token: `all` on every signed-in page, `pages` on theirs (src/lib/early-requests.ts).
   */
  requests: { all: string[]; pages: Record<string, string[]> };
}

/** The file beside index.html with the CSP hashes of its inline scripts (read by the server). */
export const INLINE_SCRIPTS_FILE = 'inline-scripts.json';
/** Marks the inline route preload script in index.html (the size check reads it back). */
export const ROUTE_PRELOAD_ATTRIBUTE = 'data-route-preload';

interface BundleChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
  moduleIds: string[];
}

/**
 * Every page is a lazy chunk, so the browser only learns which chunks the first page needs once
 * the entry has been downloaded and run, and then fetches them (30 to 70 files, six at a time over
 * HTTP/1.1): Lighthouse showed the sign-in page and /dashboard waiting on that second round trip
 * series (issue 19). This build step writes a tiny script into index.html, ahead of the entry, that
 * looks at the path and the stored session and adds <link rel="modulepreload"> for the page's
 * chunks, so they download alongside the entry. It runs inline, as the HTML is parsed: as a file of
 * its own it started the page's chunks only once it had arrived, a round trip after the entry's
 * (issue 37). The Content-Security-Policy allows it by its hash, which the build writes to
 * inline-scripts.json for the server (apps/server/src/http/inline-script-hashes.ts). A wrong guess
 * (an expired token, a path not listed) only fetches code early or not at all: the app loads what
 * it needs as before.
 */
export function routePreload(options: RoutePreloadOptions): Plugin {
  return {
    name: 'clinic:route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).filter((item): item is BundleChunk & typeof item => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (roots: string[]): Set<string> => {
        const seen = new Set<string>();
        const stack = [...roots];
        for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
          if (seen.has(file)) continue;
          seen.add(file);
          stack.push(...(byFile.get(file)?.imports ?? []));
        }
        return seen;
      };
      // What index.html already preloads is left out.
      const entry = resolve(options.entry);
      const initial = closure(chunks.filter((chunk) => chunk.isEntry && chunk.moduleIds.includes(entry)).map((chunk) => chunk.fileName));
      const filesOf = (module: string): string[] => {
        const id = resolve(module);
        const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
        if (!chunk) this.error(`route-preload: no chunk for ${module}`);
        return [...closure([chunk.fileName])].filter((file) => !initial.has(file));
      };
      // Files are named once and referred to by index: the script stays around 1 KiB gzip.
      const files: string[] = [];
      const indexes = (list: string[]) =>
        list.map((file) => {
          const at = files.indexOf(file);
          return at >= 0 ? at : files.push(file) - 1;
        });
      const layout = filesOf(options.layout);
      const map = {
        signIn: indexes(filesOf(options.signIn)),
        pages: Object.fromEntries(Object.entries(options.pages).map(([path, module]) => [path, indexes([...new Set([...layout, ...filesOf(module)])])])),
        layout: indexes(layout),
      };
      const home = Object.keys(options.pages)[0];
      const source = `{const f=${JSON.stringify(files)},m=${JSON.stringify(map)},q=${JSON.stringify(options.requests)},s=localStorage.getItem(${JSON.stringify(options.tokenKey)}),p=location.pathname,g=p==='/'?${JSON.stringify(home)}:p;`
        + `for(const i of s?m.pages[g]??m.layout:p==='/'?m.signIn:[]){`
        + `const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href='/'+f[i];document.head.appendChild(l)}`
        // The first page's data, asked for now rather than after the code has arrived and run.
        + `if(s){const r={};for(const u of [...q.all,...(q.pages[g]??[])])r[u]={token:s,response:fetch(u,{headers:{Accept:'application/json',Authorization:'Bearer '+s}}).catch(()=>null)};window.__clinicEarly=r}}\n`;
      if (source.includes('</')) this.error('route-preload: the script would end its own <script> element');
      this.emitFile({ type: 'asset', fileName: INLINE_SCRIPTS_FILE, source: JSON.stringify([`sha256-${createHash('sha256').update(source).digest('base64')}`]) });
      const html = bundle['index.html'];
      if (html?.type !== 'asset') this.error('route-preload: index.html is not in the bundle');
      // Ahead of the entry (a deferred module script), and run as soon as the parser reaches it.
      html.source = String(html.source).replace('<script type="module"', `<script ${ROUTE_PRELOAD_ATTRIBUTE}>${source}</script>\n    <script type="module"`);
    },
  };
}
