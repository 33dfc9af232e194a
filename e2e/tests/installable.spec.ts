import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, signIn, skipWelcome } from './helpers';

/**
 * The app installs and opens without a network (issue 52, item 1): its manifest is linked and
 * valid, a service worker (Workbox, apps/web/scripts/installable-app-plugin.ts) precaches every
 * file of the build, and a signed-in page reloads with the network off. The worker keeps the
 * app's files only: no API answer is ever in its caches, and /api is never answered with the app.
 */
test.use({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'allow' });

/** Every script and wasm file the web build wrote: each page's chunks, the barcode reader. */
const BUILT_ASSETS = readdirSync(new URL('../../apps/web/dist/assets/', import.meta.url)).filter((name) => /\.(js|wasm)$/.test(name));

/** The built service worker, which the server sends from disk (or its .br and .gz copies). */
const SERVICE_WORKER = new URL('../../apps/web/dist/sw.js', import.meta.url).pathname;

/** Puts `source` in place of the built service worker, precompressed as the web build does. */
function writeServiceWorker(source: Buffer): void {
  writeFileSync(SERVICE_WORKER, source);
  writeFileSync(`${SERVICE_WORKER}.br`, brotliCompressSync(source));
  writeFileSync(`${SERVICE_WORKER}.gz`, gzipSync(source, { level: 9 }));
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** A PNG's width and height, from its header (IHDR). */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${String(bytes.readUInt32BE(16))}x${String(bytes.readUInt32BE(20))}`;
}

async function expectIcon(request: APIRequestContext, icon: ManifestIcon | undefined, size: string): Promise<void> {
  expect(icon, `a ${size} icon`).toBeDefined();
  const res = await request.get(icon!.src);
  expect(res.status(), icon!.src).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
  expect(pngSize(await res.body()), icon!.src).toBe(size);
}

async function waitForServiceWorkerControl(page: Page): Promise<void> {
  // The worker registers once the page has loaded, downloads the whole build, then takes the page.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 60_000, message: 'a service worker controls the page' })
    .toMatch(/\/sw\.js$/);
}

/** The paths of everything in the page's Cache Storage (Workbox's precache and any other). */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

test('links a valid web manifest from the sign-in page and the app, with icons that load', async ({ page, request }) => {
  for (const path of ['/', '/register']) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  }
  const res = await request.get('/manifest.webmanifest');
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = (await res.json()) as { icons: ManifestIcon[] } & Record<string, unknown>;
  expect(manifest).toMatchObject({ name: 'Clinic Inventory', short_name: 'Inventory', start_url: '/', scope: '/', display: 'standalone', theme_color: '#00796b' });

  const any = manifest.icons.filter((icon) => (icon.purpose ?? 'any').split(' ').includes('any'));
  await expectIcon(request, any.find((icon) => icon.sizes === '192x192'), '192x192');
  await expectIcon(request, any.find((icon) => icon.sizes === '512x512'), '512x512');
  await expectIcon(request, manifest.icons.find((icon) => icon.purpose?.split(' ').includes('maskable')), '512x512');
});

test('opens a signed-in page with the network off, from the service worker, which keeps no API answer', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.member);
  await skipWelcome(page);
  await expect(page).toHaveURL(/\/dashboard$/);

  await waitForServiceWorkerControl(page);
  const cached = await cachedPaths(page);
  expect(cached).toEqual(expect.arrayContaining(['/index.html', '/sign-in.html', '/manifest.webmanifest', ...BUILT_ASSETS.map((name) => `/assets/${name}`)]));

  await context.setOffline(true);
  try {
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    // The page keeps the policy it was precached with (the route preload's hash included).
    expect(reloaded?.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-");
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Execute' })).toBeVisible();

    // A page not opened before: its chunks come from the precache too.
    await page.goto('/treatment-execution');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    // / is the sign-in page, as the server sends it; with a session it goes on to the home page.
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    // The API is the server's: offline, a navigation to it fails rather than opening the app.
    await expect(page.goto('/api/health')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  } finally {
    await context.setOffline(false);
  }

  // Online again the page's API calls went to the network; none of them was kept.
  await page.goto('/dashboard');
  await expect(page.getByText('Bright Smile Dental Group').first()).toBeVisible();
  const api = (await cachedPaths(page)).filter((path) => path.startsWith('/api'));
  expect(api).toEqual([]);
});

test('offers a new version with "A new version is ready — Reload", and Reload reloads the page on it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.member);
  await skipWelcome(page);
  await waitForServiceWorkerControl(page);

  // A new version without building twice: the same worker with one byte more is, to the browser, a new
  // worker (its precache unchanged). The built file is put back whatever happens.
  const built = readFileSync(SERVICE_WORKER);
  try {
    writeServiceWorker(Buffer.concat([built, Buffer.from('\n// the next version\n')]));
    await page.evaluate(async () => { await (await navigator.serviceWorker.getRegistration())?.update(); });
    const prompt = page.getByRole('alert').filter({ hasText: 'A new version is ready' });
    await expect(prompt).toHaveText(/^A new version is ready —\s*Reload$/);

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(prompt).toBeHidden();
    // The new worker took over: none waits any more, and it controls the reloaded page.
    expect(await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting !== null, active: registration?.active?.state, controlled: navigator.serviceWorker.controller !== null };
    })).toEqual({ waiting: false, active: 'activated', controlled: true });
  } finally {
    writeServiceWorker(built);
  }
});
