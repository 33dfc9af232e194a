import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/setup/test-app';
import { createWorld, type World } from '../../test/world';

/** A failing query is logged with its SQLSTATE, route and request id: never its SQL, parameters, query string, body or token. */
let t: TestApp;
let world: World;
let log = '';
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    log += chunk.toString('utf8');
  });
  t = await createTestApp({ logStream: stream, logLevel: 'info' });
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

it('logs a failed query without the data that went into it', async () => {
  await t.db.execute(sql`alter table suppliers rename to suppliers_away`);
  try {
    const token = t.tokenFor(world.own.users.company_admin);
    const search = await t.request({ method: 'GET', url: '/api/supplier?search=Harriet%20Quimby%20CH-7781', token });
    expect(search.statusCode).toBe(500);
    expect(search.json()).toEqual({ statusCode: 500, code: 'INTERNAL', message: 'Something went wrong. Please try again.', requestId: expect.any(String) });
    const create = await t.request({
      method: 'POST',
      url: '/api/supplier',
      token,
      payload: { name: 'Quimby Dental Lab', email: 'harriet.quimby@example.com', phone: '+1 512 555 0177', tax_id: 'TX-9', address: '9 Secret Rd', contact_email: 'hq@example.com', contact_phone: '+1 512 555 0178' },
    });
    expect(create.statusCode).toBe(500);

    const lines = log.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    const failures = lines.filter((line) => line.msg === 'unhandled error');
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatchObject({ reqId: search.json().requestId, code: 'INTERNAL', route: '/api/supplier', method: 'GET', err: { type: 'DatabaseError', pgCode: '42P01' } });
    for (const secret of ['Harriet', 'Quimby', 'CH-7781', 'harriet.quimby@example.com', 'Secret Rd', token, 'select', 'insert into', 'params']) {
      expect(log.toLowerCase(), secret).not.toContain(secret.toLowerCase());
    }
  } finally {
    await t.db.execute(sql`alter table suppliers_away rename to suppliers`);
  }
});
