import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { runnerImport, type Plugin, type ResolvedConfig } from 'vite';

export interface PrerenderSignInOptions {
  /** The page's HTML, an input of the build, with the two markers below. */
  html: string;
  /** The module whose `renderSignInPage()` returns the page's markup and CSS. */
  render: string;
}

const MARKUP = '<!--sign-in:markup-->';
const STYLES = '<!--sign-in:styles-->';

/**
 * The sign-in page is the first page every user opens, often on a slow tablet, and the React
 * app's start (evaluating React, MUI and the router, then rendering) held its largest paint back
 * by seconds and blocked the main thread for 700 ms under Lighthouse's mobile settings (issue 19).
 * Once the build has written its files, this step renders the page's components on Node (the same
 * MUI components and theme, through Vite's module runner) and writes the HTML and CSS into the
 * page, whose own script (src/sign-in) only adds the form's behaviour.
 */
export function prerenderSignIn(options: PrerenderSignInOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'clinic:prerender-sign-in',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      const { module } = await runnerImport<{ renderSignInPage(): { markup: string; css: string } }>(resolve(config.root, options.render), {
        root: config.root,
        configFile: false,
        logLevel: 'error',
        plugins: [react()],
      });
      const { markup, css } = module.renderSignInPage();
      const page = join(config.build.outDir, options.html);
      const html = await readFile(page, 'utf8');
      if (!html.includes(MARKUP) || !html.includes(STYLES)) throw new Error(`${options.html} lacks the ${MARKUP} and ${STYLES} markers`);
      await writeFile(page, html.replace(STYLES, `<style>${css}</style>`).replace(MARKUP, markup));
    },
  };
}
