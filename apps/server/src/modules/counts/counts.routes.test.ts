import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { COUNT_MESSAGES, IDEMPOTENCY_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { createProduct, createSupplier } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';

// Issue 34, item 2: cycle counts. Blind counting, approval through the ledger, use at the chair
// during a count, found lots, and what is refused. Each test counts its own storage place, and
// closes its count: one count at a time is under way per location.
let t: TestApp;
let world: World;
let supplierId: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-10T12:00:00Z') });
  world = await createWorld(t.db);
  supplierId = (await createSupplier(t.db, { companyId: world.own.org.locations[0]!.id, name: 'Count Supply' })).id;
});
afterAll(async () => t.close());

const member = () => t.tokenFor(world.own.users.company_member);
const manager = () => t.tokenFor(world.own.users.company_admin);
const foreignManager = () => t.tokenFor(world.foreign.users.company_admin);

interface Line { id: string; stock_id: string | null; counted_units: number | null; expected_units: number | null; variance_units: number | null; variance_value: number | null; adjusted_units: number | null; is_found: boolean }

async function newPlace() {
  const res = await t.request({ method: 'POST', url: '/api/places', token: manager(), payload: { name: `Shelf ${randomUUID().slice(0, 6)}` } });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function addLot(placeId: string, units = 20, unitPrice = 2) {
  const p = await createProduct(t.db, { companyId: null, name: `Counted ${randomUUID().slice(0, 6)}` });
  const res = await t.request({
    method: 'POST',
    url: '/api/stock',
    token: member(),
    payload: { product_id: p.id, supplier_id: supplierId, container_quantity: 1, units_per_container: units, price_per_container: units * unitPrice, expiry_date: '2027-06-30', lotNumber: `CT-${randomUUID().slice(0, 8)}`, place_id: placeId },
  });
  expect(res.statusCode).toBe(201);
  return { productId: p.id, stockId: res.json().stocks[0].id as string };
}

async function startCount(placeId: string, token = manager()) {
  const res = await t.request({ method: 'POST', url: '/api/counts', token, payload: { scope: 'place', place_id: placeId } });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; status: string; lines: number };
}
const lines = async (countId: string, token = member(), query = '') => (await t.request({ method: 'GET', url: `/api/counts/${countId}/lines${query}`, token })).json().results as Line[];
const count = (countId: string, id: string, units: unknown, token = member()) => t.request({ method: 'PUT', url: `/api/counts/${countId}/lines/${id}`, token, payload: { counted_units: units } });
const act = (countId: string, action: 'submit' | 'approve' | 'cancel', token = manager()) => t.request({ method: 'POST', url: `/api/counts/${countId}/${action}`, token });
const unitsLeft = async (stockId: string) => (await queryRows<{ units: number }>(t.db, sql`select units_left::float as units from stocks where id = ${stockId}`))[0]!.units;
const ledgerRows = async () => (await queryRows<{ n: number }>(t.db, sql`select ((select count(*) from stock_usages) + (select count(*) from stocks) + (select count(*) from stock_count_lines) + (select count(*) from stock_counts))::int as n`))[0]!.n;
const consume = (productId: string, quantity: number) =>
  t.request({ method: 'POST', url: '/api/stock/consume', token: member(), payload: { product_id: productId, quantity, idempotency_key: randomUUID() } });

describe('cycle counts', () => {
  it('counts blind, keeps what the books held when counted, and approval applies only that difference', async () => {
    const place = await newPlace();
    const lot = await addLot(place, 20);
    const started = await startCount(place);
    expect(started).toMatchObject({ status: 'open', lines: 1, counted: 0, variance_units: null, accuracy: null });

    // Blind: the books' figure is not shown before the line is counted.
    const [line] = await lines(started.id);
    expect(line).toMatchObject({ stock_id: lot.stockId, counted_units: null, expected_units: null, variance_units: null });

    const saved = await count(started.id, line!.id, 17);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ counted_units: 17, expected_units: 20, variance_units: -3, variance_value: -6 });

    // Two units used at the chair after the shelf was counted: not counted twice.
    expect((await consume(lot.productId, 2)).statusCode).toBe(200);
    expect((await act(started.id, 'submit', member())).statusCode).toBe(200);
    const approved = await act(started.id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', counted: 1, variance_units: -3, variance_value: -6, accuracy: 0 });
    expect(await unitsLeft(lot.stockId)).toBe(15);

    const rows = await queryRows(t.db, sql`select kind::text, quantity::float, note from stock_usages where stock_id = ${lot.stockId} order by created_at, id`);
    expect(rows).toContainEqual({ kind: 'count', quantity: 3, note: 'Count: 17 on the shelf, 20 on the books' });
    const audit = await queryRows(t.db, sql`select entity, action from audit_log where entity_id in (${started.id}, ${lot.stockId}) and action in ('start', 'submit', 'approve', 'count') order by id`);
    expect(audit.map((a) => `${String(a.entity)}:${String(a.action)}`)).toEqual(['stock_count:start', 'stock_count:submit', 'stock:count', 'stock_count:approve']);
    expect((await lines(started.id))[0]).toMatchObject({ adjusted_units: -3 });
  });

  it('approving twice, or counting an approved count, is refused and writes nothing', async () => {
    const place = await newPlace();
    await addLot(place, 5);
    const c = await startCount(place);
    const [line] = await lines(c.id);
    await count(c.id, line!.id, 4);
    expect((await act(c.id, 'approve')).statusCode).toBe(409); // not submitted yet
    await act(c.id, 'submit');
    const [first, second] = await Promise.all([act(c.id, 'approve'), act(c.id, 'approve')]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const before = await ledgerRows();
    const again = await act(c.id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(COUNT_MESSAGES.alreadyApproved);
    expect((await count(c.id, line!.id, 1)).statusCode).toBe(409);
    expect(await ledgerRows()).toBe(before);
    expect(await queryRows(t.db, sql`select count(*)::int as n from stock_usages where kind = 'count' and note like 'Count: 4 on the shelf%'`)).toEqual([{ n: 1 }]);
  });

  it('a surplus comes back onto the lot, a lot found on the shelf becomes a new lot that adds no spend', async () => {
    const place = await newPlace();
    const lot = await addLot(place, 10, 3);
    const extra = await createProduct(t.db, { companyId: null, name: `Found ${randomUUID().slice(0, 6)}` });
    const spend = async () => (await queryRows<{ s: number }>(t.db, sql`select coalesce(sum(spend), 0)::float as s from report_daily_spend where company_id = ${world.own.org.locations[0]!.id}`))[0]!.s;
    const c = await startCount(place);
    const [line] = await lines(c.id);
    await count(c.id, line!.id, 12);
    const found = await t.request({ method: 'POST', url: `/api/counts/${c.id}/found`, token: member(), payload: { product_id: extra.id, lot_number: 'FOUND-1', expiry_date: '2028-01-31', counted_units: 4, unit_price: 1.5 } });
    expect(found.statusCode).toBe(201);
    expect(found.json()).toMatchObject({ is_found: true, stock_id: null, counted_units: 4, expected_units: 0, variance_units: 4, variance_value: 6 });
    await act(c.id, 'submit', member());
    const spendBefore = await spend();
    expect((await act(c.id, 'approve')).statusCode).toBe(200);
    expect(await unitsLeft(lot.stockId)).toBe(12);
    const made = await queryRows(t.db, sql`select units_left::float as units, lot_number, place_id, found_in_count_id from stocks where product_id = ${extra.id}`);
    expect(made).toEqual([{ units: 4, lot_number: 'FOUND-1', place_id: place, found_in_count_id: c.id }]);
    expect(await spend()).toBe(spendBefore);
    const after = await lines(c.id);
    expect(after.find((l) => l.is_found)).toMatchObject({ adjusted_units: 4 });
    expect(after.find((l) => !l.is_found)).toMatchObject({ adjusted_units: 2 });
  });

  it('a found lot may be of any product the location’s catalog shows, wherever it was first entered, and no other', async () => {
    // Issue 50, item 4: first entered at the second location, then approved into the catalog.
    const south = world.own.org.locations[1]!.id;
    const approved = await createProduct(t.db, { companyId: south, name: `South first ${randomUUID().slice(0, 6)}`, isApproved: true });
    const unapproved = await createProduct(t.db, { companyId: south, name: `South only ${randomUUID().slice(0, 6)}`, isApproved: false });
    const theirs = await createProduct(t.db, { companyId: world.foreign.org.locations[0]!.id, name: `Foreign only ${randomUUID().slice(0, 6)}`, isApproved: false });
    const place = await newPlace();
    await addLot(place);
    const c = await startCount(place);
    const found = (productId: string) => t.request({ method: 'POST', url: `/api/counts/${c.id}/found`, token: member(), payload: { product_id: productId, lot_number: 'F-9', counted_units: 2, unit_price: 1 } });
    expect((await found(approved.id)).statusCode).toBe(201);
    for (const hidden of [unapproved.id, theirs.id, randomUUID()]) {
      const res = await found(hidden);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'product_id', message: COUNT_MESSAGES.productNotFound }]);
    }
    expect((await act(c.id, 'cancel')).statusCode).toBe(200);
  });

  it('a shortage never takes more than the lot still holds', async () => {
    const place = await newPlace();
    const lot = await addLot(place, 20);
    const c = await startCount(place);
    const [line] = await lines(c.id);
    await count(c.id, line!.id, 10); // 10 missing
    expect((await consume(lot.productId, 15)).statusCode).toBe(200); // 5 left on the books
    await act(c.id, 'submit', member());
    expect((await act(c.id, 'approve')).statusCode).toBe(200);
    expect(await unitsLeft(lot.stockId)).toBe(0);
    expect((await lines(c.id))[0]).toMatchObject({ adjusted_units: -5 });
  });

  it('the variance report and the accuracy of the last 90 days', async () => {
    const place = await newPlace();
    const a = await addLot(place, 8, 2);
    const b = await addLot(place, 6, 1);
    const c = await startCount(place);
    for (const line of await lines(c.id)) await count(c.id, line.id, line.stock_id === a.stockId ? 8 : 5);
    await act(c.id, 'submit', member());
    await act(c.id, 'approve');
    const csv = await t.request({ method: 'GET', url: `/api/counts/${c.id}/variance`, token: member() });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.body.trim().split(/\r?\n/);
    expect(rows[0]).toBe('Product,Lot,Expiry,Place,Found,Counted units,Expected units,Variance units,Unit price,Variance value,Adjusted units');
    expect(rows.slice(1).some((r) => r.endsWith(',8,8,0,2,0.00,0'))).toBe(true);
    expect(rows.slice(1).some((r) => r.endsWith(',5,6,-1,1,-1.00,-1'))).toBe(true);
    void b;
    const accuracy = (await t.request({ method: 'GET', url: '/api/counts/accuracy', token: member() })).json();
    expect(accuracy.days).toBe(90);
    expect(accuracy.counts).toBeGreaterThanOrEqual(1);
    expect(accuracy.lines_matching).toBeGreaterThanOrEqual(1);
    expect(accuracy.accuracy).toBeCloseTo(accuracy.lines_matching / accuracy.lines_counted, 6);
  });

  it('refuses bad input with the field and reason, and writes nothing', async () => {
    const place = await newPlace();
    await addLot(place, 5);
    const c = await startCount(place);
    const [line] = await lines(c.id);
    const before = await ledgerRows();
    for (const [units, message] of [
      [-1, COUNT_MESSAGES.countedNegative],
      ['seven', COUNT_MESSAGES.countedRequired],
      [1.0005, COUNT_MESSAGES.countedDecimals],
    ] as const) {
      const res = await count(c.id, line!.id, units);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ field: 'counted_units', message });
    }
    expect((await count(c.id, randomUUID(), 1)).statusCode).toBe(404);
    // A second count while this one is under way.
    const second = await t.request({ method: 'POST', url: '/api/counts', token: manager(), payload: { scope: 'location' } });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(COUNT_MESSAGES.countUnderWay);
    const noCategory = await t.request({ method: 'POST', url: '/api/counts', token: manager(), payload: { scope: 'category' } });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().errors).toContainEqual({ field: 'category_id', message: COUNT_MESSAGES.categoryRequired });
    // A found lot of a product this location cannot see, or in another location's place.
    const foreignPlace = (await t.request({ method: 'POST', url: '/api/places', token: foreignManager(), payload: { name: 'Foreign shelf' } })).json().id as string;
    const product = await createProduct(t.db, { companyId: null, name: `Odd ${randomUUID().slice(0, 6)}` });
    const wrongPlace = await t.request({ method: 'POST', url: `/api/counts/${c.id}/found`, token: member(), payload: { product_id: product.id, lot_number: 'X', counted_units: 1, place_id: foreignPlace } });
    expect(wrongPlace.statusCode).toBe(400);
    expect(wrongPlace.json().errors).toContainEqual({ field: 'place_id', message: COUNT_MESSAGES.placeNotFound });
    const noUnits = await t.request({ method: 'POST', url: `/api/counts/${c.id}/found`, token: member(), payload: { product_id: product.id, lot_number: 'X', counted_units: 0 } });
    expect(noUnits.statusCode).toBe(400);
    // Submitting with nothing counted.
    const empty = await act(c.id, 'submit', member());
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(COUNT_MESSAGES.nothingCounted);
    expect(await ledgerRows()).toBe(before);
    expect((await act(c.id, 'cancel')).json().status).toBe('canceled');
  });

  it('members count and submit; only the location admins start, approve and cancel; another location sees nothing', async () => {
    const place = await newPlace();
    await addLot(place, 3);
    const refused = await t.request({ method: 'POST', url: '/api/counts', token: member(), payload: { scope: 'place', place_id: place } });
    expect(refused.statusCode).toBe(403);
    const c = await startCount(place);
    expect((await t.request({ method: 'GET', url: `/api/counts/${c.id}`, token: foreignManager() })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/counts/${c.id}/lines`, token: foreignManager() })).statusCode).toBe(404);
    const [line] = await lines(c.id);
    expect((await count(c.id, line!.id, 3, foreignManager())).statusCode).toBe(404);
    expect((await count(c.id, line!.id, 3)).statusCode).toBe(200);
    expect((await act(c.id, 'submit', member())).statusCode).toBe(200);
    expect((await act(c.id, 'approve', member())).statusCode).toBe(403);
    expect((await act(c.id, 'approve', foreignManager())).statusCode).toBe(404);
    expect((await act(c.id, 'approve')).json()).toMatchObject({ status: 'approved', accuracy: 1 });
  });

  it('a counted line and a found lot sent again under their key are recorded once and answered the same (issue 52)', async () => {
    const place = await newPlace();
    const lot = await addLot(place, 10);
    const c = await startCount(place);
    const [line] = await lines(c.id);
    const audits = async (action: string) =>
      (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from audit_log where entity_id = ${c.id} and action = ${action}`))[0]!.n;
    const put = (payload: object) => t.request({ method: 'PUT', url: `/api/counts/${c.id}/lines/${line!.id}`, token: member(), payload });
    const lineKey = randomUUID();
    const first = await put({ counted_units: 8, idempotency_key: lineKey });
    expect(first.statusCode).toBe(200);
    // Use at the chair between the two sends: a replay must not read the books again.
    expect((await consume(lot.productId, 1)).statusCode).toBe(200);
    const again = await put({ counted_units: 8, idempotency_key: lineKey });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.json()).toMatchObject({ counted_units: 8, expected_units: 10 });
    expect(await audits('count_line')).toBe(1);
    // The same key with another figure is another request: refused, nothing changes.
    const reused = await put({ counted_units: 5, idempotency_key: lineKey });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: IDEMPOTENCY_MESSAGES.keyReused });
    expect((await lines(c.id)).find((l) => l.id === line!.id)).toMatchObject({ counted_units: 8 });

    const extra = await createProduct(t.db, { companyId: null, name: `Found ${randomUUID().slice(0, 6)}` });
    const foundKey = randomUUID();
    const found = (payload: object) => t.request({ method: 'POST', url: `/api/counts/${c.id}/found`, token: member(), payload: { product_id: extra.id, lot_number: 'F-KEY', counted_units: 3, unit_price: 1, ...payload } });
    const added = await found({ idempotency_key: foundKey });
    expect(added.statusCode).toBe(201);
    const replayed = await found({ idempotency_key: foundKey });
    expect(replayed.statusCode).toBe(201);
    expect(replayed.json()).toEqual(added.json());
    expect((await lines(c.id)).filter((l) => l.is_found)).toHaveLength(1);
    expect(await audits('found')).toBe(1);
    const other = await found({ idempotency_key: foundKey, counted_units: 4 });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect((await lines(c.id)).filter((l) => l.is_found)).toHaveLength(1);

    // A lost answer resent after the count was submitted still gets its answer, not a refusal.
    expect((await act(c.id, 'submit', member())).statusCode).toBe(200);
    expect((await put({ counted_units: 8, idempotency_key: lineKey })).json()).toEqual(first.json());
    expect((await act(c.id, 'cancel')).statusCode).toBe(200);
  });

  it('the A items are the products that make most of the use value; a location with no use is told so', async () => {
    const place = await newPlace();
    const big = await addLot(place, 100, 50); // $50 a unit
    const small = await addLot(place, 100, 0.01);
    expect((await consume(big.productId, 40)).statusCode).toBe(200); // $2,000 of use
    expect((await consume(small.productId, 1)).statusCode).toBe(200); // a cent
    const res = await t.request({ method: 'POST', url: '/api/counts', token: manager(), payload: { scope: 'a_items' } });
    expect(res.statusCode).toBe(201);
    const sheet = await lines(res.json().id, member(), '?perPage=100');
    expect(sheet.map((l) => l.stock_id)).toContain(big.stockId);
    expect(sheet.map((l) => l.stock_id)).not.toContain(small.stockId);
    // Filtered by place: only that place's lots.
    const here = await lines(res.json().id, member(), `?perPage=100&place_id=${place}`);
    expect(here.map((l) => l.stock_id)).toEqual([big.stockId]);
    expect((await act(res.json().id, 'cancel')).statusCode).toBe(200);
    const none = await t.request({ method: 'POST', url: '/api/counts', token: foreignManager(), payload: { scope: 'a_items' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toContainEqual({ field: 'scope', message: COUNT_MESSAGES.noRecentUse });
  });
});
