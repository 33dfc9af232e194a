import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { IDEMPOTENCY_MESSAGES, PRODUCT_MESSAGES, STOCK_MESSAGES, utcDayMmDdYyyy } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { createProduct, createSupplier } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';

// A fixed clock: expiry rules compare with this day.
const NOW = new Date('2026-11-22T15:00:00Z');
let t: TestApp;
let world: World;
let supplierId: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  world = await createWorld(t.db);
  supplierId = (await createSupplier(t.db, { companyId: world.own.org.locations[0]!.id, name: 'Henry Schein' })).id;
});
afterAll(async () => t.close());

const member = () => t.tokenFor(world.own.users.company_member);
const foreignMember = () => t.tokenFor(world.foreign.users.company_member);
const admin = () => t.tokenFor(world.admin);
const ownLocation = () => world.own.org.locations[0]!.id;

const product = (overrides: Partial<Parameters<typeof createProduct>[1]> = {}) => createProduct(t.db, { companyId: null, ...overrides });
const stockBody = (productId: string, overrides: Record<string, unknown> = {}) => ({
  product_id: productId,
  supplier_id: supplierId,
  container_quantity: 2,
  units_per_container: 50,
  price_per_container: 89.99,
  expiry_date: '2027-06-30',
  lotNumber: 'LOT-A1',
  ...overrides,
});
const addStock = async (productId: string, overrides: Record<string, unknown> = {}, token = member()) =>
  t.request({ method: 'POST', url: '/api/stock', token, payload: stockBody(productId, overrides) });
const stockPage = async (productId: string, token = member(), query = '') => (await t.request({ method: 'GET', url: `/api/stock?productId=${productId}${query}`, token })).json();
const consume = (productId: string, quantity: number, extra: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url: '/api/stock/consume', token: member(), payload: { product_id: productId, quantity, idempotency_key: randomUUID(), ...extra } });

describe('adding stock', () => {
  it('records a receipt with its unit price to 5 decimals and lists it in the product stock room', async () => {
    const p = await product();
    const res = await addStock(p.id, { price_per_container: 100, units_per_container: 3, note: 'Delivered by courier' });
    expect(res.statusCode).toBe(201);
    const [stock] = res.json().stocks;
    expect(stock).toMatchObject({
      container_quantity: 2,
      units_per_container: 3,
      price_per_container: 100,
      unit_price: 33.33333,
      total_units: 6,
      units_used: 0,
      units_consumed: 0,
      units_left: 6,
      expiry_date: '2027-06-30',
      lotNumber: 'LOT-A1',
      isConsignment: false,
      note: 'Delivered by courier',
      supplier: { id: supplierId, name: 'Henry Schein' },
    });
    const page = await stockPage(p.id);
    expect(page.results.map((s: { id: string }) => s.id)).toEqual([stock.id]);
    expect(page.totals).toEqual({ total_units: 6, units_left: 6, value_left: 200 });
  });

  it('pages 5 at a time, newest first', async () => {
    const p = await product();
    for (let i = 0; i < 6; i += 1) expect((await addStock(p.id, { lotNumber: `L${i}` })).statusCode).toBe(201);
    const first = await stockPage(p.id);
    expect(first).toMatchObject({ currentPage: 1, lastPage: 2, total: 6 });
    expect(first.results.map((s: { lotNumber: string }) => s.lotNumber)).toEqual(['L5', 'L4', 'L3', 'L2', 'L1']);
    expect(first.totals.total_units).toBe(600);
  });

  it('refuses bad input with the spec wording and writes nothing', async () => {
    const p = await product();
    const missing = await t.request({ method: 'POST', url: '/api/stock', token: member(), payload: { product_id: p.id } });
    expect(missing.statusCode).toBe(400);
    const fields = missing.json().errors.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`);
    expect(fields).toEqual(expect.arrayContaining(['supplier_id: Required', 'container_quantity: Required', 'units_per_container: Required', 'price_per_container: Required']));

    const cases: [Record<string, unknown>, string, string][] = [
      [{ container_quantity: 0 }, 'container_quantity', STOCK_MESSAGES.containersMin],
      [{ container_quantity: 1.5 }, 'container_quantity', STOCK_MESSAGES.wholeNumber],
      [{ units_per_container: 0 }, 'units_per_container', STOCK_MESSAGES.unitsPerContainerMin],
      [{ price_per_container: -1 }, 'price_per_container', STOCK_MESSAGES.priceMin],
      [{ expiry_date: '2026-11-21' }, 'expiry_date', STOCK_MESSAGES.expiryInPast],
      [{ expiry_date: null }, 'expiry_date', 'Required'],
      [{ note: 'x'.repeat(301) }, 'note', STOCK_MESSAGES.noteTooLong],
      [{ units_consumed: 101 }, 'units_remaining', STOCK_MESSAGES.remainingBelowZero],
      [{ supplier_id: randomUUID() }, 'supplier_id', 'Supplier not found'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await addStock(p.id, overrides);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    }
    expect((await stockPage(p.id)).total).toBe(0);
  });

  it('accepts an expiry of today and defaults to no consignment', async () => {
    const p = await product();
    const res = await addStock(p.id, { expiry_date: '2026-11-22' });
    expect(res.statusCode).toBe(201);
    expect(res.json().stocks[0]).toMatchObject({ expiry_date: '2026-11-22', is_expired: false });
  });

  it('counts a consumable product in units: units per container must be 1', async () => {
    const p = await product({ companyId: null, type: 'consumable' });
    const wrong = await addStock(p.id, { units_per_container: 10 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toContainEqual({ field: 'units_per_container', message: STOCK_MESSAGES.consumableUnitsPerContainer });
    const right = await addStock(p.id, { container_quantity: 12, units_per_container: 1, price_per_container: 4.5 });
    expect(right.json().stocks[0]).toMatchObject({ total_units: 12, unit_price: 4.5 });
  });

  it('records units already consumed at entry in the ledger', async () => {
    const p = await product();
    const res = await addStock(p.id, { units_consumed: 30 });
    expect(res.json().stocks[0]).toMatchObject({ units_consumed: 30, units_left: 70 });
    expect(res.json().stocks[0].stockUsages).toHaveLength(1);
    expect(res.json().stocks[0].stockUsages[0]).toMatchObject({ kind: 'reconciliation', unit_quantity: 30 });
  });

  it('creates one stock per serial lot for a disposable product, units per container 1', async () => {
    const p = await product();
    const res = await addStock(p.id, {
      has_unique_lot: true,
      expiry_date: null,
      container_quantity: 3,
      units_per_container: 1,
      price_per_container: 420,
      unique_lots: [
        { lotNumber: 'SN-001', expiryDate: '2028-01-31', quantity: 1 },
        { lotNumber: 'SN-002', expiryDate: '2028-02-29', quantity: 2 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const stocks = res.json().stocks;
    expect(stocks.map((s: { lotNumber: string; total_units: number; expiry_date: string; has_unique_lot: boolean }) => [s.lotNumber, s.total_units, s.expiry_date, s.has_unique_lot])).toEqual([
      ['SN-001', 1, '2028-01-31', true],
      ['SN-002', 2, '2028-02-29', true],
    ]);
  });

  it('applies the serial lot rules', async () => {
    const consumable = await product({ companyId: null, type: 'consumable' });
    const base = { has_unique_lot: true, units_per_container: 1, expiry_date: null };
    const notDisposable = await addStock(consumable.id, { ...base, unique_lots: [{ lotNumber: 'SN-9', expiryDate: '2028-01-01', quantity: 1 }] });
    expect(notDisposable.json().errors).toContainEqual({ field: 'has_unique_lot', message: STOCK_MESSAGES.serialLotsDisposableOnly });

    const p = await product();
    const bad = await addStock(p.id, {
      ...base,
      unique_lots: [
        { lotNumber: ' ', expiryDate: '2028-01-01', quantity: 1 },
        { lotNumber: 'SN-2', expiryDate: '2028-01-01', quantity: 0 },
        { lotNumber: 'SN-3', expiryDate: '2028-01-01' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'unique_lots.0.lotNumber', message: STOCK_MESSAGES.serialRequired },
        { field: 'unique_lots.1.quantity', message: STOCK_MESSAGES.quantityMin },
        { field: 'unique_lots.2.quantity', message: STOCK_MESSAGES.quantityRequired },
      ]),
    );
    expect((await stockPage(p.id)).total).toBe(0);
  });

  it('asks before adding a lot already received here (409 DUPLICATE_RECEIPT) and writes nothing until confirmed', async () => {
    const p = await product({ name: 'Lidocaine 2%' });
    const first = await addStock(p.id, { lotNumber: 'LID-7', container_quantity: 1, units_per_container: 1 });
    expect(first.statusCode).toBe(201);
    // Receipts are stamped by the database's clock, not the test's.
    const receivedAt: string = first.json().stocks[0].created_at;
    const again = await addStock(p.id, { lotNumber: 'LID-7', container_quantity: 1, units_per_container: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      statusCode: 409,
      code: 'DUPLICATE_RECEIPT',
      message: `This delivery was already received on ${utcDayMmDdYyyy(receivedAt)} (1 unit): Lidocaine 2%, lot LID-7. Add it again?`,
      details: {
        receipts: [
          { stock_id: expect.any(String), product_name: 'Lidocaine 2%', lotNumber: 'LID-7', expiry_date: '2027-06-30', supplier_name: 'Henry Schein', received_at: receivedAt, total_units: 1 },
        ],
      },
    });
    const stockRows = async () => Number((await queryRows<{ n: string }>(t.db, sql`select count(*) as n from stocks where product_id = ${p.id}`))[0]!.n);
    const auditRows = async () => Number((await queryRows<{ n: string }>(t.db, sql`select count(*) as n from audit_log where entity = 'stock' and changes->>'product_id' = ${p.id}`))[0]!.n);
    expect(await stockRows()).toBe(1);
    expect(await auditRows()).toBe(1);

    // Confirmed, it is added; a third time names the latest of the two.
    const confirmed = await addStock(p.id, { lotNumber: 'LID-7', container_quantity: 3, units_per_container: 1, confirm_duplicate: true });
    expect(confirmed.statusCode).toBe(201);
    expect(await stockRows()).toBe(2);
    const third = await addStock(p.id, { lotNumber: 'LID-7' });
    expect(third.json().details.receipts).toEqual([expect.objectContaining({ stock_id: confirmed.json().stocks[0].id, total_units: 3 })]);
  });

  it('adds without asking when the lot, expiry or supplier differs, or there is no lot number', async () => {
    const p = await product();
    const otherSupplier = (await createSupplier(t.db, { companyId: ownLocation(), name: 'Patterson' })).id;
    expect((await addStock(p.id, { lotNumber: 'X-1' })).statusCode).toBe(201);
    for (const change of [{ lotNumber: 'X-2' }, { expiry_date: '2027-07-31' }, { supplier_id: otherSupplier }]) {
      expect((await addStock(p.id, { lotNumber: 'X-1', ...change })).statusCode).toBe(201);
    }
    expect((await addStock(p.id, { lotNumber: '' })).statusCode).toBe(201);
    expect((await addStock(p.id, { lotNumber: '' })).statusCode).toBe(201);
    // Another location's lot is not this location's delivery.
    const q = await product();
    expect((await addStock(q.id, { lotNumber: 'X-1' })).statusCode).toBe(201);
    const foreignSupplier = (await createSupplier(t.db, { companyId: world.foreign.org.locations[0]!.id, name: 'Henry Schein' })).id;
    expect((await addStock(q.id, { lotNumber: 'X-1', supplier_id: foreignSupplier }, foreignMember())).statusCode).toBe(201);
  });

  it('asks before adding a serial lot already received here', async () => {
    const p = await product();
    const serial = { has_unique_lot: true, units_per_container: 1, unique_lots: [{ lotNumber: 'SN-1', expiryDate: '2027-01-31', quantity: 1 }] };
    expect((await addStock(p.id, serial)).statusCode).toBe(201);
    const again = await addStock(p.id, { ...serial, unique_lots: [{ lotNumber: 'SN-2', expiryDate: '2027-01-31', quantity: 1 }, ...serial.unique_lots] });
    expect(again.statusCode).toBe(409);
    expect(again.json().details.receipts.map((r: { lotNumber: string }) => r.lotNumber)).toEqual(['SN-1']);
    expect((await stockPage(p.id)).total).toBe(1);
  });

  it("keeps stock per location: another location neither sees nor changes it", async () => {
    const p = await product();
    const stock = (await addStock(p.id)).json().stocks[0];
    expect((await stockPage(p.id, foreignMember())).total).toBe(0);
    expect((await t.request({ method: 'GET', url: `/api/stock/${stock.id}`, token: foreignMember() })).statusCode).toBe(404);
    expect((await t.request({ method: 'PATCH', url: `/api/stock/${stock.id}`, token: foreignMember(), payload: { note: 'x' } })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/stock/${stock.id}`, token: foreignMember() })).statusCode).toBe(404);
    // The other organization's pending product is not one to stock.
    const foreignPending = await product({ companyId: world.foreign.org.locations[0]!.id });
    expect((await addStock(foreignPending.id)).json().errors).toContainEqual({ field: 'product_id', message: 'Product not found' });
  });

  it('the product admin keeps no stock', async () => {
    const p = await product();
    expect((await addStock(p.id, {}, admin())).statusCode).toBe(403);
  });
});

describe('editing stock', () => {
  it('recomputes the unit price and records a recount as reconciliation', async () => {
    const p = await product();
    const stock = (await addStock(p.id)).json().stocks[0];
    const edited = await t.request({ method: 'PATCH', url: `/api/stock/${stock.id}`, token: member(), payload: { price_per_container: 60, units_remaining: 90 } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ unit_price: 1.2, units_consumed: 10, units_left: 90 });
    expect(edited.json().stockUsages[0]).toMatchObject({ kind: 'reconciliation', unit_quantity: 10, note: 'Recount' });

    // Setting units consumed lower gives units back with a negative reconciliation.
    const corrected = await t.request({ method: 'PATCH', url: `/api/stock/${stock.id}`, token: member(), payload: { units_consumed: 4 } });
    expect(corrected.json()).toMatchObject({ units_consumed: 4, units_left: 96 });
    expect(corrected.json().stockUsages.map((u: { unit_quantity: number }) => u.unit_quantity)).toEqual([-6, 10]);
  });

  it('refuses a count above what is on the shelf, both counts at once, and a balance below 0', async () => {
    const p = await product();
    const stock = (await addStock(p.id)).json().stocks[0];
    await consume(p.id, 20);
    const patch = (payload: Record<string, unknown>) => t.request({ method: 'PATCH', url: `/api/stock/${stock.id}`, token: member(), payload });
    expect((await patch({ units_remaining: 81 })).json().errors).toContainEqual({ field: 'units_remaining', message: STOCK_MESSAGES.remainingTooHigh });
    expect((await patch({ units_remaining: 5, units_consumed: 5 })).json().errors).toContainEqual({ field: 'units_remaining', message: STOCK_MESSAGES.consumedOrRemaining });
    expect((await patch({ units_consumed: 101 })).json().errors).toContainEqual({ field: 'units_remaining', message: STOCK_MESSAGES.remainingBelowZero });
    expect((await patch({ container_quantity: 1, units_per_container: 10 })).json().errors).toContainEqual({ field: 'units_remaining', message: STOCK_MESSAGES.remainingBelowZero });
    expect((await patch({ expiry_date: '2026-01-01' })).json().errors).toContainEqual({ field: 'expiry_date', message: STOCK_MESSAGES.expiryInPast });
    const after = (await t.request({ method: 'GET', url: `/api/stock/${stock.id}`, token: member() })).json();
    expect(after).toMatchObject({ units_used: 0, units_consumed: 20, units_left: 80, expiry_date: '2027-06-30' });
  });

  it('refuses edits and deletes once no units are left', async () => {
    const p = await product();
    const stock = (await addStock(p.id, { container_quantity: 1, units_per_container: 2 })).json().stocks[0];
    expect((await consume(p.id, 2)).statusCode).toBe(200);
    const edit = await t.request({ method: 'PATCH', url: `/api/stock/${stock.id}`, token: member(), payload: { note: 'late note' } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(STOCK_MESSAGES.noUnitsLeft);
    expect((await t.request({ method: 'DELETE', url: `/api/stock/${stock.id}`, token: member() })).statusCode).toBe(409);
  });
});

describe('deleting stock', () => {
  it('removes only the unconsumed units and keeps the history', async () => {
    const p = await product();
    const stock = (await addStock(p.id)).json().stocks[0];
    await consume(p.id, 15);
    expect((await t.request({ method: 'DELETE', url: `/api/stock/${stock.id}`, token: member() })).statusCode).toBe(204);
    expect((await stockPage(p.id)).total).toBe(0);
    const ledger = await queryRows(t.db, sql`select kind, quantity::float as quantity from stock_usages where stock_id = ${stock.id} order by created_at`);
    expect(ledger).toEqual([
      { kind: 'manual', quantity: 15 },
      { kind: 'removal', quantity: 85 },
    ]);
  });

  it('only members with stock delete may delete', async () => {
    const p = await product();
    const stock = (await addStock(p.id)).json().stocks[0];
    const res = await t.request({ method: 'DELETE', url: `/api/stock/${stock.id}`, token: t.tokenFor(world.own.users.assistant) });
    expect(res.statusCode).toBe(403);
  });
});

describe('consumption', () => {
  it('takes units first-expiry-first across lots and prices a multi-lot use as -1', async () => {
    const p = await product();
    await addStock(p.id, { lotNumber: 'LATE', expiry_date: '2027-12-31', container_quantity: 1, units_per_container: 10, price_per_container: 20 });
    await addStock(p.id, { lotNumber: 'EARLY', expiry_date: '2027-01-31', container_quantity: 1, units_per_container: 4, price_per_container: 4 });
    const res = await consume(p.id, 6);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ quantity: 6, unit_price: -1, cost: 8 });
    expect(res.json().lots.map((l: { lotNumber: string; quantity: number }) => [l.lotNumber, l.quantity])).toEqual([
      ['EARLY', 4],
      ['LATE', 2],
    ]);
    const single = await consume(p.id, 1);
    expect(single.json()).toMatchObject({ unit_price: 2, cost: 2 });
  });

  it('skips expired lots unless one is named, and says why it fails', async () => {
    const p = await product({ companyId: null, name: 'Articaine 4% 1:100k' });
    const [stock] = (await addStock(p.id, { container_quantity: 1, units_per_container: 5 })).json().stocks;
    // Age the lot past its expiry, as time would.
    await t.db.execute(sql`update stocks set expiry_date = '2026-11-01' where id = ${stock.id}`);
    const expired = await consume(p.id, 1);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ message: 'Articaine 4% 1:100k - Expired stock', details: { problem: 'expired', product_id: p.id } });
    const named = await consume(p.id, 1, { stock_id: stock.id });
    expect(named.statusCode).toBe(200);
    const short = await consume(p.id, 5, { stock_id: stock.id });
    expect(short.json().message).toBe('Articaine 4% 1:100k - Not enough stock');
    const none = await consume((await product({ companyId: null, name: 'Never stocked' })).id, 1);
    expect(none.json().message).toBe(STOCK_MESSAGES.notEnoughStock('Never stocked'));
  });

  it('writes nothing when the stock is short', async () => {
    const p = await product();
    const [stock] = (await addStock(p.id, { container_quantity: 1, units_per_container: 3 })).json().stocks;
    expect((await consume(p.id, 3.5)).statusCode).toBe(409);
    expect((await t.request({ method: 'GET', url: `/api/stock/${stock.id}`, token: member() })).json()).toMatchObject({ units_left: 3, stockUsages: [] });
  });

  it('counts a replayed idempotency key once and answers the same', async () => {
    const p = await product();
    await addStock(p.id);
    const key = randomUUID();
    const first = await consume(p.id, 2, { idempotency_key: key });
    const replay = await consume(p.id, 2, { idempotency_key: key });
    expect(replay.json()).toEqual(first.json());
    expect((await stockPage(p.id)).totals.units_left).toBe(98);
  });

  it('refuses a key that comes back with another request (422), consuming nothing for it', async () => {
    const p = await product();
    const other = await product();
    await addStock(p.id);
    await addStock(other.id);
    const key = randomUUID();
    expect((await consume(p.id, 2, { idempotency_key: key })).statusCode).toBe(200);
    for (const [productId, quantity, extra] of [[p.id, 3, {}], [other.id, 2, {}], [p.id, 2, { note: 'another reason' }]] as const) {
      const reused = await consume(productId, quantity, { idempotency_key: key, ...extra });
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: IDEMPOTENCY_MESSAGES.keyReused });
    }
    expect((await stockPage(p.id)).totals.units_left).toBe(98);
    expect((await stockPage(other.id)).totals.units_left).toBe(100);
    // The same request still replays its first answer.
    expect((await consume(p.id, 2, { idempotency_key: key })).statusCode).toBe(200);
    expect((await stockPage(p.id)).totals.units_left).toBe(98);
  });

  it('audits a consumption once: not its replay, nor a refused one', async () => {
    const p = await product();
    await addStock(p.id, { container_quantity: 1, units_per_container: 5 });
    const key = randomUUID();
    expect((await consume(p.id, 2, { idempotency_key: key, note: 'broken vial' })).statusCode).toBe(200);
    expect((await consume(p.id, 2, { idempotency_key: key, note: 'broken vial' })).statusCode).toBe(200);
    expect((await consume(p.id, 4)).statusCode).toBe(409);
    const rows = await queryRows(t.db, sql`select action, changes->>'note' as note, actor_user_id = ${world.own.users.company_member.id} as by_member from audit_log where entity = 'stock_consumption' and entity_id = ${p.id}`);
    expect(rows).toEqual([{ action: 'consume', note: 'broken vial', by_member: true }]);
  });

  it('rounds part units: left down, used up', async () => {
    const p = await product();
    const [stock] = (await addStock(p.id, { container_quantity: 1, units_per_container: 10 })).json().stocks;
    await consume(p.id, 0.5);
    const after = (await t.request({ method: 'GET', url: `/api/stock/${stock.id}`, token: member() })).json();
    expect(after).toMatchObject({ units_consumed: 1, units_left: 9 });
  });

  it('refuses quantities of zero or less, and below the 0.001 a quantity is stored with', async () => {
    const p = await product();
    for (const quantity of [0, 0.0004, 0.0009]) {
      const res = await consume(p.id, quantity);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ field: 'quantity', message: STOCK_MESSAGES.consumeQuantityMin });
    }
  });
});

describe('the ledger', () => {
  it('refuses to rewrite history or overdraw a stock, whatever the caller', async () => {
    const p = await product();
    const [stock] = (await addStock(p.id, { container_quantity: 1, units_per_container: 2 })).json().stocks;
    await consume(p.id, 1);
    await expect(t.db.execute(sql`update stock_usages set quantity = 0.5 where stock_id = ${stock.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from stock_usages where stock_id = ${stock.id}`)).rejects.toThrow();
    await expect(
      t.db.execute(sql`insert into stock_usages (company_id, stock_id, product_id, kind, quantity, unit_price) values (${ownLocation()}, ${stock.id}, ${p.id}, 'manual', 2, 1)`),
    ).rejects.toThrow();
  });
});

describe('the product admin', () => {
  it('sees every location holding a product, and cannot delete it while they do', async () => {
    const p = await product({ companyId: null, name: 'Held Product' });
    await addStock(p.id, { container_quantity: 1, units_per_container: 10, price_per_container: 10 });
    await addStock(p.id, { container_quantity: 1, units_per_container: 30, price_per_container: 60, lotNumber: 'LOT-A2' });
    const detail = (await t.request({ method: 'GET', url: `/api/product/${p.id}`, token: admin() })).json();
    expect(detail.companyStocksOverview).toEqual([
      { company_id: ownLocation(), company_name: 'Own North', units_in_stock: 40, supplier_name: 'Henry Schein', average_unit_price: 1.75 },
    ]);
    expect((await t.request({ method: 'GET', url: `/api/product/${p.id}`, token: member() })).json().companyStocksOverview).toEqual([]);

    const refused = await t.request({ method: 'DELETE', url: `/api/product/${p.id}`, token: admin() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: PRODUCT_MESSAGES.heldInStock, details: { companies: [{ id: ownLocation(), name: 'Own North', units_in_stock: 40 }] } });
  });

  it('in_stock_only narrows the product search to what the location holds', async () => {
    const held = await product({ companyId: null, name: 'Zz Stocked Gauze' });
    await product({ companyId: null, name: 'Zz Unstocked Gauze' });
    await addStock(held.id);
    const res = (await t.request({ method: 'GET', url: '/api/product/v2?fuzzySearchQuery=zz&in_stock_only=true', token: member() })).json();
    expect(res.results.map((r: { name: string }) => r.name)).toEqual(['Zz Stocked Gauze']);
    const foreign = (await t.request({ method: 'GET', url: '/api/product/v2?fuzzySearchQuery=zz&in_stock_only=true', token: foreignMember() })).json();
    expect(foreign.results).toEqual([]);
  });
});

describe('tracking product consumption', () => {
  it('reports cycles with their uses, the trends, and what one use costs at the next lot', async () => {
    const p = await product({ companyId: null, name: 'Tracked Prophy Angles' });
    const first = (await addStock(p.id, { container_quantity: 1, units_per_container: 10, price_per_container: 20 })).json().stocks[0];
    await consume(p.id, 2);
    await consume(p.id, 2);
    await consume(p.id, 2, { stock_id: first.id });
    // A later, cheaper lot used more sparingly.
    await t.db.execute(sql`update stocks set created_at = now() - interval '30 days' where id = ${first.id}`);
    const second = (await addStock(p.id, { container_quantity: 1, units_per_container: 10, price_per_container: 15, expiry_date: '2027-01-01' })).json().stocks[0];
    await consume(p.id, 1, { stock_id: second.id });
    await consume(p.id, 1, { stock_id: second.id });

    const report = (await t.request({ method: 'GET', url: `/api/product/${p.id}/tracking-reports`, token: member() })).json();
    expect(report.cycle).toBe(2);
    expect(report.cycle_counts.map((c: { count: number; units_per_use: number; unit_price: number }) => [c.count, c.units_per_use, c.unit_price])).toEqual([
      [3, 2, 2],
      [2, 1, 1.5],
    ]);
    expect(report).toMatchObject({ is_cost_improving: 'improving', is_usage_improving: 'improving', current_treatment_cost: 1.5 });

    const price = (await t.request({ method: 'GET', url: `/api/product/${p.id}/estimated-cycle-unit-price?get-last-tracker=true`, token: member() })).json();
    // The next use draws the lot expiring first (2027-01-01, $1.50); the shelf holds 4 at $2 and 8 at $1.50.
    expect(price).toEqual({ unit_price: 1.5, average_unit_price: 1.66667, cycle: 2, last_tracker: { date: expect.any(String), count: 2, unit_price: 1.5 } });
    expect((await t.request({ method: 'GET', url: `/api/product/${p.id}/tracking-reports`, token: foreignMember() })).json()).toMatchObject({ cycle: 0, cycle_counts: [] });
  });
});
