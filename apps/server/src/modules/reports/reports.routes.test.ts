import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { REPORT_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { createProduct, createSupplier } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { insertStocks } from '../ledger/ledger.repo';
import { insertTreatment } from '../treatments/treatments.repo';

// A month at one location worked out by hand (docs/decisions.md, Reports), and a second location.
let now = new Date('2026-11-10T12:00:00Z');
let t: TestApp;
let world: World;
const ids = { p1: '', p2: '', l2: '', l3: '', t1: '', t2: '', s1: '', s2: '', v1: '', v1Line: '' };

const member = () => t.tokenFor(world.own.users.company_member);
const owner = () => t.tokenFor(world.own.users.organization_admin);
const north = () => world.own.org.locations[0]!.id;
const south = () => world.own.org.locations[1]!.id;
const get = (url: string, token = member()) => t.request({ method: 'GET', url: `/api/reports/${url}`, token });
const at = (iso: string) => { now = new Date(iso); };

async function receive(values: { companyId: string; productId: string; supplierId: string; containers: number; units: number; price: number; expiry: string; consignment?: boolean; on: string; lot: string }) {
  const [row] = await insertStocks(t.db, [
    {
      companyId: values.companyId,
      productId: values.productId,
      supplierId: values.supplierId,
      containerQuantity: values.containers,
      unitsPerContainer: values.units,
      pricePerContainer: values.price,
      unitPrice: values.price / values.units,
      expiryDate: values.expiry,
      lotNumber: values.lot,
      isConsignment: values.consignment ?? false,
      createdAt: new Date(values.on),
    },
  ]);
  return row!;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  world = await createWorld(t.db);
  const [p1, p2] = await Promise.all([createProduct(t.db, { companyId: null, name: 'Report Lidocaine' }), createProduct(t.db, { companyId: null, name: 'Report Implant' })]);
  const [s1, s2] = await Promise.all([createSupplier(t.db, { companyId: north(), name: 'Henry Schein' }), createSupplier(t.db, { companyId: north(), name: 'Straumann' })]);
  Object.assign(ids, { p1: p1.id, p2: p2.id, s1: s1.id, s2: s2.id });
  // Owned lots: $4 on 11-10 (2 units at $2, expiring first), $30 on 11-12 (10 units at $3).
  await receive({ companyId: north(), productId: p1.id, supplierId: s1.id, containers: 1, units: 2, price: 4, expiry: '2026-12-01', on: '2026-11-10T09:00:00Z', lot: 'L1' });
  ids.l2 = (await receive({ companyId: north(), productId: p1.id, supplierId: s1.id, containers: 1, units: 10, price: 30, expiry: '2027-06-01', on: '2026-11-12T09:00:00Z', lot: 'L2' })).id;
  // A consignment lot: 5 implants at $10, paid only as they are used.
  ids.l3 = (await receive({ companyId: north(), productId: p2.id, supplierId: s2.id, containers: 1, units: 5, price: 50, expiry: '2026-12-10', consignment: true, on: '2026-11-12T09:00:00Z', lot: 'L3' })).id;
  // Another location of the organization: $100 from Henry Schein on 11-20.
  await receive({ companyId: south(), productId: p1.id, supplierId: s1.id, containers: 2, units: 10, price: 50, expiry: '2027-06-01', on: '2026-11-20T09:00:00Z', lot: 'S1' });

  const treatment = (code: string) => insertTreatment(t.db, { companyId: north(), treatmentCode: code, name: `Treatment ${code}`, abbreviation: '', description: '', categoryId: null, createdBy: null });
  ids.t1 = (await treatment('R1')).id;
  ids.t2 = (await treatment('R2')).id;
  const visit = async (chart: string, treatments: string[], products: { product_id: string; quantity: number; treatment_id: string }[]) => {
    const res = await t.request({ method: 'POST', url: '/api/treatment_log', token: member(), payload: { idempotency_key: randomUUID(), patient_chart_number: chart, treatments, products } });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; total_cost: number; treatment_log_products: { id: string; product: { id: string } }[] };
  };
  // 11-15: lidocaine x3 from two lots (2 x $2 + 1 x $3 = $7) and one consignment implant ($10).
  at('2026-11-15T14:00:00Z');
  const v1 = await visit('PT-1', [ids.t1], [{ product_id: p1.id, quantity: 3, treatment_id: ids.t1 }, { product_id: p2.id, quantity: 1, treatment_id: ids.t1 }]);
  expect(v1.total_cost).toBe(17);
  ids.v1 = v1.id;
  ids.v1Line = v1.treatment_log_products.find((l) => l.product.id === p1.id)!.id;
  // 11-16: two lidocaine units used by hand ($6), and another patient's visit ($3).
  at('2026-11-16T10:00:00Z');
  const consumed = await t.request({ method: 'POST', url: '/api/stock/consume', token: member(), payload: { product_id: p1.id, quantity: 2, idempotency_key: randomUUID() } });
  expect(consumed.statusCode).toBe(200);
  await visit('PT-2', [ids.t2], [{ product_id: p1.id, quantity: 1, treatment_id: ids.t2 }]);
  // Lidocaine below its minimum: 6 usable units left against 10.
  expect((await t.request({ method: 'PATCH', url: `/api/product/${p1.id}`, token: member(), payload: { minimum_stock: 10 } })).statusCode).toBe(200);
  at('2026-11-22T15:00:00Z');
});
afterAll(async () => t.close());

const NOVEMBER = 'start_date=2026-11-01&end_date=2026-11-30';

describe('the dashboard of one location', () => {
  it('adds up spend, usage, treatments, patients, stock value and low stock as defined', async () => {
    const res = await get(`dashboard-cards-data?${NOVEMBER}`);
    expect(res.statusCode).toBe(200);
    // Spend: $4 + $30 received, $10 of consignment used. Usage: $17 + $6 + $3. Stock value: 6 x $3 (consignment is not owned).
    expect(res.json().totals).toEqual({ spend: 44, usage_cost: 26, treatments_performed: 2, patients_seen: 2, stock_value: 18, items_below_minimum: 1, marketplace_saved: 0 });
    expect(res.json().locations).toEqual([expect.objectContaining({ id: north(), cards: res.json().totals })]);

    const day = (await get('dashboard-cards-data?start_date=2026-11-15&end_date=2026-11-15')).json().totals;
    expect(day).toMatchObject({ spend: 10, usage_cost: 17, treatments_performed: 1, patients_seen: 1 });
  });

  it('gives every day of the range, zero on quiet days', async () => {
    const res = (await get('expense-by-day?start_date=2026-11-09&end_date=2026-11-17')).json();
    expect(res.results).toHaveLength(9);
    const byDay = Object.fromEntries(res.results.map((d: { date: string; spend: number; usage_cost: number }) => [d.date, [d.spend, d.usage_cost]]));
    expect(byDay).toEqual({
      '2026-11-09': [0, 0],
      '2026-11-10': [4, 0],
      '2026-11-11': [0, 0],
      '2026-11-12': [30, 0],
      '2026-11-13': [0, 0],
      '2026-11-14': [0, 0],
      '2026-11-15': [10, 17],
      '2026-11-16': [0, 9],
      '2026-11-17': [0, 0],
    });
  });

  it('ranks treatments by cost, products by units used and suppliers by spend', async () => {
    expect((await get(`expense-by-treatment?${NOVEMBER}`)).json().results).toEqual([
      { treatment: { id: ids.t1, treatment_code: 'R1', name: 'Treatment R1' }, performed: 1, cost: 17 },
      { treatment: { id: ids.t2, treatment_code: 'R2', name: 'Treatment R2' }, performed: 1, cost: 3 },
    ]);
    // Usage $26 = the treatments' $20 + two units used by hand ($6), with or without every treatment listed.
    expect((await get(`expense-by-treatment?${NOVEMBER}`)).json().manual_use_cost).toBe(6);
    expect((await get(`expense-by-treatment?${NOVEMBER}&limit=1`)).json()).toMatchObject({ results: [{ treatment: { id: ids.t1 } }], manual_use_cost: 6 });
    expect((await get('expense-by-treatment?start_date=2026-11-15&end_date=2026-11-15')).json().manual_use_cost).toBe(0);
    const products = (await get(`most-used-products?${NOVEMBER}`)).json().results;
    expect(products.map((p: { product: { id: string }; units_used: number; usage_cost: number }) => [p.product.id, p.units_used, p.usage_cost])).toEqual([
      [ids.p1, 6, 16],
      [ids.p2, 1, 10],
    ]);
    expect((await get(`top-suppliers?${NOVEMBER}`)).json().results).toEqual([
      { supplier: { id: ids.s1, name: 'Henry Schein' }, spend: 34 },
      { supplier: { id: ids.s2, name: 'Straumann' }, spend: 10 },
    ]);
    // Without a range: the current month.
    expect((await get('top-suppliers')).json()).toMatchObject({ start_date: '2026-11-01', end_date: '2026-11-22' });
  });

  it('lists lots with units left that expire within the window, soonest first', async () => {
    const res = (await get('stocks-about-to-expire')).json();
    // L1 expires first but is used up; L3 has 4 implants left worth $40.
    expect(res).toMatchObject({ days: 30, total: 1 });
    expect(res.results).toEqual([{ stock_id: ids.l3, product: { id: ids.p2, name: 'Report Implant' }, location: { id: north(), name: expect.any(String) }, lotNumber: 'L3', expiry_date: '2026-12-10', units_left: 4, value: 40 }]);
    expect((await get('stocks-about-to-expire?days=7')).json().total).toBe(0);
  });

  it('follows an edited visit: the units given back lower the usage on the day of the edit, and the treatment’s cost', async () => {
    const visit = (await t.request({ method: 'GET', url: `/api/treatment_log/${ids.v1}`, token: member() })).json();
    const products = visit.treatment_log_products.map((l: { id: string; product: { id: string }; quantity: number; treatment: { id: string } }) => ({
      id: l.id,
      product_id: l.product.id,
      quantity: l.id === ids.v1Line ? 2 : l.quantity,
      treatment_id: l.treatment.id,
    }));
    expect((await t.request({ method: 'PATCH', url: `/api/treatment_log/${ids.v1}`, token: member(), payload: { treatments: [ids.t1], products } })).statusCode).toBe(200);
    // One lidocaine unit at $3 (the lot that expires last) went back on 11-22.
    const cards = (await get(`dashboard-cards-data?${NOVEMBER}`)).json().totals;
    expect(cards).toMatchObject({ usage_cost: 23, stock_value: 21 });
    expect((await get('expense-by-day?start_date=2026-11-22&end_date=2026-11-22')).json().results).toEqual([{ date: '2026-11-22', spend: 0, usage_cost: -3 }]);
    expect((await get(`expense-by-treatment?${NOVEMBER}`)).json()).toMatchObject({ results: [{ treatment: { id: ids.t1 }, performed: 1, cost: 14 }, {}], manual_use_cost: 6 });
  });
});

describe('locations and ranges', () => {
  it('lets the organization admin see one location or every location, with the organization total', async () => {
    const south = (await get(`dashboard-cards-data?${NOVEMBER}&location_id=${world.own.org.locations[1]!.id}`, owner())).json();
    expect(south.totals).toMatchObject({ spend: 100, usage_cost: 0, stock_value: 100 });
    const all = (await get(`dashboard-cards-data?${NOVEMBER}&scope=organization`, owner())).json();
    expect(all.locations.map((l: { id: string; cards: { spend: number } }) => [l.id, l.cards.spend])).toEqual([
      [north(), 44],
      [world.own.org.locations[1]!.id, 100],
    ]);
    expect(all.totals.spend).toBe(144);
    expect((await get(`top-suppliers?${NOVEMBER}&scope=organization`, owner())).json().results[0]).toEqual({ supplier: { id: ids.s1, name: 'Henry Schein' }, spend: 134 });
  });

  it('keeps a member to their location, and another organization out', async () => {
    const others = await get(`dashboard-cards-data?${NOVEMBER}&location_id=${world.own.org.locations[1]!.id}`);
    expect(others.statusCode).toBe(404);
    const everywhere = await get(`dashboard-cards-data?${NOVEMBER}&scope=organization`);
    expect(everywhere.statusCode).toBe(403);
    expect(everywhere.json().message).toBe(REPORT_MESSAGES.organizationOnly);
    const foreign = await get(`dashboard-cards-data?${NOVEMBER}&location_id=${north()}`, t.tokenFor(world.foreign.users.organization_admin));
    expect(foreign.statusCode).toBe(404);
    // Their own location knows nothing of ours.
    expect((await get(`dashboard-cards-data?${NOVEMBER}`, t.tokenFor(world.foreign.users.company_member))).json().totals).toMatchObject({ spend: 0, usage_cost: 0, patients_seen: 0 });
  });

  it('refuses a backwards, missing or overlong range and names the field', async () => {
    const backwards = await get('expense-by-day?start_date=2026-11-30&end_date=2026-11-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([{ field: 'querystring.start_date', message: REPORT_MESSAGES.startAfterEnd }]);
    const missing = await get('dashboard-cards-data?start_date=2026-11-01');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { field: string }) => e.field)).toEqual(['querystring.end_date']);
    const long = await get('expense-by-day?start_date=2024-01-01&end_date=2026-11-30');
    expect(long.json().errors).toEqual([{ field: 'querystring.end_date', message: REPORT_MESSAGES.rangeTooLong }]);
    expect((await get('top-suppliers?start_date=2020-01-01')).statusCode).toBe(400);
    expect((await get('expense-by-day?start_date=2026-13-01&end_date=2026-12-01')).statusCode).toBe(400);
  });

  it('gives the product admin the platform’s figures', async () => {
    const res = await get('master', t.tokenFor(world.admin));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ organizations: 2, locations: 4, users: 9, pending_approvals: 0, pending_products: expect.any(Number) });
    expect((await get('master')).statusCode).toBe(403);
  });
});

describe('receipts corrected afterwards', () => {
  it('move the spend of the day they were received; a lot on consignment counts only the units used, when used', async () => {
    const southOwner = () => t.tokenFor(world.own.users.organization_admin, south());
    const spendOn = async (range: string) => (await get(`dashboard-cards-data?${range}`, southOwner())).json().totals.spend as number;
    const lot = (await t.request({ method: 'GET', url: `/api/stock?productId=${ids.p1}`, token: southOwner() })).json().results[0] as { id: string };
    const patch = (payload: Record<string, unknown>) => t.request({ method: 'PATCH', url: `/api/stock/${lot.id}`, token: southOwner(), payload });

    expect((await patch({ price_per_container: 60 })).statusCode).toBe(200);
    expect(await spendOn('start_date=2026-11-20&end_date=2026-11-20')).toBe(120);
    expect((await patch({ isConsignment: true })).statusCode).toBe(200);
    expect(await spendOn(NOVEMBER)).toBe(0);
    const used = await t.request({ method: 'POST', url: '/api/stock/consume', token: southOwner(), payload: { product_id: ids.p1, quantity: 2, idempotency_key: randomUUID() } });
    expect(used.statusCode).toBe(200);
    // Two units at $6, on the day they were used.
    expect(await spendOn('start_date=2026-11-22&end_date=2026-11-22')).toBe(12);
    expect((await patch({ isConsignment: false })).statusCode).toBe(200);
    expect(await spendOn('start_date=2026-11-22&end_date=2026-11-22')).toBe(0);
    expect(await spendOn(NOVEMBER)).toBe(120);
  });
});


describe('whole months from the monthly rollups', () => {
  const figures = async (range: string, token = owner()) => {
    const scope = `${range}&scope=organization`;
    const [cards, treatments, products, suppliers] = await Promise.all(
      ['dashboard-cards-data', 'expense-by-treatment', 'most-used-products?limit=5&', 'top-suppliers'].map(async (call) => {
        const res = await get(`${call}${call.endsWith('&') ? '' : '?'}${scope}`, token);
        expect(res.statusCode).toBe(200);
        return res.json();
      }),
    );
    // Less the range each answer repeats.
    return { cards: cards.totals, treatments: treatments.results, manualUse: treatments.manual_use_cost, products: products.results, suppliers: suppliers.results };
  };

  it('give the same figures as the days they sum, with the days around them read by day', async () => {
    // Everything happened in November: a range from October 20 to December 10 is November's.
    const november = await figures(NOVEMBER);
    expect(november.cards).toMatchObject({ treatments_performed: 2 });
    expect(november.cards.spend).toBeGreaterThan(0);
    expect(await figures('start_date=2026-10-20&end_date=2026-12-10')).toEqual(november);
    // November 15 to December 31: December whole (empty), November's second half by day.
    expect(await figures('start_date=2026-11-15&end_date=2026-12-31')).toEqual(await figures('start_date=2026-11-15&end_date=2026-11-30'));
    // Without the receipts of November 10 and 12, which only the whole month reads.
    const secondHalf = (await figures('start_date=2026-11-15&end_date=2026-12-31')).cards;
    expect(secondHalf).toMatchObject({ treatments_performed: 2 });
    expect(secondHalf.spend).toBeLessThan(november.cards.spend);
  });

  it('equal their days summed by month after every change of this file, and after a rebuild', async () => {
    // Each monthly row less its days' sum, per rollup and key: all zero when the triggers kept up.
    const unbalanced = () =>
      queryRows<{ rollup: string; month: string; a: number; b: number }>(
        t.db,
        sql`select rollup, company_id, month, key, sum(a)::float as a, sum(b)::float as b from (
              select 'usage' as rollup, company_id, month, product_id::text as key, units as a, cost as b from report_monthly_usage
              union all select 'usage', company_id, report_month(day), product_id::text, -units, -cost from report_daily_usage
              union all select 'spend', company_id, month, supplier_id::text, spend, 0 from report_monthly_spend
              union all select 'spend', company_id, report_month(day), supplier_id::text, -spend, 0 from report_daily_spend
              union all select 'treatments', company_id, month, treatment_id::text, performed, cost from report_monthly_treatments
              union all select 'treatments', company_id, report_month(day), treatment_id::text, -performed, -cost from report_daily_treatments
            ) x group by 1, 2, 3, 4 having sum(a) <> 0 or sum(b) <> 0`,
      );
    const months = async () => (await queryRows<{ n: number }>(t.db, sql`select (select count(*) from report_monthly_usage where units <> 0) + (select count(*) from report_monthly_treatments where performed <> 0)::int as n`))[0]!.n;
    expect(Number(await months())).toBeGreaterThan(0);
    expect(await unbalanced()).toEqual([]);
    await t.db.execute(sql`select report_rollups_rebuild()`);
    expect(await unbalanced()).toEqual([]);
    expect(Number(await months())).toBeGreaterThan(0);
    // The rebuild leaves no month at zero behind.
    expect(await queryRows(t.db, sql`select month from report_monthly_usage where units = 0 and cost = 0`)).toEqual([]);
  });
});
