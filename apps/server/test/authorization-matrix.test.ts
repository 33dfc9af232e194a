import { ROLES } from '@clinic/domain';
import { createTestApp, type TestApp } from './setup/test-app';
import { createWorld, userOf, type World } from './world';
import type { Caller } from './authorization/case';
import { CASES, DOCS_PREFIX, PUBLIC_ROUTES } from './authorization/all.cases';

/**
 * Every registered route x every role x own/foreign tenant. A route with no row here fails the
 * test, so each new route must declare who may call it. The foundation's rows and the public
 * routes are in test/authorization/all.cases.ts; modules added after the foundation keep their rows
 * in test/authorization/<module>.cases.ts.
 */
let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const apiRoutes = () =>
  t.routes
    .filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api') && !r.url.startsWith(DOCS_PREFIX))
    .map((r) => `${r.method} ${r.url}`);

it('declares an expected outcome for every registered API route', () => {
  const undeclared = apiRoutes().filter((key) => !CASES[key] && !PUBLIC_ROUTES.has(key));
  expect(undeclared).toEqual([]);
  const stale = Object.keys(CASES).filter((key) => !apiRoutes().includes(key));
  expect(stale).toEqual([]);
});

it('serves public routes without a token', async () => {
  const res = await t.request({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  for (const key of PUBLIC_ROUTES) {
    const [method, url] = key.split(' ') as [string, string];
    if (method === 'GET') continue;
    const answer = await t.request({ method: method as 'POST', url, payload: {} });
    expect(answer.statusCode, key).toBe(400);
  }
});

const callers: Caller[] = ['anonymous', ...ROLES];
describe.each(Object.entries(CASES))('%s', (key, routeCase) => {
  const [method, pattern] = key.split(' ') as [string, string];
  it.each(callers.flatMap((caller) => (['own', 'foreign'] as const).map((tenant) => [caller, tenant] as const)))(
    '[%s] on %s tenant',
    async (caller, tenant) => {
      const request = await routeCase.build(world, t, caller, tenant);
      expect(request.url.startsWith(pattern.split(':')[0]!)).toBe(true);
      const token = caller === 'anonymous' ? undefined : t.tokenFor(userOf(world, caller));
      const res = await t.request({
        method: method as 'GET',
        url: request.url,
        ...(token ? { token } : {}),
        ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
        ...(request.headers ? { headers: request.headers } : {}),
      });
      const expected = routeCase.expect[caller][tenant === 'own' ? 0 : 1];
      expect(res.statusCode, `${caller} ${tenant}: ${res.body}`).toBe(expected);
    },
  );
});

it('lists only the caller\'s own tenant, whatever filter they send', async () => {
  const foreignOrg = world.foreign.org.id;
  for (const role of ['organization_admin', 'company_admin'] as const) {
    const res = await t.request({ method: 'GET', url: `/api/user?organization_id=${foreignOrg}`, token: t.tokenFor(world.own.users[role]) });
    expect(res.json().results).toEqual([]);
  }
  const companies = await t.request({ method: 'GET', url: '/api/company?perPage=100', token: t.tokenFor(world.own.users.company_member) });
  expect(companies.json().results.map((c: { id: string }) => c.id)).toEqual([world.own.org.locations[0]!.id]);
  const orgs = await t.request({ method: 'GET', url: '/api/organization', token: t.tokenFor(world.own.users.assistant) });
  expect(orgs.json().results.map((o: { id: string }) => o.id)).toEqual([world.own.org.id]);
});

// Odd input: an empty change is not a server error (it changes nothing, or says what is missing).
describe.each(Object.entries(CASES).filter(([key]) => key.startsWith('PATCH ') || key.startsWith('PUT ')))('%s with an empty body', (key, routeCase) => {
  it.each(['admin', 'organization_admin'] as const)('[%s] answers below 500', async (caller) => {
    const [method] = key.split(' ') as [string];
    const request = await routeCase.build(world, t, caller, 'own');
    const res = await t.request({ method: method as 'PATCH', url: request.url, token: t.tokenFor(userOf(world, caller)), payload: {} });
    expect(res.statusCode, `${caller}: ${res.body}`).toBeLessThan(500);
  });
});
