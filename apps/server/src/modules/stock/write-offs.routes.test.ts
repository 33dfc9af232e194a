import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { IDEMPOTENCY_MESSAGES, STOCK_MESSAGES, WRITE_OFF_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { createProduct, createSupplier } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';

// Issue 20: units written off a lot (dispose) and sent back to the supplier (return), and the
// waste report that sums them per day at cost.
let now = new Date('2026-11-10T12:00:00Z');
let t: TestApp;
let world: World;
let supplierId: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  world = await createWorld(t.db);
  supplierId = (await createSupplier(t.db, { companyId: world.own.org.locations[0]!.id, name: 'Henry Schein' })).id;
});
afterAll(async () => t.close());

const at = (iso: string) => { now = new Date(iso); };
const member = () => t.tokenFor(world.own.users.company_member);
const owner = () => t.tokenFor(world.own.users.organization_admin);
const foreignMember = () => t.tokenFor(world.foreign.users.company_member);
const south = () => world.own.org.locations[1]!.id;

/** A lot of a fresh catalog product at the caller's location, added through the API. */
async function addLot(overrides: Record<string, unknown> = {}, token = member()) {
  const p = await createProduct(t.db, { companyId: null, name: `Write-off ${randomUUID().slice(0, 6)}` });
  const res = await t.request({
    method: 'POST',
    url: '/api/stock',
    token,
    payload: { product_id: p.id, supplier_id: supplierId, container_quantity: 1, units_per_container: 10, price_per_container: 25, expiry_date: '2027-06-30', lotNumber: 'WO-1', ...overrides },
  });
  expect(res.statusCode).toBe(201);
  return { productId: p.id, stock: res.json().stocks[0] as { id: string; units_left: number } };
}

const dispose = (stockId: string, body: Record<string, unknown>, token = member()) =>
  t.request({ method: 'POST', url: `/api/stock/${stockId}/dispose`, token, payload: { reason: 'damaged', units: 1, idempotency_key: randomUUID(), ...body } });
const giveBack = (stockId: string, body: Record<string, unknown>, token = member()) =>
  t.request({ method: 'POST', url: `/api/stock/${stockId}/return`, token, payload: { units: 1, credit_amount: 0, idempotency_key: randomUUID(), ...body } });
const lot = async (stockId: string, token = member()) => (await t.request({ method: 'GET', url: `/api/stock/${stockId}`, token })).json();
const usageRows = (stockId: string) => queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from stock_usages where stock_id = ${stockId}`);

describe('disposing of units', () => {
  it('writes the units off the lot with their reason, in its history and counters', async () => {
    const { stock } = await addLot();
    const res = await dispose(stock.id, { reason: 'damaged', units: 3, note: 'Dropped the box' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: stock.id, units_left: 7, total_units: 10 });
    expect(res.json().stockUsages).toEqual([
      expect.objectContaining({ kind: 'disposal', unit_quantity: 3, note: 'Dropped the box', disposal_reason: 'damaged', credit_amount: null, reference: null, user_name: expect.any(String) }),
    ]);
    expect((await lot(stock.id)).units_left).toBe(7);
    const audit = await queryRows(t.db, sql`select action, changes from audit_log where entity = 'stock' and entity_id = ${stock.id} and action = 'dispose'`);
    expect(audit).toEqual([{ action: 'dispose', changes: { reason: 'damaged', units: 3, note: 'Dropped the box' } }]);
  });

  it('takes part units to three decimals', async () => {
    const { stock } = await addLot();
    const res = await dispose(stock.id, { reason: 'other', units: 2.5 });
    expect(res.statusCode).toBe(200);
    // Units left round down on screen: 7.5 left shows 7.
    expect(res.json()).toMatchObject({ units_left: 7 });
    expect(res.json().stockUsages[0]).toMatchObject({ unit_quantity: 2.5, disposal_reason: 'other' });
  });

  it('refuses more than the lot has left and writes nothing', async () => {
    const { stock } = await addLot();
    const res = await dispose(stock.id, { units: 10.001 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: WRITE_OFF_MESSAGES.moreThanLeft(10), errors: [{ field: 'units', message: WRITE_OFF_MESSAGES.moreThanLeft(10) }] });
    expect(await usageRows(stock.id)).toEqual([{ n: 0 }]);
    expect((await lot(stock.id)).units_left).toBe(10);

    expect((await dispose(stock.id, { units: 10, reason: 'expired' })).statusCode).toBe(200);
    const empty = await dispose(stock.id, { units: 1 });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(STOCK_MESSAGES.noUnitsLeft);
    expect(await usageRows(stock.id)).toEqual([{ n: 1 }]);
  });

  it('refuses bad input with the field and the reason, and writes nothing', async () => {
    const { stock } = await addLot();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ reason: undefined }, 'reason', WRITE_OFF_MESSAGES.reasonRequired],
      [{ reason: 'lost' }, 'reason', WRITE_OFF_MESSAGES.reasonRequired],
      [{ units: 0 }, 'units', WRITE_OFF_MESSAGES.unitsMin],
      [{ units: -2 }, 'units', WRITE_OFF_MESSAGES.unitsMin],
      [{ units: 1.0005 }, 'units', WRITE_OFF_MESSAGES.unitsDecimals],
      [{ units: undefined }, 'units', 'Required'],
      [{ note: 'x'.repeat(301) }, 'note', STOCK_MESSAGES.noteTooLong],
      [{ idempotency_key: 'short' }, 'idempotency_key', 'Use a key of 8 to 100 characters'],
    ];
    for (const [body, field, message] of cases) {
      const res = await dispose(stock.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toContainEqual({ field, message });
    }
    expect(await usageRows(stock.id)).toEqual([{ n: 0 }]);
  });

  it('answers 404 for another organization\'s lot and a lot that does not exist, writing nothing', async () => {
    const { stock } = await addLot();
    expect((await dispose(stock.id, { units: 1 }, foreignMember())).statusCode).toBe(404);
    expect((await giveBack(stock.id, { units: 1 }, foreignMember())).statusCode).toBe(404);
    expect((await dispose(randomUUID(), { units: 1 })).statusCode).toBe(404);
    expect(await usageRows(stock.id)).toEqual([{ n: 0 }]);
  });

  it('writes off once for a request sent twice, and refuses the key for another request', async () => {
    const { stock } = await addLot();
    const key = randomUUID();
    const first = await dispose(stock.id, { units: 2, idempotency_key: key });
    const again = await dispose(stock.id, { units: 2, idempotency_key: key });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: stock.id, units_left: 8 });
    expect(await usageRows(stock.id)).toEqual([{ n: 1 }]);
    const other = await dispose(stock.id, { units: 3, idempotency_key: key });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(IDEMPOTENCY_MESSAGES.keyReused);
    expect((await lot(stock.id)).units_left).toBe(8);
  });

  it('disposes of an expired lot in full and its expired alert goes away', async () => {
    at('2026-11-10T12:00:00Z');
    const { productId, stock } = await addLot({ expiry_date: '2026-11-20', lotNumber: 'OLD' });
    at('2026-11-25T12:00:00Z');
    try {
      await t.alerts.scan();
      const alertsOf = async () =>
        (await t.request({ method: 'GET', url: '/api/alert?perPage=100', token: member() })).json().results.filter((a: { product: { id: string } }) => a.product.id === productId);
      expect((await alertsOf()).map((a: { kind: string }) => a.kind)).toEqual(['expired']);
      const res = await dispose(stock.id, { reason: 'expired', units: 10 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ units_left: 0, is_expired: true });
      expect(await alertsOf()).toEqual([]);
    } finally {
      at('2026-11-10T12:00:00Z');
    }
  });

  it('raises low stock when a write-off takes the product below its minimum', async () => {
    const { productId, stock } = await addLot();
    expect((await t.request({ method: 'PATCH', url: `/api/product/${productId}`, token: member(), payload: { minimum_stock: 5 } })).statusCode).toBe(200);
    expect((await dispose(stock.id, { units: 6 })).statusCode).toBe(200);
    const alerts = (await t.request({ method: 'GET', url: '/api/alert?kind=low_stock&perPage=100', token: member() })).json().results;
    expect(alerts.filter((a: { product: { id: string } }) => a.product.id === productId)).toHaveLength(1);
  });

  it('writes off a recalled lot (what it is held for)', async () => {
    const { stock } = await addLot();
    await t.db.execute(sql`update stocks set status = 'recalled', status_reason = 'Manufacturer notice' where id = ${stock.id}`);
    const res = await dispose(stock.id, { reason: 'recalled', units: 10 });
    expect(res.statusCode).toBe(200);
    expect(res.json().units_left).toBe(0);
  });

  it('is refused to the assistant, who may consume but not take units off the books', async () => {
    const { stock } = await addLot();
    const assistant = t.tokenFor(world.own.users.assistant);
    expect((await dispose(stock.id, { units: 1 }, assistant)).statusCode).toBe(403);
    expect((await giveBack(stock.id, { units: 1 }, assistant)).statusCode).toBe(403);
  });
});

describe('returning units to the supplier', () => {
  it('takes the units off the lot with the credit and the supplier reference', async () => {
    const { stock } = await addLot();
    const res = await giveBack(stock.id, { units: 4, credit_amount: 9.5, supplier_reference: ' RMA-2211 ', note: 'Wrong size' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ units_left: 6 });
    expect(res.json().stockUsages).toEqual([expect.objectContaining({ kind: 'return', unit_quantity: 4, credit_amount: 9.5, reference: 'RMA-2211', disposal_reason: null, note: 'Wrong size' })]);
    const audit = await queryRows(t.db, sql`select changes from audit_log where entity = 'stock' and entity_id = ${stock.id} and action = 'return'`);
    expect(audit).toEqual([{ changes: { units: 4, credit_amount: 9.5, supplier_reference: 'RMA-2211', note: 'Wrong size' } }]);
  });

  it('refuses a negative credit, a credit in part cents, more than is left, and writes nothing', async () => {
    const { stock } = await addLot();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ credit_amount: -1 }, 'credit_amount', WRITE_OFF_MESSAGES.creditMin],
      [{ credit_amount: 1.005 }, 'credit_amount', WRITE_OFF_MESSAGES.creditCents],
      [{ credit_amount: undefined }, 'credit_amount', 'Required'],
      [{ units: 0 }, 'units', WRITE_OFF_MESSAGES.unitsMin],
      [{ supplier_reference: 'R'.repeat(101) }, 'supplier_reference', WRITE_OFF_MESSAGES.referenceTooLong],
    ];
    for (const [body, field, message] of cases) {
      const res = await giveBack(stock.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toContainEqual({ field, message });
    }
    const tooMany = await giveBack(stock.id, { units: 11, credit_amount: 5 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(WRITE_OFF_MESSAGES.moreThanLeft(10));
    expect(await usageRows(stock.id)).toEqual([{ n: 0 }]);
  });

  it('returns once for a request sent twice', async () => {
    const { stock } = await addLot();
    const key = randomUUID();
    for (let i = 0; i < 2; i += 1) expect((await giveBack(stock.id, { units: 5, credit_amount: 12, idempotency_key: key })).statusCode).toBe(200);
    expect((await lot(stock.id)).units_left).toBe(5);
    expect(await usageRows(stock.id)).toEqual([{ n: 1 }]);
  });
});

describe('the waste report', () => {
  const waste = (query: string, token = member()) => t.request({ method: 'GET', url: `/api/reports/waste?${query}`, token });

  it('sums write-offs per day and reason at cost, and returns with their credits', async () => {
    // Only this test writes off anything on these days.
    at('2026-11-01T08:00:00Z');
    const a = (await addLot({ price_per_container: 70, units_per_container: 30 })).stock.id; // $2.33333 a unit
    const b = (await addLot({ price_per_container: 100, units_per_container: 10 })).stock.id; // $10 a unit
    const token = member();
    const write = async (day: string, send: () => Promise<{ statusCode: number }>) => {
      at(day);
      expect((await send()).statusCode).toBe(200);
    };
    // 11-03: 3 expired units at $2.33333 ($6.99999) and 1.5 damaged at $10 ($15).
    await write('2026-11-03T09:00:00Z', () => dispose(a, { reason: 'expired', units: 3 }, token));
    await write('2026-11-03T23:59:00Z', () => dispose(b, { reason: 'damaged', units: 1.5 }, token));
    // 11-04: 2 recalled ($20), 1 other ($2.33333), and 4 returned at $10 with a $35.50 credit.
    await write('2026-11-04T08:00:00Z', () => dispose(b, { reason: 'recalled', units: 2 }, token));
    await write('2026-11-04T09:00:00Z', () => dispose(a, { reason: 'other', units: 1 }, token));
    await write('2026-11-04T10:00:00Z', () => giveBack(b, { units: 4, credit_amount: 35.5, supplier_reference: 'RMA-1' }, token));
    // 11-06, after the range: not counted.
    await write('2026-11-06T10:00:00Z', () => dispose(a, { reason: 'expired', units: 1 }, token));
    at('2026-11-10T12:00:00Z');

    const res = await waste('start_date=2026-11-02&end_date=2026-11-05');
    expect(res.statusCode).toBe(200);
    const zero = { expired: 0, damaged: 0, recalled: 0, other: 0, waste: 0, returned: 0, credits: 0 };
    expect(res.json()).toEqual({
      start_date: '2026-11-02',
      end_date: '2026-11-05',
      totals: { expired: 7, damaged: 15, recalled: 20, other: 2.33, waste: 22, returned: 40, credits: 35.5 },
      results: [
        { date: '2026-11-02', ...zero },
        { date: '2026-11-03', ...zero, expired: 7, damaged: 15, waste: 22 },
        { date: '2026-11-04', ...zero, recalled: 20, other: 2.33, returned: 40, credits: 35.5 },
        { date: '2026-11-05', ...zero },
      ],
    });

    // Written-off and returned units are not usage: expense by day leaves them out.
    const expense = (await t.request({ method: 'GET', url: '/api/reports/expense-by-day?start_date=2026-11-03&end_date=2026-11-04', token: member() })).json();
    expect(expense.results.map((d: { usage_cost: number }) => d.usage_cost)).toEqual([0, 0]);

    // Another location's figures are not this one's; the organization covers both.
    const other = await waste(`start_date=2026-11-03&end_date=2026-11-04&location_id=${south()}`, owner());
    expect(other.statusCode).toBe(200);
    expect(other.json().totals).toEqual(zero);
    const all = await waste('start_date=2026-11-03&end_date=2026-11-04&scope=organization', owner());
    expect(all.json().totals).toMatchObject({ waste: 22, credits: 35.5 });
  });

  it('defaults to the current month and checks the range and scope like the other reports', async () => {
    at('2026-11-10T12:00:00Z');
    const month = await waste('');
    expect(month.statusCode).toBe(200);
    expect(month.json()).toMatchObject({ start_date: '2026-11-01', end_date: '2026-11-10' });
    expect(month.json().results).toHaveLength(10);
    const backwards = await waste('start_date=2026-11-05&end_date=2026-11-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toContainEqual({ field: 'querystring.start_date', message: 'The start date cannot go after the end date' });
    expect((await waste(`location_id=${world.foreign.org.locations[0]!.id}`)).statusCode).toBe(404);
    expect((await waste('scope=organization')).statusCode).toBe(403);
    expect((await waste('', t.tokenFor(world.own.users.assistant))).statusCode).toBe(403);
  });
});
