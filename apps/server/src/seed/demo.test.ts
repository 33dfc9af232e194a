import { createTestApp, type TestApp } from '../../test/setup/test-app';
import { findUserByEmail } from '../modules/users/users.repo';
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from './demo-catalog-data';
import { seedDemo } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('seeds the demo organizations and catalog once, and a second start changes nothing', async () => {
  await seedDemo(t.db);
  await seedDemo(t.db);
  const member = await findUserByEmail(t.db, 'hygienist@brightsmile.demo');
  const token = t.tokenFor(member!);
  const categories = (await t.request({ method: 'GET', url: '/api/category?perPage=100', token })).json();
  expect(categories.total).toBe(DEMO_CATEGORIES.length);
  const products = (await t.request({ method: 'GET', url: '/api/product/v2?perPage=1', token })).json();
  // The shared catalog plus Downtown's two products awaiting approval.
  expect(products.total).toBe(DEMO_PRODUCTS.length + 2);
  const admin = await findUserByEmail(t.db, 'admin@demo.clinic');
  const pending = (await t.request({ method: 'GET', url: '/api/product/v2?approval=pending', token: t.tokenFor(admin!) })).json();
  expect(pending.results.map((p: { name: string }) => p.name).sort()).toEqual(['Capitol Lab Custom Tray Resin', 'Lidocaine Topical Gel 20% Cherry']);
  const search = (await t.request({ method: 'GET', url: '/api/product/v2?fuzzySearchQuery=juvederm', token })).json();
  expect(search.total).toBeGreaterThan(0);
});
