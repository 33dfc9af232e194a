import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { TRANSFER_MESSAGES, type Transfer } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { createProduct, createStock, createSupplier, createUser } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { insertTreatment } from '../treatments/treatments.repo';

// Issue 34, item 3: units sent between the two locations of one organization (North and South).
let t: TestApp;
let world: World;
let southStaff: Awaited<ReturnType<typeof createUser>>;
let supplierId: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-10T12:00:00Z') });
  world = await createWorld(t.db);
  southStaff = await createUser(t.db, { role: 'company_member', organizationId: world.own.org.id, companyId: south() });
  supplierId = (await createSupplier(t.db, { companyId: north(), name: 'Transfer Supply' })).id;
});
afterAll(async () => t.close());

const north = () => world.own.org.locations[0]!.id;
const south = () => world.own.org.locations[1]!.id;
const northMember = () => t.tokenFor(world.own.users.company_member);
const southMember = () => t.tokenFor(southStaff);
const orgAdmin = () => t.tokenFor(world.own.users.organization_admin);

async function productWithLots(lots: { units: number; expiry: string; lot: string; price?: number }[], companyId = north()) {
  const product = await createProduct(t.db, { companyId: null, name: `Transfer ${randomUUID().slice(0, 6)}` });
  const stocks = [];
  for (const l of lots) stocks.push(await createStock(t.db, { companyId, productId: product.id, supplierId, unitsPerContainer: l.units, pricePerContainer: (l.price ?? 2) * l.units, expiryDate: l.expiry, lotNumber: l.lot }));
  return { productId: product.id, stocks };
}

const create = (body: Record<string, unknown>, token = orgAdmin()) =>
  t.request({ method: 'POST', url: '/api/transfers', token, payload: { from_company_id: north(), to_company_id: south(), idempotency_key: randomUUID(), ...body } });
const ship = (id: string, body: Record<string, unknown> = {}, token = northMember()) => t.request({ method: 'POST', url: `/api/transfers/${id}/ship`, token, payload: { idempotency_key: randomUUID(), ...body } });
const receive = (id: string, body: Record<string, unknown> = {}, token = southMember()) => t.request({ method: 'POST', url: `/api/transfers/${id}/receive`, token, payload: { idempotency_key: randomUUID(), ...body } });

const writes = async () =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`select ((select count(*) from stocks) + (select count(*) from stock_usages) + (select count(*) from stock_transfers) + (select count(*) from stock_transfer_lines) + (select count(*) from stock_transfer_items) + (select count(*) from audit_log))::int as n`,
    )
  )[0]!.n;
/** A product's units and value across the organization's shelves, plus what is in transit. */
async function organizationTotals(productId: string) {
  const [shelf] = await queryRows<{ units: number; value: number }>(
    t.db,
    sql`select coalesce(sum(s.units_left), 0)::float as units, coalesce(sum(s.units_left * s.unit_price), 0)::float as value
          from stocks s join companies c on c.id = s.company_id where c.organization_id = ${world.own.org.id} and s.product_id = ${productId} and s.deleted_at is null`,
  );
  const [moving] = await queryRows<{ units: number; value: number }>(
    t.db,
    sql`select coalesce(sum(l.units_shipped), 0)::float as units, coalesce(sum(l.units_shipped * l.unit_price), 0)::float as value
          from stock_transfer_lines l join stock_transfers tr on tr.id = l.transfer_id where tr.status = 'in_transit' and l.product_id = ${productId}`,
  );
  return { units: shelf!.units + moving!.units, value: Math.round((shelf!.value + moving!.value) * 100) / 100 };
}
const spend = async (companyId: string) => (await queryRows<{ spend: number }>(t.db, sql`select coalesce(sum(spend), 0)::float as spend from report_daily_spend where company_id = ${companyId}`))[0]!.spend;
/**
 * What the reports say at a location around today: spend, usage cost and waste, none of which a
 * transfer is. Lots, uses and moves are stamped by the database's clock (the real day, not the
 * app's), so the range is the days around the real today (a month's range failed once the real
 * day left November).
 */
async function figures(token: string) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const range = `start_date=${day(-1)}&end_date=${day(1)}`;
  const cards = (await t.request({ method: 'GET', url: `/api/reports/dashboard-cards-data?${range}`, token })).json();
  const waste = (await t.request({ method: 'GET', url: `/api/reports/waste?${range}`, token })).json();
  return { spend: cards.totals.spend as number, usage: cards.totals.usage_cost as number, waste: waste.totals as Record<string, number> };
}
const lotsAt = async (companyId: string, productId: string) =>
  queryRows<{ id: string; lot_number: string; expiry_date: string; units_left: number; unit_price: number; supplier_id: string; transferred_from_stock_id: string | null }>(
    t.db,
    sql`select id, lot_number, expiry_date::text, units_left::float, unit_price::float, supplier_id, transferred_from_stock_id from stocks where company_id = ${companyId} and product_id = ${productId} order by created_at, expiry_date`,
  );

describe('a transfer from North to South', () => {
  it('is asked for by South, shipped first expiry first by North, received whole: new lots keep the lot and the totals hold', async () => {
    const { productId, stocks } = await productWithLots([
      { units: 4, expiry: '2027-03-31', lot: 'LATE-1', price: 3 },
      { units: 3, expiry: '2027-01-31', lot: 'EARLY-1', price: 2 },
    ]);
    const before = await organizationTotals(productId);
    const spendBefore = await spend(south());
    const asked = await create({ items: [{ product_id: productId, units: 5 }], note: 'For Friday' }, southMember());
    expect(asked.statusCode).toBe(201);
    const requested = asked.json<Transfer>();
    expect(requested).toMatchObject({ status: 'requested', from: { id: north() }, to: { id: south() }, items: [{ product_id: productId, units: 5 }], lines: [] });
    // South cannot ship North's units.
    expect((await ship(requested.id, {}, southMember())).statusCode).toBe(403);
    const res = await ship(requested.id);
    expect(res.statusCode).toBe(200);
    const shipped = res.json<Transfer>();
    expect(shipped.status).toBe('in_transit');
    // First expiry first: all of EARLY-1, then 2 of LATE-1.
    expect(shipped.lines.map((l) => [l.lotNumber, l.units_shipped, l.unit_price])).toEqual([
      ['EARLY-1', 3, 2],
      ['LATE-1', 2, 3],
    ]);
    expect(shipped).toMatchObject({ units_in_transit: 5, value_in_transit: 12 });
    expect(await organizationTotals(productId)).toEqual(before);
    // Visible at both ends with their value.
    for (const token of [northMember(), southMember()]) {
      const page = await t.request({ method: 'GET', url: '/api/transfers?status=in_transit', token });
      expect(page.json().results.map((r: Transfer) => r.id)).toContain(shipped.id);
    }
    const southPage = (await t.request({ method: 'GET', url: '/api/transfers?direction=incoming', token: southMember() })).json();
    expect(southPage.in_transit.incoming.value).toBeGreaterThanOrEqual(12);
    // North's member cannot receive at South.
    expect((await receive(shipped.id, {}, northMember())).statusCode).toBe(403);
    const got = await receive(shipped.id);
    expect(got.statusCode).toBe(200);
    const received = got.json<Transfer>();
    expect(received).toMatchObject({ status: 'received', units_in_transit: 0, value_in_transit: 0 });
    const arrived = await lotsAt(south(), productId);
    expect(arrived.map((l) => [l.lot_number, l.expiry_date, l.units_left, l.unit_price, l.supplier_id])).toEqual([
      ['EARLY-1', '2027-01-31', 3, 2, supplierId],
      ['LATE-1', '2027-03-31', 2, 3, supplierId],
    ]);
    expect(arrived.map((l) => l.transferred_from_stock_id).sort()).toEqual([stocks[0]!.id, stocks[1]!.id].sort());
    expect(received.lines.map((l) => l.received_stock_id).sort()).toEqual(arrived.map((l) => l.id).sort());
    expect(await organizationTotals(productId)).toEqual(before);
    // A transfer is not a purchase: South's spend does not move.
    expect(await spend(south())).toBe(spendBefore);
    const audit = await queryRows<{ action: string }>(t.db, sql`select action from audit_log where entity = 'stock_transfer' and entity_id = ${shipped.id} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['request', 'ship', 'receive']);
  });

  it('is sent at once by North, received in part: the rest is written off on the line with its reason', async () => {
    const { productId } = await productWithLots([{ units: 10, expiry: '2027-05-31', lot: 'PART-1', price: 1.5 }]);
    const before = await organizationTotals(productId);
    const reported = { north: await figures(northMember()), south: await figures(southMember()) };
    expect(reported.north.spend).toBeGreaterThan(0);
    expect(reported.north.waste).toMatchObject({ waste: expect.any(Number) });
    const sent = await create({ items: [{ product_id: productId, units: 6 }], ship: true }, northMember());
    expect(sent.statusCode).toBe(201);
    const transfer = sent.json<Transfer>();
    expect(transfer.status).toBe('in_transit');
    const line = transfer.lines[0]!;
    const nothing = await writes();
    const noReason = await receive(transfer.id, { lines: [{ line_id: line.id, units_received: 4 }] });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([{ field: 'write_off_reason', message: TRANSFER_MESSAGES.writeOffReasonRequired }]);
    const tooMany = await receive(transfer.id, { lines: [{ line_id: line.id, units_received: 7 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(await writes()).toBe(nothing);
    const res = await receive(transfer.id, { lines: [{ line_id: line.id, units_received: 4, write_off_reason: 'Two boxes crushed' }] });
    expect(res.statusCode).toBe(200);
    expect(res.json<Transfer>().lines[0]).toMatchObject({ units_received: 4, units_written_off: 2, write_off_reason: 'Two boxes crushed' });
    expect((await lotsAt(south(), productId)).map((l) => l.units_left)).toEqual([4]);
    // The write-off is the only loss: 2 units at 1.50.
    expect(await organizationTotals(productId)).toEqual({ units: before.units - 2, value: before.value - 3 });
    const audit = await queryRows<{ action: string }>(t.db, sql`select action from audit_log where entity = 'stock_transfer' and entity_id = ${transfer.id} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['ship', 'write_off_in_transit', 'receive']);
    // Neither end's reports count the shipment, the receipt or the write-off in transit.
    expect({ north: await figures(northMember()), south: await figures(southMember()) }).toEqual(reported);
  });
});

describe('bad input writes nothing', () => {
  it('refuses more than a lot holds, a lot of another location, a recalled lot, another organization\'s location', async () => {
    const { productId, stocks } = await productWithLots([{ units: 3, expiry: '2027-05-31', lot: 'BAD-1' }]);
    const other = await productWithLots([{ units: 3, expiry: '2027-05-31', lot: 'SOUTH-1' }], south());
    const before = await writes();
    const tooMuch = await create({ items: [{ product_id: productId, units: 4, stock_id: stocks[0]!.id }], ship: true });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().errors[0].field).toBe('units');
    const fefoShort = await create({ items: [{ product_id: productId, units: 4 }], ship: true });
    expect(fefoShort.statusCode).toBe(409);
    const notHere = await create({ items: [{ product_id: other.productId, units: 1, stock_id: other.stocks[0]!.id }], ship: true });
    expect(notHere.statusCode).toBe(400);
    expect(notHere.json().errors).toEqual([{ field: 'stock_id', message: TRANSFER_MESSAGES.lotNotHere }]);
    const foreign = await create({ to_company_id: world.foreign.org.locations[0]!.id, items: [{ product_id: productId, units: 1 }], ship: true });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([{ field: 'to_company_id', message: TRANSFER_MESSAGES.locationNotFound }]);
    const same = await create({ to_company_id: north(), items: [{ product_id: productId, units: 1 }], ship: true });
    expect(same.statusCode).toBe(400);
    await t.db.execute(sql`update stocks set status = 'recalled' where id = ${stocks[0]!.id}`);
    const recalled = await create({ items: [{ product_id: productId, units: 1, stock_id: stocks[0]!.id }], ship: true });
    expect(recalled.statusCode).toBe(409);
    // First expiry first skips it: nothing else to send.
    expect((await create({ items: [{ product_id: productId, units: 1 }], ship: true })).statusCode).toBe(409);
    expect(await writes()).toBe(before);
  });

  it('ships and receives once: a retry replays, another request on a shipped or received transfer is refused', async () => {
    const { productId } = await productWithLots([{ units: 5, expiry: '2027-05-31', lot: 'TWICE-1' }]);
    const asked = (await create({ items: [{ product_id: productId, units: 2 }] }, southMember())).json<Transfer>();
    const key = randomUUID();
    const first = await ship(asked.id, { idempotency_key: key });
    expect(first.statusCode).toBe(200);
    const afterFirst = await writes();
    const replay = await ship(asked.id, { idempotency_key: key });
    expect(replay.statusCode).toBe(200);
    expect(replay.json<Transfer>().lines).toEqual(first.json<Transfer>().lines);
    const again = await ship(asked.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TRANSFER_MESSAGES.notRequested);
    expect(await writes()).toBe(afterFirst);
    const receiveKey = randomUUID();
    expect((await receive(asked.id, { idempotency_key: receiveKey })).statusCode).toBe(200);
    const afterReceipt = await writes();
    expect((await receive(asked.id, { idempotency_key: receiveKey })).statusCode).toBe(200);
    const twice = await receive(asked.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(TRANSFER_MESSAGES.notInTransit);
    expect(await writes()).toBe(afterReceipt);
    expect((await lotsAt(south(), productId)).map((l) => l.units_left)).toEqual([2]);
  });

  it('cancels a request not yet shipped, and only that', async () => {
    const { productId } = await productWithLots([{ units: 5, expiry: '2027-05-31', lot: 'CANCEL-1' }]);
    const asked = (await create({ items: [{ product_id: productId, units: 2 }] }, southMember())).json<Transfer>();
    const res = await t.request({ method: 'POST', url: `/api/transfers/${asked.id}/cancel`, token: northMember() });
    expect(res.statusCode).toBe(200);
    expect(res.json<Transfer>().status).toBe('canceled');
    expect((await ship(asked.id)).statusCode).toBe(409);
    expect((await t.request({ method: 'POST', url: `/api/transfers/${asked.id}/cancel`, token: southMember() })).statusCode).toBe(409);
  });

  it('refuses a product the receiving location cannot see (a location\'s own, unapproved product)', async () => {
    const own = await createProduct(t.db, { companyId: north(), name: `North only ${randomUUID().slice(0, 6)}`, isApproved: false });
    await createStock(t.db, { companyId: north(), productId: own.id });
    const before = await writes();
    const res = await create({ items: [{ product_id: own.id, units: 1 }], ship: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'items', message: TRANSFER_MESSAGES.productNotAtReceiver(world.own.org.locations[1]!.name) }]);
    expect(await writes()).toBe(before);
    // Nor when the sender ships it in place of what was asked for.
    const { productId } = await productWithLots([{ units: 5, expiry: '2027-05-31', lot: 'SEEN-1' }]);
    const asked = (await create({ items: [{ product_id: productId, units: 1 }] }, southMember())).json<Transfer>();
    const afterAsking = await writes();
    const swapped = await ship(asked.id, { items: [{ product_id: own.id, units: 1 }] });
    expect(swapped.statusCode).toBe(400);
    expect(await writes()).toBe(afterAsking);
  });

  it('lets a location ask only for itself', async () => {
    const { productId } = await productWithLots([{ units: 5, expiry: '2027-05-31', lot: 'ASK-1' }]);
    const forOther = await create({ from_company_id: south(), to_company_id: north(), items: [{ product_id: productId, units: 1 }] }, southMember());
    expect(forOther.statusCode).toBe(403);
  });
});

describe('recall tracing across a transfer', () => {
  it('lists the patients of the other location who received units of a transferred lot', async () => {
    const lot = `RC-${randomUUID().slice(0, 6)}`;
    const { productId } = await productWithLots([{ units: 5, expiry: '2027-05-31', lot }]);
    const sent = (await create({ items: [{ product_id: productId, units: 2 }], ship: true })).json<Transfer>();
    expect((await receive(sent.id)).statusCode).toBe(200);
    const treatment = await insertTreatment(t.db, { companyId: south(), treatmentCode: `T${randomUUID().slice(0, 6)}`, name: 'Filling', abbreviation: '', description: '', categoryId: null, createdBy: null });
    const chart = `S-${randomUUID().slice(0, 6)}`;
    const visit = await t.request({ method: 'POST', url: '/api/treatment_log', token: southMember(), payload: { patient_chart_number: chart, treatments: [treatment.id], products: [{ product_id: productId, quantity: 1 }], idempotency_key: randomUUID() } });
    expect(visit.statusCode).toBe(201);
    for (const token of [northMember(), southMember()]) {
      const trace = (await t.request({ method: 'GET', url: `/api/recall?lot=${lot}`, token })).json();
      expect(trace.patients.map((p: { patient_chart_number: string }) => p.patient_chart_number)).toContain(chart);
      expect(trace.lots.length).toBe(2);
    }
    const fromNorth = (await t.request({ method: 'GET', url: `/api/recall?lot=${lot}`, token: northMember() })).json();
    expect(fromNorth.visits[0]).toMatchObject({ patient_chart_number: chart, location_name: world.own.org.locations[1]!.name });
  });
});

it('documents every transfer route in the OpenAPI document', async () => {
  const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  const documented = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
  expect(documented).toEqual(
    expect.arrayContaining([
      'GET /api/transfers',
      'GET /api/transfers/locations',
      'GET /api/transfers/{id}',
      'POST /api/transfers',
      'POST /api/transfers/{id}/ship',
      'POST /api/transfers/{id}/receive',
      'POST /api/transfers/{id}/cancel',
    ]),
  );
});
