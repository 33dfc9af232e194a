import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/setup/test-app';
import { createSupplier } from '../../test/factories/index';
import { createWorld, type World } from '../../test/world';

/** The built app is sent precompressed with long-lived caching for hashed assets; JSON answers are compressed. */
const dist = mkdtempSync(join(tmpdir(), 'clinic-dist-'));
const script = `console.log(${JSON.stringify('clinic '.repeat(400))});`;
const html = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const inlineHash = 'sha256-EWG6R9avhay2MXxia7LIavTr45CDWuRbRnCK4zJ7dio=';
const signInHtml = `<!doctype html><html><head><title>Sign in</title></head><body><form data-sign-in="form"></form>${'<div></div>'.repeat(200)}</body></html>`;
let t: TestApp;
let world: World;
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  for (const [path, body] of [['assets/index-abc123.js', script], ['index.html', html], ['sign-in.html', signInHtml]] as const) {
    writeFileSync(join(dist, path), body);
    writeFileSync(join(dist, `${path}.br`), brotliCompressSync(body));
    writeFileSync(join(dist, `${path}.gz`), gzipSync(body));
  }
  // What the web build writes for its inline route preload script; a bogus entry is left out.
  writeFileSync(join(dist, 'inline-scripts.json'), JSON.stringify([inlineHash, "'unsafe-inline'"]));
  t = await createTestApp({ webDist: dist });
  world = await createWorld(t.db);
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('allows the inline scripts the build names by their hash, and no other inline script', async () => {
    const res = await t.request({ method: 'GET', url: '/dashboard' });
    const scriptSrc = String(res.headers['content-security-policy']).split(';').find((d) => d.trim().startsWith('script-src'))!.trim();
    expect(scriptSrc).toBe(`script-src 'self' 'wasm-unsafe-eval' '${inlineHash}'`);
  });

  it('sends hashed assets precompressed and immutable for a year', async () => {
    const br = await t.request({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.request({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.request({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('opens the prerendered sign-in page at /, and the app at every other route', async () => {
    for (const url of ['/', '/?from=mail']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(signInHtml);
    }
    for (const url of ['/dashboard', '/register', '/recover-account']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.body, url).toBe(html);
    }
  });

  it('makes the browser ask again for index.html, at / and at every app route', async () => {
    for (const url of ['/', '/dashboard', '/treatment-execution/CH-1']) {
      const res = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
  });
});

describe('API answers', () => {
  it('are compressed when the client accepts it, and plain otherwise', async () => {
    const companyId = world.own.org.locations[0]!.id;
    for (let i = 0; i < 12; i += 1) await createSupplier(t.db, { companyId, name: `Compressible Supplier ${String(i).padStart(2, '0')}` });
    const token = t.tokenFor(world.own.users.company_member);
    const zipped = await t.request({ method: 'GET', url: '/api/supplier?perPage=50', token, headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(zipped.rawPayload).toString()) as { results: unknown[] };
    expect(body.results.length).toBeGreaterThanOrEqual(12);
    const plain = await t.request({ method: 'GET', url: '/api/supplier?perPage=50', token });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().results).toHaveLength(body.results.length);
  });
});

describe('security headers', () => {
  it('come with the app and the API: a strict CSP, no framing, nosniff, referrer and permissions policies', async () => {
    for (const url of ['/', '/dashboard', '/api/health', '/assets/index-abc123.js']) {
      const res = await t.request({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy'], url).toBe('microphone=(self), camera=(self), geolocation=(), payment=(), usb=()');
      // Served over http here: no HSTS (it would pin a site that has no certificate).
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('answers HEAD wherever GET answers', async () => {
    for (const url of ['/', '/dashboard', '/api/health', '/assets/index-abc123.js']) {
      const res = await t.request({ method: 'HEAD', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('');
    }
  });

  it('adds HSTS when the app is served over https', async () => {
    const secure = await createTestApp({ publicUrl: 'https://clinic.example' });
    try {
      const res = await secure.request({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });
});
