import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { prerenderSignIn } from './scripts/prerender-sign-in-plugin.ts';
import { routePreload } from './scripts/route-preload-plugin.ts';
import { pageChunks } from './scripts/page-chunks-plugin.ts';
import { isolatedTestFiles } from './scripts/isolated-test-files.ts';
import { installableApp } from './scripts/installable-app-plugin.ts';

const firstPages = pageChunks({
  smallGroupBytes: 4096,
  chunks: {
    layout: ['src/app/layout/app-layout.tsx'],
    dashboard: ['src/features/dashboard/pages/dashboard-page.tsx'],
    'treatment-execution': ['src/features/visits/pages/treatment-execution-page.tsx'],
    // The outbox (the chair's and the shelf's), which the layout also loads once the page is idle
    // (to send what waits) and when sign-out is asked for: a chunk of its own, not a page's whole.
    // Its list ("Not sent yet") and hooks go with it, so /inventory and a count's page, which show
    // the list too, do not fetch the chair's page for them; the sending code of every kind too (one chunk, not five).
    outbox: ['src/lib/outbox/outbox-sender.ts', 'src/lib/outbox/use-outbox.ts', 'src/components/outbox/not-sent-panel.tsx', 'src/app/outbox/deliver-entry.ts'],
    products: ['src/features/products/pages/products-page.tsx'],
  },
});

/** The shared-registry project and the isolated one (scripts/isolated-test-files.ts says why). */
function testProjects(): TestProjectInlineConfiguration[] {
  // Each project names its own files: a project's include adds to the root's, it does not replace it.
  const isolated = isolatedTestFiles(fileURLToPath(new URL('.', import.meta.url)));
  return [
    { extends: true, test: { name: 'shared', isolate: false, include: ['src/**/*.test.{ts,tsx}'], exclude: [...configDefaults.exclude, ...isolated] } },
    { extends: true, test: { name: 'isolated', include: isolated } },
  ];
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    firstPages.plugin,
    routePreload({
      entry: 'src/main.tsx',
      signIn: 'src/features/auth/pages/login-page.tsx',
      layout: 'src/app/layout/app-layout.tsx',
      // The desktop home first (where / sends a signed-in user), then the phones' home and the most used lists.
      pages: {
        '/dashboard': 'src/features/dashboard/pages/dashboard-page.tsx',
        '/treatment-execution': 'src/features/visits/pages/treatment-execution-page.tsx',
        '/products': 'src/features/products/pages/products-page.tsx',
      },
      tokenKey: 'access_token',
      // The profile (every signed-in page waits on it) and the chair's waiting visits, its largest paint.
      requests: { all: ['/api/auth/profile'], pages: { '/treatment-execution': ['/api/pms/waiting'] } },
    }),
    // The server sends this page for / (apps/server/src/app.ts): the sign-in page as HTML, without the app.
    prerenderSignIn({ html: 'sign-in.html', render: 'src/sign-in/prerender.tsx' }),
    // The service worker is written last (closeBundle, after the sign-in page's prerender): it precaches the pages as sent.
    installableApp(),
  ],
  resolve: {
    // react-router's package exports point every bundler at its development build (warnings and
    // checks included); production builds take the production one it ships beside it.
    // Workbox's window library (the service worker's registration, src/app/update/) points bundlers at
    // its ES5 build; the modern one beside it is 0.9 KiB smaller gzip, and is lowered to the targets below.
    alias:
      command !== 'build'
        ? []
        : [
            { find: /^react-router$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
            { find: /^workbox-window$/, replacement: fileURLToPath(new URL('../../node_modules/workbox-window/build/workbox-window.prod.mjs', import.meta.url)) },
          ],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: { port: 5173 },
  build: {
    outDir: 'dist',
    // iPads from iPadOS 15 are supported (spec: unsupported below 15), so syntax is lowered for Safari 15.
    target: ['es2020', 'safari15', 'chrome100', 'firefox100', 'edge100'],
    emptyOutDir: true,
    rolldownOptions: { input: { main: 'index.html', signIn: 'sign-in.html' }, output: { codeSplitting: { groups: firstPages.groups } } },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Whole-panel flows type and click through MUI dialogs in jsdom: about 5 s each on a busy
    // 2-core runner, where vitest's default of 5 s made the slowest fail on load alone.
    testTimeout: 20_000,
    // Vitest runs one file at a time on 2 cores (cores - 1); two at once took the suite from ~296 s to ~214 s.
    maxWorkers: 2,
    // Test files share a module registry per worker, but those that mock a module run alone.
    projects: testProjects(),
  },
}));
