import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { withDatabase } from './setup/global-setup';
import { freePort, spawnServer, stopServer, untilUp, type ServerProcess } from './setup/server-process';

/**
 * Issue 38, traces: the real entry point from source, with OTEL_EXPORTER_OTLP_ENDPOINT pointing at
 * a stand-in OTLP/HTTP receiver on 127.0.0.1 (JSON, OTEL_EXPORTER_OTLP_PROTOCOL=http/json, so the
 * stand-in reads what it gets). A request's spans (http's server span, Fastify's, pg's on
 * PostgreSQL) arrive in one trace, and its log lines name that trace. Without the variable the
 * server sends nothing and answers as before. On PostgreSQL when TEST_DATABASE_URL is set (a fresh
 * database, as concurrent-start.test.ts makes one), else embedded, where there is no pg to trace.
 */
const adminUrl = process.env.TEST_DB_DRIVER === 'pglite' ? undefined : process.env.TEST_DATABASE_URL;

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  scope: string;
  service: string;
  attributes: Record<string, unknown>;
}

/** OTLP/JSON's key/value list as a plain object (intValue may come as a string: 64-bit). */
function attributesOf(list: { key: string; value: Record<string, unknown> }[] | undefined): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const { key, value } of list ?? []) {
    const [type, raw] = Object.entries(value)[0] ?? [];
    attributes[key] = type === 'intValue' ? Number(raw) : raw;
  }
  return attributes;
}

interface OtlpTraces {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: Record<string, unknown> }[] };
    scopeSpans?: { scope?: { name: string }; spans?: (Omit<Span, 'attributes' | 'scope' | 'service'> & { attributes?: { key: string; value: Record<string, unknown> }[] })[] }[];
  }[];
}

/** A stand-in OTLP/HTTP collector: every request it got, and the spans of POST /v1/traces. */
async function startReceiver() {
  const received = { requests: [] as string[], spans: [] as Span[] };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.requests.push(`${request.method ?? ''} ${request.url ?? ''} ${request.headers['content-type'] ?? ''}`);
      if (request.method === 'POST' && request.url === '/v1/traces' && request.headers['content-type'] === 'application/json') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpTraces;
        for (const resourceSpans of body.resourceSpans ?? []) {
          const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name']);
          for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
            for (const span of scopeSpans.spans ?? []) {
              received.spans.push({ ...span, scope: scopeSpans.scope?.name ?? '', service, attributes: attributesOf(span.attributes) });
            }
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { port, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A fresh PostgreSQL database for one server (dropped by `drop`), or the embedded one (DATA_DIR). */
async function database(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'clinic-tracing-'));
  if (!adminUrl) return { env: { DATA_DIR: dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const name = `clinic_tracing_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: withDatabase(adminUrl, name), DATABASE_POOL_SIZE: '4' },
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A sign-in with an unknown account: 401, a few queries on the way. */
async function wrongLogin(server: ServerProcess): Promise<Response> {
  return fetch(`${server.base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'nobody@example.com', password: 'not-the-password' }) });
}

/** The JSON log lines the server printed (stdout; LOG_LEVEL info). */
function logLines(server: ServerProcess): Record<string, unknown>[] {
  return server.output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function until<T>(what: string, find: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const SERVER_KIND = 2; // OTLP's SPAN_KIND_SERVER

it(
  `a request's spans (http, Fastify${adminUrl ? ', pg' : ''}) reach the OTLP endpoint in one trace, and its log lines carry the trace id`,
  async () => {
    const receiver = await startReceiver();
    const db = await database();
    const server = spawnServer(await freePort(), {
      ...db.env,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${String(receiver.port)}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '200',
    });
    try {
      await untilUp(server, Date.now() + 120_000);
      expect((await fetch(`${server.base}/health?probe=Harriet-Quimby`)).status).toBe(200);
      const login = await wrongLogin(server);
      expect(login.status).toBe(401);

      const spans = receiver.received.spans;
      const isServerSpan = (span: Span, route: string, method: string) =>
        span.kind === SERVER_KIND && span.attributes['http.route'] === route && (span.attributes['http.request.method'] ?? span.attributes['http.method']) === method;
      const loginSpan = await until('the login request\'s server span', () => spans.find((span) => isServerSpan(span, '/api/auth/login', 'POST')), 15_000);
      const healthSpan = await until('a health request\'s server span', () => spans.find((span) => isServerSpan(span, '/api/health', 'GET')), 15_000);

      // The server span: http's, its method, route and status, under the service's name.
      expect(loginSpan.scope).toBe('@opentelemetry/instrumentation-http');
      expect(loginSpan.service).toBe('clinic-inventory');
      expect(loginSpan.parentSpanId ?? '').toBe('');
      expect(loginSpan.attributes['http.response.status_code'] ?? loginSpan.attributes['http.status_code']).toBe(401);
      expect(healthSpan.attributes['http.response.status_code'] ?? healthSpan.attributes['http.status_code']).toBe(200);
      expect(healthSpan.traceId).not.toBe(loginSpan.traceId);
      // A query string's names are kept, not its values (what people type, kept out of logs too).
      const probed = await until('the probe\'s server span', () => spans.find((span) => isServerSpan(span, '/api/health', 'GET') && span.attributes['url.query'] !== undefined), 15_000);
      expect(probed.attributes['url.query']).toBe('probe=REDACTED');
      expect(spans.find((span) => span.scope === '@fastify/otel' && span.traceId === probed.traceId && span.name === 'request')?.attributes['url.path']).toBe('/api/health');
      expect(JSON.stringify(spans)).not.toContain('Harriet');

      // Fastify's spans (the request, its hooks and handler) and pg's queries, all in the login's trace.
      const inTrace = () => spans.filter((span) => span.traceId === loginSpan.traceId);
      await until('the login\'s Fastify spans', () => (inTrace().some((span) => span.scope === '@fastify/otel') ? true : undefined), 15_000);
      const fastify = inTrace().filter((span) => span.scope === '@fastify/otel');
      expect(fastify.map((span) => span.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^request/), expect.stringMatching(/^handler/)]));
      expect(fastify.find((span) => span.name.startsWith('request'))?.parentSpanId).toBe(loginSpan.spanId);
      // Hooks are named by their plugins' names (a nameless plugin would be named by its source text).
      expect(fastify.filter((span) => span.name.length > 200)).toEqual([]);
      if (adminUrl) {
        const queries = await until('the login\'s pg spans', () => {
          const found = inTrace().filter((span) => span.scope === '@opentelemetry/instrumentation-pg');
          return found.length > 0 ? found : undefined;
        }, 15_000);
        expect(queries.some((span) => (span.attributes['db.system'] ?? span.attributes['db.system.name']) === 'postgresql')).toBe(true);
        // No trace of its own for a query outside a request (the job engine's polling, the migrations).
        expect(spans.filter((span) => span.scope === '@opentelemetry/instrumentation-pg' && !span.parentSpanId)).toEqual([]);
      } else {
        expect(inTrace().filter((span) => span.scope === '@opentelemetry/instrumentation-pg')).toEqual([]);
      }

      // The login's log lines (incoming request, request completed) carry its trace id; lines outside a request do not.
      const lines = logLines(server);
      const loginRequestId = lines.find((line) => (line.req as { url?: string; path?: string } | undefined)?.path === '/api/auth/login')?.reqId;
      expect(loginRequestId).toBeDefined();
      const loginLines = lines.filter((line) => line.reqId === loginRequestId);
      expect(loginLines.length).toBeGreaterThanOrEqual(2);
      for (const line of loginLines) expect(line.traceId).toBe(loginSpan.traceId);
      expect(lines.filter((line) => line.reqId === undefined).every((line) => line.traceId === undefined)).toBe(true);
    } finally {
      await stopServer(server);
      await receiver.close();
      await db.drop();
    }
    expect(server.child.exitCode).toBe(0);
  },
  180_000,
);

it(
  'without OTEL_EXPORTER_OTLP_ENDPOINT nothing is sent, no line names a trace, and the server answers as before',
  async () => {
    const receiver = await startReceiver();
    const db = await database();
    // The other tracing settings given: the endpoint alone turns tracing on.
    const server = spawnServer(await freePort(), { ...db.env, SEED_DEMO: 'false', LOG_LEVEL: 'info', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '200' });
    try {
      await untilUp(server, Date.now() + 120_000);
      expect((await fetch(`${server.base}/health`)).status).toBe(200);
      const login = await wrongLogin(server);
      expect(login.status).toBe(401);
      expect(await login.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
      // Ten times the batch delay: a span would have been sent by now.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(receiver.received.requests).toEqual([]);
      expect(logLines(server).filter((line) => 'traceId' in line)).toEqual([]);
    } finally {
      await stopServer(server);
      await receiver.close();
      await db.drop();
    }
    expect(receiver.received.requests).toEqual([]);
  },
  180_000,
);
