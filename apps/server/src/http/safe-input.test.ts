import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NESTING_DEPTH, NESTED_TOO_DEEPLY_MESSAGE, UNSAFE_TEXT_MESSAGE } from '@clinic/domain';
import { count } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/setup/test-app';
import { createWorld, type World } from '../../test/world';
import { categories, treatmentLogs } from '../db/schema/index';

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

/** JSON text of `levels` arrays inside one another, around `inner`. */
const nestedArrays = (levels: number, inner = '1') => '['.repeat(levels) + inner + ']'.repeat(levels);
/** JSON text of `levels` objects inside one another ({"a":{"a":...}}). */
const nestedObjects = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

describe('a JSON body nested too deeply', () => {
  const deep = [
    ['10,000 arrays', nestedArrays(10_000)],
    ['10,000 objects', nestedObjects(10_000)],
    ['a deep field in a valid body', `{"name":"Deep","extra":${nestedObjects(10_000)}}`],
  ];

  it.each([
    ['POST', '/api/category'],
    ['POST', '/api/auth/login'],
    ['PUT', '/api/user/me'],
    ['POST', '/api/treatment_log'],
    ['DELETE', '/api/category/00000000-0000-4000-8000-000000000000'],
  ] as const)('%s %s answers 400 naming the body, and writes nothing', async (method, url) => {
    const before = await Promise.all([t.db.select({ n: count() }).from(categories), t.db.select({ n: count() }).from(treatmentLogs)]);
    for (const [, payload] of deep) {
      const res = await t.request({ method, url, token: manager(), headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, code: 'BAD_REQUEST', message: `body: ${NESTED_TOO_DEEPLY_MESSAGE}`, errors: [{ field: 'body', message: NESTED_TOO_DEEPLY_MESSAGE }] });
    }
    expect(await Promise.all([t.db.select({ n: count() }).from(categories), t.db.select({ n: count() }).from(treatmentLogs)])).toEqual(before);
  });

  it('lets a body exactly at the limit through to its schema', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/category',
      token: manager(),
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"At the limit ${Date.now()}","extra":${nestedArrays(MAX_NESTING_DEPTH - 1)}}`,
    });
    expect(res.statusCode).toBe(201);
  });

  it('leaves room for every request body the OpenAPI document declares', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>> };
    const depths = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((op) => schemaDepth(op.requestBody?.content?.['application/json']?.schema)));
    expect(Math.max(...depths)).toBeGreaterThan(3);
    expect(Math.max(...depths)).toBeLessThanOrEqual(MAX_NESTING_DEPTH / 4);
  });
});

interface Schema {
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

/** Levels of objects and arrays a JSON Schema describes (the deepest of its alternatives). */
function schemaDepth(schema: Schema | undefined): number {
  if (!schema) return 0;
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].map(schemaDepth);
  const inner = [...Object.values(schema.properties ?? {}), ...(schema.items ? [schema.items] : []), ...(typeof schema.additionalProperties === 'object' ? [schema.additionalProperties] : [])];
  const own = schema.properties || schema.items || typeof schema.additionalProperties === 'object' ? 1 + Math.max(0, ...inner.map(schemaDepth)) : 0;
  return Math.max(own, ...alternatives);
}
