import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/setup/test-app';
import { createWorld, type World } from '../../test/world';

/**
 * With tracing on, buildApp is handed the active span's trace id (tracing/active-trace-id.ts): a
 * 500 answer names it beside the request id, and so do the log lines. Here a fixed id stands in
 * for the SDK's (test/tracing.test.ts runs the real one in a server process).
 */
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
let t: TestApp;
let world: World;
let log = '';
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    log += chunk.toString('utf8');
  });
  t = await createTestApp({ logStream: stream, logLevel: 'info', traceId: () => TRACE_ID });
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

it('a 500 answer and its log lines carry the trace id beside the request id; other errors do not', async () => {
  const token = t.tokenFor(world.own.users.company_admin);
  await t.db.execute(sql`alter table suppliers rename to suppliers_away`);
  try {
    const failed = await t.request({ method: 'GET', url: '/api/supplier', token });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ statusCode: 500, code: 'INTERNAL', message: 'Something went wrong. Please try again.', requestId: expect.any(String), traceId: TRACE_ID });
    const lines = log.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((line) => line.msg === 'unhandled error')).toMatchObject({ reqId: failed.json().requestId, traceId: TRACE_ID });
  } finally {
    await t.db.execute(sql`alter table suppliers_away rename to suppliers`);
  }
  const refused = await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: 'nobody@example.com', password: 'not-the-password' } });
  expect(refused.statusCode).toBe(401);
  expect(refused.json()).not.toHaveProperty('traceId');
});
