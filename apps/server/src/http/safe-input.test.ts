import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSAFE_TEXT_MESSAGE } from '@clinic/domain';
import { count } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/setup/test-app';
import { createWorld, type World } from '../../test/world';
import { categories } from '../db/schema/index';

/** NUL characters and unpaired surrogates answer 400 naming the field, on every route, before any SQL. */
let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const manager = () => t.tokenFor(world.own.users.company_admin);

describe('unsafe text in a request', () => {
  it.each(['/api/supplier', '/api/user', '/api/organization', '/api/category', '/api/treatment', '/api/treatment/category', '/api/patient', '/api/product/v2/export-xls'])(
    'GET %s?search=%%00x answers 400 naming the search',
    async (url) => {
      const res = await t.request({ method: 'GET', url: `${url}?search=%00x`, token: manager() });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({ message: UNSAFE_TEXT_MESSAGE, errors: [{ field: 'querystring.search', message: UNSAFE_TEXT_MESSAGE }] });
    },
  );

  it('refuses a NUL or a lone surrogate in a JSON body and writes nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(categories))[0]!.n;
    for (const name of ['Gloves\u0000', 'Bad \ud800 half']) {
      const res = await t.request({ method: 'POST', url: '/api/category', token: manager(), headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ name }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'name', message: UNSAFE_TEXT_MESSAGE }]);
    }
    const nested = await t.request({ method: 'POST', url: '/api/treatment/category', token: manager(), payload: { name: 'Ok', extra: ['fine', { note: 'x\u0000' }] } });
    expect(nested.json().errors).toEqual([{ field: 'extra.1.note', message: UNSAFE_TEXT_MESSAGE }]);
    expect((await t.db.select({ n: count() }).from(categories))[0]!.n).toBe(before);
  });

  it('refuses one in a path parameter, and keeps accents, emoji and CJK', async () => {
    const res = await t.request({ method: 'GET', url: '/api/supplier/%00', token: manager() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'params.id', message: UNSAFE_TEXT_MESSAGE }]);
    const fine = await t.request({ method: 'POST', url: '/api/category', token: manager(), payload: { name: `Café 😀 日本 ${Date.now()}` } });
    expect(fine.statusCode).toBe(201);
  });
});
