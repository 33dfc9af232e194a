import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/setup/test-app';

/**
 * The installable app's files (issue 52, item 1; apps/web/scripts/installable-app-plugin.ts): the
 * browser looks for a new service worker and manifest at each visit, so neither may be cached
 * under its name; both are served from the site's root under the same strict policy as the pages.
 */
const dist = mkdtempSync(join(tmpdir(), 'clinic-dist-'));
const serviceWorker = `importScripts('./workbox-1a2b3c4d.js');${'self.addEventListener("fetch", () => {});'.repeat(40)}`;
const manifest = JSON.stringify({ name: 'Clinic Inventory', start_url: '/', display: 'standalone', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] });
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
let t: TestApp;
beforeAll(async () => {
  mkdirSync(join(dist, 'icons'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dist, 'sign-in.html'), '<!doctype html><title>sign in</title>');
  writeFileSync(join(dist, 'sw.js'), serviceWorker);
  // The web build precompresses every script, the service worker's too (apps/web/scripts/precompress.mjs).
  writeFileSync(join(dist, 'sw.js.br'), brotliCompressSync(serviceWorker));
  writeFileSync(join(dist, 'workbox-1a2b3c4d.js'), 'self.workbox = {};');
  writeFileSync(join(dist, 'manifest.webmanifest'), manifest);
  writeFileSync(join(dist, 'icons', 'icon-192.png'), png);
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the installable app', () => {
  it('sends the service worker from the root as JavaScript, asked for again at each check', async () => {
    for (const encoding of ['br', undefined]) {
      const res = await t.request({ method: 'GET', url: '/sw.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe(encoding);
    }
    const runtime = await t.request({ method: 'GET', url: '/workbox-1a2b3c4d.js' });
    expect(runtime.headers['content-type']).toMatch(/^(application|text)\/javascript/);
  });

  it('sends the manifest as application/manifest+json, asked for again at each visit', async () => {
    const res = await t.request({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ name: 'Clinic Inventory', display: 'standalone' });
  });

  it('sends the icons as PNG', async () => {
    const res = await t.request({ method: 'GET', url: '/icons/icon-192.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('keeps the strict policy on them, which lets the app load its own worker and manifest and nothing inline', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest', '/dashboard']) {
      const res = await t.request({ method: 'GET', url });
      const directives = new Map(String(res.headers['content-security-policy']).split(';').map((part) => {
        const [name = '', ...sources] = part.trim().split(/\s+/);
        return [name, sources] as const;
      }));
      // manifest-src is not named: it falls back to default-src, the site's own origin.
      expect(directives.get('default-src'), url).toEqual(["'self'"]);
      expect(directives.has('manifest-src'), url).toBe(false);
      expect(directives.get('worker-src'), url).toContain("'self'");
      expect(directives.get('script-src'), url).not.toContain("'unsafe-inline'");
      expect(directives.get('script-src'), url).not.toContain("'unsafe-eval'");
    }
  });
});
