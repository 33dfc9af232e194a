import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import type { S3Options } from '../modules/uploads/s3-storage';

/**
 * Security headers on every answer: a strict Content-Security-Policy the built app passes (no
 * inline script but the route preload's, by its hash; MUI's runtime styles need inline style), no framing, nosniff, no referrer to
 * other sites, microphone and camera for the app itself only (recordings, barcode scanning),
 * and HSTS when the app is served over https. Files in S3 are read and uploaded from the
 * bucket's own origin, which the policy names when S3 is configured.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl: string; s3?: S3Options | undefined; inlineScripts?: string[] }): Promise<void> {
  const storage = options.s3 ? [options.s3.endpoint ? new URL(options.s3.endpoint).origin : 'https://*.amazonaws.com'] : [];
  const https = options.publicUrl.startsWith('https://');
  // Not global: @fastify/helmet would build helmet's middleware from this configuration again on
  // every request (parsing the policy each time, a few percent of a small request's CPU). The
  // configuration never changes and asks for no nonces, so the headers are the same for every
  // answer: helmet writes them once, on the first request, and later answers get that list.
  await app.register(fastifyHelmet, {
    global: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...(options.inlineScripts ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...storage],
        mediaSrc: ["'self'", 'blob:', ...storage],
        connectSrc: ["'self'", ...storage],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  let headers: [string, string | number | string[]][] | null = null;
  app.addHook('onRequest', (_request, reply, done) => {
    if (!headers) {
      const before = new Set(reply.raw.getHeaderNames());
      reply.helmet();
      reply.raw.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
      const raw = reply.raw.getHeaders();
      headers = Object.keys(raw)
        .filter((name) => !before.has(name))
        .map((name) => [name, raw[name]!]);
    } else {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
    }
    done();
  });
}

const PERMISSIONS_POLICY = 'microphone=(self), camera=(self), geolocation=(), payment=(), usb=()';
