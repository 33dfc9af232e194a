import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { createReorderService } from './reorder.service';
import { createProduct, createSupplier } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { REORDER_MESSAGES } from '@clinic/domain';

// Issue 35: a product's forecast, learned lead time, levels and days of cover at a location.
const NOW = new Date('2026-11-10T12:00:00Z');
let t: TestApp;
let world: World;
let supplierId: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  world = await createWorld(t.db);
  supplierId = (await createSupplier(t.db, { companyId: world.own.org.locations[0]!.id, name: 'Reorder Supply' })).id;
});
afterAll(async () => t.close());

const member = () => t.tokenFor(world.own.users.company_member);
const here = () => world.own.org.locations[0]!.id;
const reorder = async (productId: string, token = member()) => t.request({ method: 'GET', url: `/api/product/${productId}/reorder`, token });

async function lot(units: number, packOf = 10) {
  const p = await createProduct(t.db, { companyId: null, name: `Reorder ${randomUUID().slice(0, 6)}` });
  const res = await t.request({
    method: 'POST',
    url: '/api/stock',
    token: member(),
    payload: { product_id: p.id, supplier_id: supplierId, container_quantity: units / packOf, units_per_container: packOf, price_per_container: packOf * 2, expiry_date: '2028-01-31' },
  });
  expect(res.statusCode).toBe(201);
  return { productId: p.id, stockId: res.json().stocks[0].id as string };
}

/** Use on past days, as visits would have recorded it (the rollups follow the ledger's rows). */
async function usedOnPastDays(productId: string, stockId: string, perDay: (daysAgo: number) => number, days = 84) {
  for (let daysAgo = days; daysAgo >= 1; daysAgo--) {
    const units = perDay(daysAgo);
    if (units <= 0) continue;
    const at = new Date(NOW.getTime() - daysAgo * 86_400_000).toISOString();
    await t.db.execute(sql`insert into stock_usages (company_id, stock_id, product_id, kind, quantity, unit_price, created_at) values (${here()}, ${stockId}, ${productId}, 'manual', ${units}, 2, ${at}::timestamptz)`);
  }
}

describe('reorder facts of a product', () => {
  it('with no use recorded: no forecast, it says so, and the Minimum Stock is the reorder point', async () => {
    const { productId } = await lot(20);
    await t.request({ method: 'PATCH', url: `/api/product/${productId}`, token: member(), payload: { minimum_stock: 5 } });
    const res = await reorder(productId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ method: 'none', daily_use: 0, days_of_cover: null, runs_out_before_delivery: false, source: 'minimum', reorder_point: 5, usable_units: 20 });
    expect(res.json().reasons.join(' ')).toMatch(/No use (recorded|history)/);
    expect(res.json().history).toHaveLength(84);
  });

  it('steady use: a forecast near the daily use, the default lead time until three deliveries, and an order in whole packs', async () => {
    const { productId, stockId } = await lot(400, 10);
    await usedOnPastDays(productId, stockId, () => 4);
    const body = (await reorder(productId)).json();
    expect(body.method).toBe('steady');
    expect(body.daily_use).toBeCloseTo(4, 0);
    expect(body.lead_time).toMatchObject({ days: 3, learned: false, samples: 0, supplier_name: 'Reorder Supply' });
    expect(body.reasons.join(' ')).toMatch(/3 days/);
    // 400 - 336 used = 64 left: 16 days of cover, above the reorder point (lead time demand + safety).
    expect(body.usable_units).toBe(64);
    expect(body.days_of_cover).toBeCloseTo(16, 0);
    expect(body.reorder_point).toBeGreaterThanOrEqual(12);
    expect(body.reorder_point).toBeLessThan(64);
    expect(body.suggested_units).toBe(0);
  });

  it('runs out before a delivery ordered today would arrive: says so and suggests whole packs up to the level', async () => {
    const { productId, stockId } = await lot(340, 20);
    await usedOnPastDays(productId, stockId, () => 4);
    const body = (await reorder(productId)).json();
    expect(body.usable_units).toBe(4);
    expect(body.runs_out_before_delivery).toBe(true);
    expect(body.suggested_units).toBeGreaterThan(0);
    expect(body.suggested_units % 20).toBe(0);
    expect(body.usable_units + body.suggested_units).toBeGreaterThanOrEqual(body.order_up_to);
  });

  it('occasional use (an implant every few weeks) is forecast as intermittent', async () => {
    const { productId, stockId } = await lot(20, 1);
    await usedOnPastDays(productId, stockId, (daysAgo) => (daysAgo % 12 === 0 ? 1 : 0));
    const body = (await reorder(productId)).json();
    expect(body.method).toBe('intermittent');
    expect(body.daily_use).toBeGreaterThan(0);
    expect(body.daily_use).toBeLessThan(0.2);
  });

  it('another location\'s view of a product holds nothing of this one', async () => {
    const { productId, stockId } = await lot(100);
    await usedOnPastDays(productId, stockId, () => 2, 14);
    const foreign = (await reorder(productId, t.tokenFor(world.foreign.users.company_member))).json();
    expect(foreign).toMatchObject({ method: 'none', usable_units: 0, on_order_units: 0 });
    expect((await reorder(randomUUID())).statusCode).toBe(404);
  });

  it('the daily job writes each used product\'s forecast and raises "runs out" where the shelf empties before a delivery', async () => {
    const { productId, stockId } = await lot(340, 20); // 4 units left after 84 days of 4 a day
    await usedOnPastDays(productId, stockId, () => 4);
    const job = createReorderService(t.deps);
    expect(await job.refreshForecasts()).toBeGreaterThan(0);
    const [row] = await queryRows<{ method: string; daily_use: number; lead_time_days: number }>(t.db, sql`select method, daily_use::float, lead_time_days::float from reorder_forecasts where company_id = ${here()} and product_id = ${productId}`);
    expect(row).toMatchObject({ method: 'steady', lead_time_days: 3 });
    expect(row!.daily_use).toBeCloseTo(4, 0);
    const alerts = async () => (await t.request({ method: 'GET', url: '/api/alert?kind=runs_out&perPage=100', token: member() })).json().results as { product: { id: string }; forecast: { daily_use: number; lead_time_days: number } | null; units_in_stock: number }[];
    const mine = (await alerts()).find((a) => a.product.id === productId);
    expect(mine).toMatchObject({ units_in_stock: 4, forecast: { lead_time_days: 3 } });
    // A delivery puts the shelf above three days of use: the alert resolves with the stock change.
    const restock = await t.request({ method: 'POST', url: '/api/stock', token: member(), payload: { product_id: productId, supplier_id: supplierId, container_quantity: 2, units_per_container: 20, price_per_container: 40, expiry_date: '2028-01-31' } });
    expect(restock.statusCode).toBe(201);
    expect((await alerts()).find((a) => a.product.id === productId)).toBeUndefined();
    // A second run writes the same rows, once.
    await job.refreshForecasts();
    expect(await queryRows(t.db, sql`select count(*)::int as n from reorder_forecasts where company_id = ${here()} and product_id = ${productId}`)).toEqual([{ n: 1 }]);
  });

  it('appointments booked within the lead time raise the levels to what their trays take (issue 36), in the page and the daily job', async () => {
    const { productId, stockId } = await lot(400, 10);
    await usedOnPastDays(productId, stockId, () => 1);
    const before = (await reorder(productId)).json();
    expect(before.reorder_point).toBeLessThan(12);
    // Six implant placements booked tomorrow, each tray taking 2 units of the product.
    const admin = t.tokenFor(world.own.users.company_admin);
    const created = await t.request({ method: 'POST', url: '/api/treatment', token: admin, payload: { treatment_code: 'D6010', name: `Implant ${randomUUID().slice(0, 6)}`, treatmentProducts: [{ product_id: productId, quantity: 2 }] } });
    expect(created.statusCode, created.body).toBe(201);
    expect((await t.request({ method: 'PUT', url: '/api/pms/codes', token: admin, payload: { code: 'D6010', treatment_id: created.json().id } })).statusCode).toBe(200);
    const tomorrow = new Date(NOW.getTime() + 86_400_000).toISOString().slice(0, 10);
    await t.db.execute(sql`insert into pms_appointments (company_id, source, appointment_ref, patient_ref, day) values (${here()}, 'csv', ${`${tomorrow}|pt-9`}, 'PT-9', ${tomorrow})`);
    await t.db.execute(sql`insert into pms_appointment_procedures (company_id, source, appointment_ref, code, quantity) values (${here()}, 'csv', ${`${tomorrow}|pt-9`}, 'D6010', 6)`);
    const after = (await reorder(productId)).json();
    expect(after.reorder_point).toBe(12);
    expect(after.order_up_to).toBeGreaterThanOrEqual(12);
    expect(after.reasons).toContain('Appointments booked within the lead time need 12; with the review period 12');
    await createReorderService(t.deps).refreshForecasts();
    expect(await queryRows(t.db, sql`select reorder_point::int as n from reorder_forecasts where company_id = ${here()} and product_id = ${productId}`)).toEqual([{ n: 12 }]);
    await t.db.execute(sql`delete from pms_appointment_procedures where company_id = ${here()}`);
    await t.db.execute(sql`delete from pms_appointments where company_id = ${here()}`);
  });

  it('levels set by hand win over the forecast until cleared; bad levels are refused with the field', async () => {
    const { productId, stockId } = await lot(400, 10);
    await usedOnPastDays(productId, stockId, () => 4);
    const pinned = await t.request({ method: 'PUT', url: `/api/product/${productId}/reorder-levels`, token: member(), payload: { reorder_point: 30, order_up_to: 90 } });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json()).toMatchObject({ source: 'pinned', reorder_point: 30, order_up_to: 90, pinned: { reorder_point: 30, order_up_to: 90 } });
    const below = await t.request({ method: 'PUT', url: `/api/product/${productId}/reorder-levels`, token: member(), payload: { reorder_point: 30, order_up_to: 10 } });
    expect(below.statusCode).toBe(400);
    expect(below.json().errors).toContainEqual({ field: 'order_up_to', message: REORDER_MESSAGES.orderUpToBelow });
    const cleared = await t.request({ method: 'DELETE', url: `/api/product/${productId}/reorder-levels`, token: member() });
    expect(cleared.json()).toMatchObject({ source: 'forecast', pinned: null });
  });

  it('the location\'s fill rate, cost per order and holding rate change the levels (issue 51); members cannot change them', async () => {
    const { productId, stockId } = await lot(400, 10);
    await usedOnPastDays(productId, stockId, () => 4);
    const admin = t.tokenFor(world.own.users.company_admin);
    const before = (await reorder(productId)).json();
    expect((await t.request({ method: 'GET', url: '/api/reorder/settings', token: member() })).json()).toEqual({ service_level: 0.98, review_days: 7, fill_rate: 0.99, order_cost: 15, holding_rate: 0.25, auto_send_under: null });
    // The defaults: 99% fill expected, orders sized by $15 an order against 25% a year at $2 a unit.
    expect(before.fill_rate).toBe(0.99);
    expect(before.expected_fill).toBeGreaterThanOrEqual(0.99);
    expect(before.order_why).toMatch(/balances ordering \$15\.00 an order against holding \$0\.50 a unit a year|at most 120 days/);
    expect(before.stock_cost).toBeCloseTo((before.safety_stock + before.order_units / 2) * 2, 0);
    expect(before.order_up_to - before.reorder_point).toBe(before.order_units);
    expect((await t.request({ method: 'PUT', url: '/api/reorder/settings', token: member(), payload: { service_level: 0.9, review_days: 14, fill_rate: 0.9 } })).statusCode).toBe(403);
    const bad = await t.request({ method: 'PUT', url: '/api/reorder/settings', token: admin, payload: { service_level: 1.5, review_days: 0, fill_rate: 1.2, order_cost: -1, holding_rate: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'service_level', message: REORDER_MESSAGES.serviceLevelRange },
        { field: 'review_days', message: REORDER_MESSAGES.reviewDaysRange },
        { field: 'fill_rate', message: REORDER_MESSAGES.fillRateRange },
        { field: 'order_cost', message: REORDER_MESSAGES.orderCostRange },
        { field: 'holding_rate', message: REORDER_MESSAGES.holdingRateRange },
      ]),
    );
    // A rate the column would store as 0 (it keeps three decimals) is refused, not a server error.
    const tiny = await t.request({ method: 'PUT', url: '/api/reorder/settings', token: admin, payload: { service_level: 0.98, review_days: 7, holding_rate: 8e-323 } });
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().errors).toEqual([{ field: 'holding_rate', message: REORDER_MESSAGES.holdingRateRange }]);
    const saved = await t.request({ method: 'PUT', url: '/api/reorder/settings', token: admin, payload: { service_level: 0.98, review_days: 7, fill_rate: 0.9, order_cost: 2 } });
    expect(saved.json()).toEqual({ service_level: 0.98, review_days: 7, fill_rate: 0.9, order_cost: 2, holding_rate: 0.25, auto_send_under: null });
    const after = (await reorder(productId)).json();
    expect(after).toMatchObject({ fill_rate: 0.9 });
    // Cheaper orders: smaller, more frequent; a lower fill: less safety stock, less stock to pay for.
    expect(after.order_units).toBeLessThan(before.order_units);
    expect(after.safety_stock).toBeLessThanOrEqual(before.safety_stock);
    expect(after.stock_cost).toBeLessThan(before.stock_cost);
    // Left out of a request, the fill rate and costs stay as they were.
    const kept = await t.request({ method: 'PUT', url: '/api/reorder/settings', token: admin, payload: { service_level: 0.98, review_days: 7 } });
    expect(kept.json()).toMatchObject({ fill_rate: 0.9, order_cost: 2 });
    await t.request({ method: 'PUT', url: '/api/reorder/settings', token: admin, payload: { service_level: 0.98, review_days: 7, fill_rate: 0.99, order_cost: 15, holding_rate: 0.25 } });
  });

  it('reads a new product\'s history from its first receipt, not padded with the weeks before it (issue 51)', async () => {
    const { productId, stockId } = await lot(400, 10);
    // Received 14 days ago, used 2 a day since: steady at 2, not occasional at a third of that.
    await t.db.execute(sql`update stocks set created_at = ${new Date(NOW.getTime() - 14 * 86_400_000).toISOString()}::timestamptz where id = ${stockId}`);
    await usedOnPastDays(productId, stockId, (daysAgo) => (daysAgo <= 14 ? 2 : 0));
    const body = (await reorder(productId)).json();
    expect(body).toMatchObject({ method: 'steady' });
    expect(body.daily_use).toBeCloseTo(2, 1);
  });

  it('learns the lead time from the supplier\'s orders here, leaving out an order left open for over 200 days, with the reason', async () => {
    const supplier = await createSupplier(t.db, { companyId: here(), name: `Lead ${randomUUID().slice(0, 6)}` });
    const p = await createProduct(t.db, { companyId: null, name: `Lead time ${randomUUID().slice(0, 6)}` });
    const lot = await t.request({ method: 'POST', url: '/api/stock', token: member(), payload: { product_id: p.id, supplier_id: supplier.id, container_quantity: 5, units_per_container: 10, price_per_container: 20, expiry_date: '2028-01-31' } });
    expect(lot.statusCode).toBe(201);
    const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();
    // Sent -> first delivery: 4, 4 and 4 days, and one order that took 220 days.
    const orders: [number, number][] = [[40, 36], [30, 26], [20, 16], [230, 10]];
    for (const [index, [sent, received]] of orders.entries()) {
      const [po] = await queryRows<{ id: string }>(
        t.db,
        sql`insert into purchase_orders (company_id, number, supplier_id, total, status, created_at) values (${here()}, ${9000 + index}, ${supplier.id}, 10, 'received', ${daysAgo(sent)}::timestamptz) returning id`,
      );
      await t.db.execute(sql`insert into purchase_order_receipts (company_id, purchase_order_id, idempotency_key, stock_ids, created_at) values (${here()}, ${po!.id}, ${randomUUID()}, '[]'::jsonb, ${daysAgo(received)}::timestamptz)`);
    }
    const body = (await reorder(p.id)).json();
    expect(body.lead_time).toMatchObject({ days: 4, learned: true, samples: 3, supplier_name: supplier.name });
    expect(body.reasons.join(' ')).toMatch(/left out as left open, not a delivery time/);
  });
});
