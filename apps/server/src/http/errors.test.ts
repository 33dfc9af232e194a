import { createUser } from '../../test/factories/index';
import { createTestApp, type TestApp } from '../../test/setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('answers unknown API paths with a JSON 404', async () => {
  const res = await t.request({ method: 'GET', url: '/api/nope' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
});

it('answers malformed JSON with a 400 and no internals', async () => {
  const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: '{"username":', headers: { 'content-type': 'application/json' } });
  expect(res.statusCode).toBe(400);
  expect(res.body).not.toMatch(/at .*\.js|node_modules|SELECT|stack/i);
});

it('rejects a non-uuid id in the path with a 400 naming it', async () => {
  const admin = await createUser(t.db, { role: 'admin' });
  const res = await t.request({ method: 'GET', url: '/api/company/not-a-uuid', token: t.tokenFor(admin) });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toEqual([{ field: 'params.id', message: 'Must be a valid id' }]);
});

it('serves the OpenAPI document generated from the route schemas', async () => {
  const res = await t.request({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json();
  expect(doc.openapi).toMatch(/^3\./);
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/user/{id}', '/api/organization/{id}/location']));
  expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
});

it('declares the public routes, health first, without a security requirement and every other one with the bearer token', async () => {
  const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as {
    security: unknown;
    paths: Record<string, Record<string, { security?: unknown }>>;
  };
  expect(doc.security).toEqual([{ bearer: [] }]);
  expect(doc.paths['/api/health']!.get!.security).toEqual([]);
  expect(doc.paths['/api/auth/login']!.post!.security).toEqual([]);
  expect(doc.paths['/api/auth/profile']!.get!.security).toBeUndefined();
  // Each documented operation follows its route's own access declaration.
  const isPublic = new Set(t.routes.filter((r) => (r.config as { access?: unknown } | undefined)?.access === 'public').map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`));
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, security: op.security })));
  expect(operations.filter((op) => isPublic.has(op.key)).length).toBeGreaterThanOrEqual(6);
  for (const op of operations) expect(op.security, op.key).toEqual(isPublic.has(op.key) ? [] : undefined);
});
