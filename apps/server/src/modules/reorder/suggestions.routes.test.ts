import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SUGGESTION_MESSAGES, type SuggestedLine, type SuggestedOrder } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { createProduct, createSupplier } from '../../../test/factories/index';
import { insertCompany } from '../companies/companies.repo';
import { priceListCsv, uploadPriceList, type PriceRow } from '../../../test/fixtures/price-lists';
import { createWorld, type World } from '../../../test/world';

// Issue 35: suggested orders. Each test works at its own location of the own organization, so
// drafts (one per location) never meet; the two-process test shares one on purpose.
const NOW = new Date('2026-11-10T12:00:00Z');
let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const north = () => world.own.org.locations[0]!.id;
const tag = () => randomUUID().slice(0, 8);
const adminAt = (companyId: string) => t.tokenFor(world.own.users.organization_admin, companyId);

const suggestions = async (token: string) => (await t.request({ method: 'GET', url: '/api/reorder/suggestions', token })).json() as SuggestedOrder;
const refresh = async (token: string) => {
  const res = await t.request({ method: 'POST', url: '/api/reorder/suggestions/refresh', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SuggestedOrder;
};
const lineOf = (draft: SuggestedOrder, productId: string) => draft.lines.find((l) => l.product.id === productId) as SuggestedLine;

/** A new location of the own organization, for a test of its own. */
async function location(): Promise<string> {
  const company = await insertCompany(t.db, { organizationId: world.own.org.id, name: `Suggest ${tag()}`, city: 'Austin', state: 'TX' });
  return company.id;
}

/** A product at the location with a Minimum Stock and some units on the shelf from a supplier, at a price per pack. */
async function productBelowMinimum(companyId: string, token: string, options: { minimum: number; onHand: number; supplierId?: string; packOf?: number; pricePerPack?: number; barcode?: string }) {
  const product = await createProduct(t.db, { companyId: null, name: `Suggested ${tag()}`, ...(options.barcode ? { barcode: options.barcode } : {}) });
  const patched = await t.request({ method: 'PATCH', url: `/api/product/${product.id}`, token, payload: { minimum_stock: options.minimum } });
  expect(patched.statusCode, patched.body).toBe(200);
  if (options.supplierId && options.onHand > 0) {
    const packOf = options.packOf ?? options.onHand;
    const res = await t.request({
      method: 'POST',
      url: '/api/stock',
      token,
      payload: { product_id: product.id, supplier_id: options.supplierId, container_quantity: options.onHand / packOf, units_per_container: packOf, price_per_container: options.pricePerPack ?? 10, expiry_date: '2028-01-31' },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  return product;
}

/** A product used 5 a day for twelve weeks with `onHand` units left, received from a supplier in packs of 10 at $20. */
async function productUsedDaily(companyId: string, token: string, supplierId: string, onHand: number, barcode?: string) {
  const product = await createProduct(t.db, { companyId: null, name: `Used ${tag()}`, ...(barcode ? { barcode } : {}) });
  const res = await t.request({
    method: 'POST',
    url: '/api/stock',
    token,
    payload: { product_id: product.id, supplier_id: supplierId, container_quantity: (onHand + 420) / 10, units_per_container: 10, price_per_container: 20, expiry_date: '2028-01-31' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const stockId = res.json().stocks[0].id as string;
  for (let daysAgo = 84; daysAgo >= 1; daysAgo--) {
    const at = new Date(NOW.getTime() - daysAgo * 86_400_000).toISOString();
    await t.db.execute(sql`insert into stock_usages (company_id, stock_id, product_id, kind, quantity, unit_price, created_at) values (${companyId}, ${stockId}, ${product.id}, 'manual', 5, 2, ${at}::timestamptz)`);
  }
  return product;
}

const csv = (rows: PriceRow[]) => ({ name: 'prices.csv', bytes: Buffer.from(priceListCsv(rows)) });

describe('suggested orders', () => {
  it('says why each quantity, and puts a product due soon on its supplier\'s order going out anyway (issue 51)', async () => {
    const here = await location();
    const token = adminAt(here);
    const supplier = await createSupplier(t.db, { companyId: here, name: `Steady ${tag()}` });
    const used = (onHand: number) => productUsedDaily(here, token, supplier.id, onHand);
    const due = await used(10);
    const soon = await used(100);
    const later = await used(400);
    const draft = await refresh(token);
    const dueLine = lineOf(draft, due.id);
    expect(dueLine.why).toMatch(/^10 usable \+ 0 on order, at or below the reorder point \d+ \(expected fill 99\.\d%\): ordered up to \d+\. Order size: \d+ packs of 10/);
    expect(dueLine.units).toBeGreaterThanOrEqual(dueLine.order_up_to - 10);
    const soonLine = lineOf(draft, soon.id);
    expect(soonLine.why).toMatch(new RegExp(`^Joins the order to ${supplier.name} going out anyway: 100 usable \\+ 0 on order, within half an order of the reorder point`));
    expect(soonLine.units).toBeGreaterThanOrEqual(soonLine.order_up_to - 100);
    expect(lineOf(draft, later.id)).toBeUndefined();
  });

  it('sizes a line routed to another vendor than its last supplier for that vendor: its pack, price and shipping terms (issue 51)', async () => {
    const here = await location();
    const token = adminAt(here);
    const id = tag();
    const usual = await createSupplier(t.db, { companyId: here, name: `Usual ${id}` });
    const city = await createSupplier(t.db, { companyId: here, name: `City ${id}` });
    // Last delivered by Usual in packs of 10 at $20; 10 left.
    const product = await productUsedDaily(here, token, usual.id, 10, `0066${id}`);
    // City sells it cheaper ($18 for 10) and charges $12 shipping unless the order reaches $1,000.
    expect((await uploadPriceList(t, token, city.id, csv([{ sku: 'C-1', description: 'Routed item, 10', barcode: `0066${id}`, packSize: 1, price: 18 }]))).statusCode).toBe(200);
    expect((await t.request({ method: 'PUT', url: `/api/supplier/${city.id}/shipping`, token, payload: { shipping_fee: 12, free_shipping_over: 1000 } })).statusCode).toBe(200);

    const draft = await refresh(token);
    const line = lineOf(draft, product.id);
    const plan = (await t.request({ method: 'GET', url: `/api/product/${product.id}/reorder`, token })).json() as { reorder_point: number; order_up_to: number };
    expect(line).toMatchObject({ vendor: { id: city.id }, sku: 'C-1', pack_size: 10, price: 18, reorder_point: plan.reorder_point });
    // Planned for Usual: about 330 units at $2 (33 packs). For City at $1.80 the $12 fee makes 470
    // the balance, and 56 packs ($1,008) ship free for less a year: sized for City's order.
    expect(plan.order_up_to - plan.reorder_point).toBe(330);
    expect(line.order_up_to - line.reorder_point).toBe(560);
    expect(line.why).toMatch(/\(expected fill at least 99\.\d%\): ordered up to \d+\. Order size for City [0-9a-f]+'s order: 56 packs of 10, .*raised from 470 to reach free shipping at \$1,000: saves the \$12\.00 shipping fee$/);
    expect(line.units).toBeGreaterThanOrEqual(line.order_up_to - 10);
  });

  it('a location with no supplier at all: every product says why, nothing can be ordered', async () => {
    const here = await location();
    const token = adminAt(here);
    const product = await productBelowMinimum(here, token, { minimum: 10, onHand: 0 });
    const draft = await refresh(token);
    expect(lineOf(draft, product.id)).toMatchObject({ vendor: null, quantity: 0, problem: SUGGESTION_MESSAGES.noSupplier, units_needed: 10 });
    expect(draft.total).toBe(0);
    const order = await t.request({ method: 'POST', url: '/api/reorder/suggestions/order', token, payload: {} });
    expect(order.statusCode).toBe(409);
    expect(order.json().message).toBe(SUGGESTION_MESSAGES.nothingToOrder);
    expect(await queryRows(t.db, sql`select count(*)::int as n from purchase_orders where company_id = ${here}`)).toEqual([{ n: 0 }]);
  });

  it('routes each product to the cheapest in-stock offer, else its last supplier; a price of 0 is named, never ordered', async () => {
    const here = await location();
    const token = adminAt(here);
    const id = tag();
    const henry = await createSupplier(t.db, { companyId: here, name: `Henry ${id}` });
    const benco = await createSupplier(t.db, { companyId: here, name: `Benco ${id}` });
    const usual = await createSupplier(t.db, { companyId: here, name: `Usual ${id}` });
    // Gloves (boxes of 100 here): Henry $9.50 a box (in stock), Benco $8 (out of stock), last delivered by Usual at $12.
    const gloves = await productBelowMinimum(here, token, { minimum: 300, onHand: 100, supplierId: usual.id, packOf: 100, pricePerPack: 12, barcode: `0044${id}` });
    // Bibs: only at Benco, at a price of 0; never received here.
    const bibs = await productBelowMinimum(here, token, { minimum: 50, onHand: 0, barcode: `0055${id}` });
    // Gauze: no price list offers it; last delivered by Usual in packs of 20 at $6.
    const gauze = await productBelowMinimum(here, token, { minimum: 40, onHand: 20, supplierId: usual.id, packOf: 20, pricePerPack: 6 });
    expect((await uploadPriceList(t, token, henry.id, csv([{ sku: 'H-1', description: 'Nitrile gloves, 100', barcode: `0044${id}`, packSize: 1, price: 9.5 }]))).statusCode).toBe(200);
    expect(
      (
        await uploadPriceList(
          t,
          token,
          benco.id,
          csv([
            { sku: 'B-1', description: 'Gloves box', barcode: `0044${id}`, packSize: 1, price: 8, inStock: 'no' },
            { sku: 'B-2', description: 'Patient bibs', barcode: `0055${id}`, packSize: 50, price: 0 },
          ]),
        )
      ).statusCode,
    ).toBe(200);

    const draft = await refresh(token);
    // 300 - 100 on hand = 200 units: two boxes of 100 from Henry, the cheapest in stock.
    expect(lineOf(draft, gloves.id)).toMatchObject({ vendor: { id: henry.id, kind: 'supplier' }, sku: 'H-1', pack_size: 100, price: 9.5, quantity: 2, units: 200, total: 19, problem: null });
    expect(lineOf(draft, gloves.id).choices.map((c) => [c.vendor.name, c.sku, c.in_stock])).toEqual([
      [`Benco ${id}`, 'B-1', false],
      [`Henry ${id}`, 'H-1', true],
      [`Usual ${id}`, null, true],
    ]);
    expect(lineOf(draft, bibs.id)).toMatchObject({ vendor: null, quantity: 0, problem: SUGGESTION_MESSAGES.priceZero(`Benco ${id}`) });
    expect(lineOf(draft, gauze.id)).toMatchObject({ vendor: { id: usual.id }, sku: null, pack_size: 20, price: 6, quantity: 1 });
    expect(draft.total).toBe(25);

    // A second run leaves one draft with one line per product.
    await refresh(token);
    expect(await queryRows(t.db, sql`select count(*)::int as n from suggested_orders where company_id = ${here} and status = 'open'`)).toEqual([{ n: 1 }]);
    expect(await queryRows(t.db, sql`select count(*)::int as n from suggested_order_lines where company_id = ${here} and product_id = ${gloves.id}`)).toEqual([{ n: 1 }]);
  });

  it('a reviewer changes packs and vendor, removes a line, and one tap sends purchase orders; the draft then closes', async () => {
    const here = await location();
    const token = adminAt(here);
    const id = tag();
    const henry = await createSupplier(t.db, { companyId: here, name: `Henry ${id}`, contactEmail: `orders-${id}@henry.example` });
    const usual = await createSupplier(t.db, { companyId: here, name: `Usual ${id}`, contactEmail: `orders-${id}@usual.example` });
    const composite = await productBelowMinimum(here, token, { minimum: 12, onHand: 2, supplierId: usual.id, packOf: 1, pricePerPack: 14, barcode: `0066${id}` });
    const gauze = await productBelowMinimum(here, token, { minimum: 40, onHand: 20, supplierId: usual.id, packOf: 20, pricePerPack: 6 });
    const cups = await productBelowMinimum(here, token, { minimum: 100, onHand: 50, supplierId: usual.id, packOf: 50, pricePerPack: 4 });
    expect((await uploadPriceList(t, token, henry.id, csv([{ sku: 'H-5', description: 'Composite, 5 syringes', barcode: `0066${id}`, packSize: 5, price: 60 }]))).statusCode).toBe(200);
    const draft = await refresh(token);
    expect(lineOf(draft, composite.id)).toMatchObject({ vendor: { id: henry.id }, quantity: 2, units: 10 });

    // Member and assistant may not review; a bad quantity is refused with its field.
    const memberPatch = await t.request({ method: 'PATCH', url: `/api/reorder/suggestions/lines/${lineOf(draft, composite.id).id}`, token: t.tokenFor(world.own.users.company_member), payload: { quantity: 3 } });
    expect(memberPatch.statusCode).toBe(403);
    const bad = await t.request({ method: 'PATCH', url: `/api/reorder/suggestions/lines/${lineOf(draft, composite.id).id}`, token, payload: { quantity: -1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ field: 'quantity', message: SUGGESTION_MESSAGES.quantityRange });
    const unknownVendor = await t.request({ method: 'PATCH', url: `/api/reorder/suggestions/lines/${lineOf(draft, composite.id).id}`, token, payload: { choice: { vendor_id: randomUUID(), sku: 'X' } } });
    expect(unknownVendor.statusCode).toBe(400);
    expect(unknownVendor.json().errors).toContainEqual({ field: 'choice', message: SUGGESTION_MESSAGES.choiceUnknown });

    // Three packs of composite; gauze from Usual stays; cups come off.
    const more = await t.request({ method: 'PATCH', url: `/api/reorder/suggestions/lines/${lineOf(draft, composite.id).id}`, token, payload: { quantity: 3 } });
    expect(lineOf(more.json(), composite.id)).toMatchObject({ quantity: 3, units: 15, total: 180, edited: true });
    const switched = await t.request({ method: 'PATCH', url: `/api/reorder/suggestions/lines/${lineOf(draft, composite.id).id}`, token, payload: { choice: { vendor_id: usual.id, sku: null } } });
    // Usual sells singles at $14: the 10 units needed are 10 packs.
    expect(lineOf(switched.json(), composite.id)).toMatchObject({ vendor: { id: usual.id }, sku: null, pack_size: 1, quantity: 10, total: 140 });
    const back = await t.request({ method: 'PATCH', url: `/api/reorder/suggestions/lines/${lineOf(draft, composite.id).id}`, token, payload: { choice: { vendor_id: henry.id, sku: 'H-5' }, quantity: 3 } });
    expect(lineOf(back.json(), composite.id)).toMatchObject({ vendor: { id: henry.id }, quantity: 3 });
    const removed = await t.request({ method: 'DELETE', url: `/api/reorder/suggestions/lines/${lineOf(draft, cups.id).id}`, token });
    expect(removed.statusCode).toBe(200);
    expect(lineOf(removed.json(), cups.id)).toBeUndefined();

    // The job runs again: what a person set stays, what they removed stays off.
    const again = await refresh(token);
    expect(lineOf(again, composite.id)).toMatchObject({ quantity: 3, edited: true });
    expect(lineOf(again, cups.id)).toBeUndefined();
    expect(again.total).toBe(180 + 6);

    const [first, second] = await Promise.all([
      t.request({ method: 'POST', url: '/api/reorder/suggestions/order', token, payload: {} }),
      t.request({ method: 'POST', url: '/api/reorder/suggestions/order', token, payload: {} }),
    ]);
    const ok = [first, second].filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of [first, second]) expect([200, 404, 409]).toContain(r.statusCode);
    const orders = await queryRows<{ supplier_id: string; total: number; lines: number }>(
      t.db,
      sql`select po.supplier_id, po.total::float as total, (select count(*)::int from purchase_order_lines l where l.purchase_order_id = po.id) as lines from purchase_orders po where po.company_id = ${here} order by po.total desc`,
    );
    // One order each, however many taps: Henry's through the marketplace (a vendor order), Usual's a plain purchase order.
    expect(orders).toEqual([
      { supplier_id: henry.id, total: 180, lines: 1 },
      { supplier_id: usual.id, total: 6, lines: 1 },
    ]);
    expect(await queryRows(t.db, sql`select count(*)::int as n from vendor_orders where company_id = ${here}`)).toEqual([{ n: 1 }]);
    expect(await queryRows(t.db, sql`select count(*)::int as n from email_outbox where "to" in (${`orders-${id}@henry.example`}, ${`orders-${id}@usual.example`})`)).toEqual([{ n: 2 }]);
    const after = await suggestions(token);
    expect(after).toMatchObject({ id: null, lines: [] });
    const closed = await queryRows<{ status: string; ordered_by: string }>(t.db, sql`select status, ordered_by from suggested_orders where company_id = ${here}`);
    expect(closed).toEqual([{ status: 'ordered', ordered_by: world.own.users.organization_admin.id }]);

    // Now on order: the next draft leaves them out; the removed cups come back on a new draft.
    const next = await refresh(token);
    expect(lineOf(next, composite.id)).toBeUndefined();
    expect(lineOf(next, gauze.id)).toBeUndefined();
    expect(lineOf(next, cups.id)).toMatchObject({ vendor: { id: usual.id }, quantity: 1 });
    expect((await t.request({ method: 'POST', url: '/api/reorder/suggestions/order', token: adminAt(north()), payload: {} })).statusCode).not.toBe(500);
  });

  it('automatic sending under a value sends the small orders by itself, in the admin\'s name, and leaves the rest for review', async () => {
    const here = await location();
    const token = adminAt(here);
    const id = tag();
    const small = await createSupplier(t.db, { companyId: here, name: `Small ${id}` });
    const big = await createSupplier(t.db, { companyId: here, name: `Big ${id}` });
    const swabs = await productBelowMinimum(here, token, { minimum: 20, onHand: 10, supplierId: small.id, packOf: 10, pricePerPack: 5 });
    const implants = await productBelowMinimum(here, token, { minimum: 4, onHand: 2, supplierId: big.id, packOf: 1, pricePerPack: 300 });
    const bad = await t.request({ method: 'PUT', url: '/api/reorder/settings', token, payload: { service_level: 0.98, review_days: 7, auto_send_under: 0 } });
    expect(bad.statusCode).toBe(400);
    const set = await t.request({ method: 'PUT', url: '/api/reorder/settings', token, payload: { service_level: 0.98, review_days: 7, auto_send_under: 100 } });
    expect(set.json()).toEqual({ service_level: 0.98, review_days: 7, fill_rate: 0.99, order_cost: 15, holding_rate: 0.25, auto_send_under: 100 });

    const draft = await refresh(token);
    expect(lineOf(draft, swabs.id).ordered).toMatchObject({ number: expect.stringMatching(/^PO-/) });
    expect(lineOf(draft, implants.id)).toMatchObject({ ordered: null, total: 600 });
    const [auto] = await queryRows<{ created_by: string; supplier_id: string }>(t.db, sql`select created_by, supplier_id from purchase_orders where company_id = ${here}`);
    expect(auto).toEqual({ created_by: world.own.users.organization_admin.id, supplier_id: small.id });
    expect(await queryRows(t.db, sql`select action from audit_log where entity = 'suggested_order' and company_id = ${here} and action = 'auto_send'`)).toHaveLength(1);
    // Turned off: nothing more goes out by itself; saving without the field leaves it as it was.
    const kept = await t.request({ method: 'PUT', url: '/api/reorder/settings', token, payload: { service_level: 0.97, review_days: 7 } });
    expect(kept.json().auto_send_under).toBe(100);
    const off = await t.request({ method: 'PUT', url: '/api/reorder/settings', token, payload: { service_level: 0.98, review_days: 7, auto_send_under: null } });
    expect(off.json().auto_send_under).toBeNull();
  });

  it('two server processes drafting at once leave one draft with one line per product', async () => {
    const here = await location();
    const token = adminAt(here);
    const usual = await createSupplier(t.db, { companyId: here, name: `Usual ${tag()}` });
    const products = await Promise.all([1, 2, 3].map(() => productBelowMinimum(here, token, { minimum: 30, onHand: 10, supplierId: usual.id, packOf: 10, pricePerPack: 8 })));
    const other = await t.sibling();
    try {
      const runs = await Promise.all([0, 1, 2, 3].map((i) => (i % 2 ? other : t).request({ method: 'POST', url: '/api/reorder/suggestions/refresh', token })));
      for (const r of runs) expect(r.statusCode, r.body).toBe(200);
    } finally {
      await other.close();
    }
    expect(await queryRows(t.db, sql`select count(*)::int as n from suggested_orders where company_id = ${here}`)).toEqual([{ n: 1 }]);
    const lines = await queryRows<{ product_id: string; quantity: number }>(t.db, sql`select product_id, quantity from suggested_order_lines where company_id = ${here} order by product_id`);
    expect(lines).toEqual(products.map((p) => ({ product_id: p.id, quantity: 2 })).sort((a, b) => a.product_id.localeCompare(b.product_id)));
  });

  it('another organization\'s line is not found, and the draft of one location is not another\'s', async () => {
    const here = await location();
    const token = adminAt(here);
    const usual = await createSupplier(t.db, { companyId: here, name: `Usual ${tag()}` });
    const product = await productBelowMinimum(here, token, { minimum: 30, onHand: 10, supplierId: usual.id, packOf: 10, pricePerPack: 8 });
    const line = lineOf(await refresh(token), product.id);
    const foreign = t.tokenFor(world.foreign.users.company_admin);
    expect((await t.request({ method: 'PATCH', url: `/api/reorder/suggestions/lines/${line.id}`, token: foreign, payload: { quantity: 9 } })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/reorder/suggestions/lines/${line.id}`, token: foreign })).statusCode).toBe(404);
    expect(lineOf(await suggestions(foreign), product.id)).toBeUndefined();
    expect(lineOf(await suggestions(token), product.id)).toMatchObject({ quantity: 2, edited: false });
  });
});
