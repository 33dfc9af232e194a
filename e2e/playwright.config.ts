import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
// The browser tests wait far more than they compute (a third of a core over a run), so they run in
// workers side by side, each against a server and database of its own: a file's tests run in order
// in one worker and see only their own worker's records, as they did in one. Playwright loads this
// file in every worker with TEST_PARALLEL_INDEX set, which picks the worker's server.
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const workerPort = PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  // A whole flow (two sign-ins, an upload, an edit, a delete) runs beside the PostgreSQL pass of
  // the server suite on a 2-core machine: 60 s was once not enough on a loaded machine, and CI's
  // runs about 1.5 times slower. A passing test takes no longer for it.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${String(workerPort)}`,
    // Only the installable app's spec lets the service worker in: elsewhere it would download the
    // whole build after each page's load and answer navigations itself.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: Array.from({ length: WORKERS }, (_, index) => ({
    command: `node start-server.mjs ${String(PORT + index)}`,
    url: `http://127.0.0.1:${String(PORT + index)}/api/health`,
    timeout: 90_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
