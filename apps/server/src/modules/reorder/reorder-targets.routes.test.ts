import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { REORDER_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { createCategory, createProduct, createSuggestedLine, createSupplier } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { createReorderService } from './reorder.service';

// Issue 51: fill-rate targets per category and per product over the location's, and a supplier's
// shipping fee and free-shipping threshold in the order-cost balance.
const NOW = new Date('2026-11-10T12:00:00Z');
let t: TestApp;
let world: World;
let supplierId: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  world = await createWorld(t.db);
  supplierId = (await createSupplier(t.db, { companyId: world.own.org.locations[0]!.id, name: `Targets Supply ${randomUUID().slice(0, 4)}` })).id;
});
afterAll(async () => t.close());

const admin = () => t.tokenFor(world.own.users.company_admin);
const member = () => t.tokenFor(world.own.users.company_member);
const here = () => world.own.org.locations[0]!.id;
const reorder = async (productId: string) => (await t.request({ method: 'GET', url: `/api/product/${productId}/reorder`, token: member() })).json();

/** A product of a category, received in packs of 10 at $2 a unit and used 4 a day for twelve weeks. */
async function usedProduct(categoryId: string | null = null) {
  const p = await createProduct(t.db, { companyId: null, name: `Target ${randomUUID().slice(0, 6)}`, categoryId });
  const res = await t.request({ method: 'POST', url: '/api/stock', token: member(), payload: { product_id: p.id, supplier_id: supplierId, container_quantity: 40, units_per_container: 10, price_per_container: 20, expiry_date: '2028-01-31' } });
  expect(res.statusCode).toBe(201);
  const stockId = res.json().stocks[0].id as string;
  for (let daysAgo = 84; daysAgo >= 1; daysAgo--) {
    const at = new Date(NOW.getTime() - daysAgo * 86_400_000).toISOString();
    await t.db.execute(sql`insert into stock_usages (company_id, stock_id, product_id, kind, quantity, unit_price, created_at) values (${here()}, ${stockId}, ${p.id}, 'manual', ${4 + (daysAgo % 3) - 1}, 2, ${at}::timestamptz)`);
  }
  return p.id;
}

describe('fill-rate targets per category and per product (issue 51)', () => {
  it('plans for the most specific target: the product\'s, else its category\'s, else the location\'s', async () => {
    const category = await createCategory(t.db, { companyId: here(), name: `Gloves ${randomUUID().slice(0, 4)}` });
    const productId = await usedProduct(category.id);
    const location = await reorder(productId);
    expect(location).toMatchObject({ fill_rate: 0.99, fill_rate_source: 'location', fill_rates: { location: 0.99, category: { id: category.id, fill_rate: null }, product: null } });

    const put = await t.request({ method: 'PUT', url: `/api/reorder/category-fill-rates/${category.id}`, token: admin(), payload: { fill_rate: 0.999 } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toContainEqual({ category_id: category.id, category_name: category.name, fill_rate: 0.999 });
    const byCategory = await reorder(productId);
    expect(byCategory).toMatchObject({ fill_rate: 0.999, fill_rate_source: 'category' });
    expect(byCategory.reorder_point).toBeGreaterThan(location.reorder_point);
    expect(byCategory.expected_fill).toBeGreaterThanOrEqual(0.999);

    const own = await t.request({ method: 'PUT', url: `/api/product/${productId}/fill-rate`, token: member(), payload: { fill_rate: 0.95 } });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ fill_rate: 0.95, fill_rate_source: 'product', fill_rates: { product: 0.95, category: { fill_rate: 0.999 } } });
    expect(own.json().reorder_point).toBeLessThan(byCategory.reorder_point);
    expect(own.json().expected_fill).toBeGreaterThanOrEqual(0.95);

    // The nightly job plans with the same target.
    await createReorderService(t.deps).refreshCompany(here());
    const [row] = await queryRows<{ reorder_point: number }>(t.db, sql`select reorder_point from reorder_forecasts where company_id = ${here()} and product_id = ${productId}`);
    expect(row!.reorder_point).toBe(own.json().reorder_point);

    const cleared = await t.request({ method: 'DELETE', url: `/api/product/${productId}/fill-rate`, token: member() });
    expect(cleared.json()).toMatchObject({ fill_rate: 0.999, fill_rate_source: 'category', reorder_point: byCategory.reorder_point });
    await t.request({ method: 'DELETE', url: `/api/reorder/category-fill-rates/${category.id}`, token: admin() });
    expect(await reorder(productId)).toMatchObject({ fill_rate: 0.99, fill_rate_source: 'location', reorder_point: location.reorder_point });
    expect((await t.request({ method: 'GET', url: '/api/reorder/category-fill-rates', token: member() })).json()).not.toContainEqual(expect.objectContaining({ category_id: category.id }));
  });

  it('a category target is the location\'s own: another location\'s products keep theirs', async () => {
    const shared = await createCategory(t.db, { companyId: null, name: `Shared ${randomUUID().slice(0, 4)}` });
    expect((await t.request({ method: 'PUT', url: `/api/reorder/category-fill-rates/${shared.id}`, token: admin(), payload: { fill_rate: 0.95 } })).statusCode).toBe(200);
    const foreignList = await t.request({ method: 'GET', url: '/api/reorder/category-fill-rates', token: t.tokenFor(world.foreign.users.company_admin) });
    expect(foreignList.json()).not.toContainEqual(expect.objectContaining({ category_id: shared.id }));
    // Another organization's own category is not found here.
    const foreign = await createCategory(t.db, { companyId: world.foreign.org.locations[0]!.id });
    expect((await t.request({ method: 'PUT', url: `/api/reorder/category-fill-rates/${foreign.id}`, token: admin(), payload: { fill_rate: 0.95 } })).statusCode).toBe(404);
  });

  it.each([
    { payload: { fill_rate: 1 }, message: REORDER_MESSAGES.fillRateRange },
    { payload: { fill_rate: 0.4 }, message: REORDER_MESSAGES.fillRateRange },
    { payload: { fill_rate: '0.98' }, message: REORDER_MESSAGES.fillRateRange },
    { payload: {}, message: REORDER_MESSAGES.fillRateRange },
  ])('refuses a target of $payload.fill_rate with 400 naming fill_rate, and changes nothing', async ({ payload, message }) => {
    const category = await createCategory(t.db, { companyId: here() });
    const productId = (await createProduct(t.db, { companyId: null, categoryId: category.id })).id;
    for (const url of [`/api/product/${productId}/fill-rate`, `/api/reorder/category-fill-rates/${category.id}`]) {
      const res = await t.request({ method: 'PUT', url, token: admin(), payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'fill_rate', message }]);
    }
    expect(await reorder(productId)).toMatchObject({ fill_rate_source: 'location', fill_rates: { product: null, category: { fill_rate: null } } });
  });
});

describe('a supplier\'s shipping fee and free-shipping threshold (issue 51)', () => {
  it('are read and set per location, and the order size weighs them: raised to ship free where that costs less', async () => {
    const productId = await usedProduct();
    const before = await reorder(productId);
    expect(before).toMatchObject({ supplier_id: supplierId, shipping: null });
    expect(before.order_why).not.toMatch(/shipping/);

    // $10 shipping, free from $800 (400 units at $2): 40 packs cost less a year than 38 paying the fee.
    const put = await t.request({ method: 'PUT', url: `/api/supplier/${supplierId}/shipping`, token: admin(), payload: { shipping_fee: 10, free_shipping_over: 800 } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ supplier_id: supplierId, shipping: { shipping_fee: 10, free_shipping_over: 800 } });
    const after = await reorder(productId);
    expect(after.shipping).toEqual({ shipping_fee: 10, free_shipping_over: 800 });
    expect(after.order_units).toBe(400);
    expect(after.order_units).toBeGreaterThan(before.order_units);
    expect(after.order_why).toMatch(/to reach free shipping at \$800: saves the \$10\.00 shipping fee/);

    // The suggested order's lines read the nightly forecast's why.
    await createReorderService(t.deps).refreshCompany(here());
    const [row] = await queryRows<{ why: string }>(t.db, sql`select why from reorder_forecasts where company_id = ${here()} and product_id = ${productId}`);
    expect(row!.why).toMatch(/free shipping at \$800/);

    // Another location of another organization sees none of it.
    const foreignAdmin = t.tokenFor(world.foreign.users.company_admin);
    expect((await t.request({ method: 'GET', url: `/api/supplier/${supplierId}/shipping`, token: foreignAdmin })).statusCode).toBe(404);

    const cleared = await t.request({ method: 'DELETE', url: `/api/supplier/${supplierId}/shipping`, token: admin() });
    expect(cleared.json()).toEqual({ supplier_id: supplierId, shipping: null });
    expect((await reorder(productId)).order_units).toBe(before.order_units);
  });

  it('the suggested order carries its vendors\' shipping terms here, and only theirs', async () => {
    const { supplier } = await createSuggestedLine(t.db, { companyId: here() });
    const other = await createSupplier(t.db, { companyId: here() });
    for (const [id, terms] of [[supplier.id, { shipping_fee: 12, free_shipping_over: 500 }], [other.id, { shipping_fee: 8, free_shipping_over: null }]] as const) {
      expect((await t.request({ method: 'PUT', url: `/api/supplier/${id}/shipping`, token: admin(), payload: terms })).statusCode).toBe(200);
    }
    const draft = (await t.request({ method: 'GET', url: '/api/reorder/suggestions', token: admin() })).json();
    expect(draft.shipping).toContainEqual({ vendor_id: supplier.id, shipping_fee: 12, free_shipping_over: 500 });
    expect(draft.shipping).not.toContainEqual(expect.objectContaining({ vendor_id: other.id }));
  });

  it.each([
    { payload: { shipping_fee: -1, free_shipping_over: null }, field: 'shipping_fee', message: REORDER_MESSAGES.shippingFeeRange },
    { payload: { shipping_fee: 20_000, free_shipping_over: null }, field: 'shipping_fee', message: REORDER_MESSAGES.shippingFeeRange },
    { payload: { free_shipping_over: 500 }, field: 'shipping_fee', message: REORDER_MESSAGES.shippingFeeRange },
    { payload: { shipping_fee: 12, free_shipping_over: 0 }, field: 'free_shipping_over', message: REORDER_MESSAGES.freeShippingRange },
    { payload: { shipping_fee: 12, free_shipping_over: 'lots' }, field: 'free_shipping_over', message: REORDER_MESSAGES.freeShippingRange },
    { payload: { shipping_fee: 12 }, field: 'free_shipping_over', message: REORDER_MESSAGES.freeShippingRange },
  ])('refuses $payload with 400 naming $field, and changes nothing', async ({ payload, field, message }) => {
    const supplier = await createSupplier(t.db, { companyId: here() });
    const res = await t.request({ method: 'PUT', url: `/api/supplier/${supplier.id}/shipping`, token: admin(), payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field, message }]);
    expect((await t.request({ method: 'GET', url: `/api/supplier/${supplier.id}/shipping`, token: member() })).json().shipping).toBeNull();
  });
});
