import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEFAULT_PLACE_NAME, PLACE_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { createProduct, createSupplier } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';

// Issue 34, item 1: storage places within a location, a lot's place, and units moved between them.
let t: TestApp;
let world: World;
let supplierId: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-10T12:00:00Z') });
  world = await createWorld(t.db);
  supplierId = (await createSupplier(t.db, { companyId: world.own.org.locations[0]!.id, name: 'Places Supply' })).id;
});
afterAll(async () => t.close());

const member = () => t.tokenFor(world.own.users.company_member);
const manager = () => t.tokenFor(world.own.users.company_admin);
const foreignManager = () => t.tokenFor(world.foreign.users.company_admin);
const here = () => world.own.org.locations[0]!.id;

const places = async (token = manager(), query = '') => (await t.request({ method: 'GET', url: `/api/places${query}`, token })).json().places as { id: string; name: string; is_default: boolean; units: number; retired_at: string | null }[];
const addPlace = (name: string, token = manager()) => t.request({ method: 'POST', url: '/api/places', token, payload: { name } });
const defaultPlace = async (token = manager()) => (await places(token)).find((p) => p.is_default)!;
async function newPlace(name = `Operatory ${randomUUID().slice(0, 6)}`, token = manager()) {
  const res = await addPlace(name, token);
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; name: string };
}

async function addLot(overrides: Record<string, unknown> = {}) {
  const p = await createProduct(t.db, { companyId: null, name: `Place lot ${randomUUID().slice(0, 6)}` });
  const res = await t.request({
    method: 'POST',
    url: '/api/stock',
    token: member(),
    payload: { product_id: p.id, supplier_id: supplierId, container_quantity: 2, units_per_container: 10, price_per_container: 30, expiry_date: '2027-06-30', lotNumber: 'PL-1', ...overrides },
  });
  expect(res.statusCode).toBe(201);
  return { productId: p.id, stock: res.json().stocks[0] as { id: string; units_left: number; place: { id: string; name: string } } };
}

const move = (stockId: string, body: Record<string, unknown>, token = member()) =>
  t.request({ method: 'POST', url: `/api/stock/${stockId}/move`, token, payload: { units: 1, idempotency_key: randomUUID(), ...body } });
const lotsOf = async (productId: string, query = '') => (await t.request({ method: 'GET', url: `/api/stock?productId=${productId}${query}`, token: member() })).json();
const writes = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select ((select count(*) from stocks) + (select count(*) from stock_usages) + (select count(*) from stock_moves) + (select count(*) from storage_places))::int as n`))[0]!.n;
const shelf = async (productId: string) =>
  (await queryRows<{ units: number; value: number }>(t.db, sql`select coalesce(sum(units_left), 0)::float as units, coalesce(sum(units_left * unit_price), 0)::float as value from stocks where company_id = ${here()} and product_id = ${productId} and deleted_at is null`))[0]!;
const rollups = async () =>
  queryRows(t.db, sql`select 'usage' as kind, day::text, units::float, cost::float from report_daily_usage where company_id = ${here()} union all select 'spend', day::text, 0, spend::float from report_daily_spend where company_id = ${here()} order by 1, 2`);

describe('storage places', () => {
  it('every location has its default place, existing and new ones', async () => {
    const [own] = await places();
    expect(own).toMatchObject({ name: DEFAULT_PLACE_NAME, is_default: true, retired_at: null });
    const org = world.own.org;
    const res = await t.request({ method: 'POST', url: `/api/organization/${org.id}/location`, token: t.tokenFor(world.admin), payload: { name: 'North', city: 'Waco', state: 'TX' } });
    expect(res.statusCode).toBe(201);
    const created = await queryRows(t.db, sql`select p.name, p.is_default from storage_places p join companies c on c.id = p.company_id where c.name = 'North' and c.organization_id = ${org.id}`);
    expect(created).toEqual([{ name: DEFAULT_PLACE_NAME, is_default: true }]);
  });

  it('a location admin names, renames and retires places, each audited', async () => {
    const place = await newPlace('Main closet');
    expect(place).toMatchObject({ name: 'Main closet', is_default: false, units: 0, retired_at: null });
    const renamed = await t.request({ method: 'PATCH', url: `/api/places/${place.id}`, token: manager(), payload: { name: 'Back closet' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Back closet');
    const retired = await t.request({ method: 'POST', url: `/api/places/${place.id}/retire`, token: manager() });
    expect(retired.statusCode).toBe(200);
    expect(retired.json().retired_at).not.toBeNull();
    expect((await places()).map((p) => p.id)).not.toContain(place.id);
    expect((await places(manager(), '?include_retired=true')).map((p) => p.id)).toContain(place.id);
    const audit = await queryRows(t.db, sql`select action from audit_log where entity = 'storage_place' and entity_id = ${place.id} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['create', 'rename', 'retire']);
    // The name is free again once the place holding it is retired.
    expect((await addPlace('Back closet')).statusCode).toBe(201);
  });

  it('refuses a duplicate name whatever its case, an empty one, and writes nothing', async () => {
    await newPlace('Sterilization');
    const before = await writes();
    const dup = await addPlace('  STERILIZATION ');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(PLACE_MESSAGES.duplicateName('STERILIZATION'));
    const other = await newPlace('Lab');
    const rename = await t.request({ method: 'PATCH', url: `/api/places/${other.id}`, token: manager(), payload: { name: 'sterilization' } });
    expect(rename.statusCode).toBe(409);
    expect((await addPlace('   ')).statusCode).toBe(400);
    expect(await writes()).toBe(before + 1);
  });

  it('members read places but only location admins change them', async () => {
    expect((await t.request({ method: 'GET', url: '/api/places', token: member() })).statusCode).toBe(200);
    expect((await addPlace('Member closet', member())).statusCode).toBe(403);
  });

  it('another location\'s place answers 404 and cannot be chosen', async () => {
    const foreign = await newPlace('Foreign closet', foreignManager());
    expect((await t.request({ method: 'PATCH', url: `/api/places/${foreign.id}`, token: manager(), payload: { name: 'Mine' } })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/api/places/${foreign.id}/retire`, token: manager() })).statusCode).toBe(404);
    const p = await createProduct(t.db, { companyId: null, name: 'Foreign place lot' });
    const before = await writes();
    const res = await t.request({ method: 'POST', url: '/api/stock', token: member(), payload: { product_id: p.id, supplier_id: supplierId, container_quantity: 1, units_per_container: 1, price_per_container: 3, expiry_date: '2027-06-30', place_id: foreign.id } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PLACE_MESSAGES.notFound);
    const { stock } = await addLot();
    const moved = await move(stock.id, { place_id: foreign.id });
    expect(moved.statusCode).toBe(400);
    expect(await writes()).toBe(before + 1);
  });

  it('refuses to retire the default place, or a place still holding units', async () => {
    const main = await defaultPlace();
    expect((await t.request({ method: 'POST', url: `/api/places/${main.id}/retire`, token: manager() })).json().message).toBe(PLACE_MESSAGES.retireDefault);
    const closet = await newPlace();
    const { stock } = await addLot({ place_id: closet.id, container_quantity: 1, units_per_container: 4 });
    const res = await t.request({ method: 'POST', url: `/api/places/${closet.id}/retire`, token: manager() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PLACE_MESSAGES.retireHoldsUnits(closet.name, 4));
    expect((await move(stock.id, { units: 4, place_id: main.id })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `/api/places/${closet.id}/retire`, token: manager() })).statusCode).toBe(200);
    // A retired place takes no units.
    expect((await move(stock.id, { units: 1, place_id: closet.id })).json().message).toBe(PLACE_MESSAGES.retired);
  });
});

describe('a lot\'s place', () => {
  it('goes to the default place unless one is named, and stock lists filter by it', async () => {
    const main = await defaultPlace();
    const closet = await newPlace();
    const { productId, stock } = await addLot();
    expect(stock.place).toEqual({ id: main.id, name: DEFAULT_PLACE_NAME });
    const named = await t.request({ method: 'POST', url: '/api/stock', token: member(), payload: { product_id: productId, supplier_id: supplierId, container_quantity: 1, units_per_container: 5, price_per_container: 10, expiry_date: '2027-06-30', lotNumber: 'PL-2', place_id: closet.id } });
    expect(named.json().stocks[0].place).toEqual({ id: closet.id, name: closet.name });
    const inCloset = await lotsOf(productId, `&place_id=${closet.id}`);
    expect(inCloset.results.map((s: { id: string }) => s.id)).toEqual([named.json().stocks[0].id]);
    expect(inCloset.totals).toMatchObject({ total_units: 5, units_left: 5 });
    expect((await lotsOf(productId)).results).toHaveLength(2);
    // The inventory list: only products with units in the place.
    const inventory = await t.request({ method: 'GET', url: `/api/product/v2?place_id=${closet.id}&perPage=100`, token: member() });
    expect(inventory.json().results.map((p: { id: string }) => p.id)).toContain(productId);
    const emptyPlace = await newPlace();
    expect((await t.request({ method: 'GET', url: `/api/product/v2?place_id=${emptyPlace.id}`, token: member() })).json().results).toEqual([]);
    expect((await places()).find((p) => p.id === closet.id)).toMatchObject({ units: 5, lots: 1 });
  });
});

describe('moving units between places', () => {
  it('moves part of a lot: a new lot at the place, same value, both histories, no usage or spend', async () => {
    const closet = await newPlace('Operatory 2');
    const { productId, stock } = await addLot();
    const before = { shelf: await shelf(productId), rollups: await rollups() };
    const res = await move(stock.id, { units: 5, place_id: closet.id });
    expect(res.statusCode).toBe(200);
    const moved = res.json();
    expect(moved).toMatchObject({ units_left: 5, unit_price: 3, lotNumber: 'PL-1', expiry_date: '2027-06-30', place: { id: closet.id, name: 'Operatory 2' }, moved_from_stock_id: stock.id, supplier: { id: supplierId } });
    expect(moved.stockUsages).toEqual([expect.objectContaining({ kind: 'move', unit_quantity: -5, note: `5 units from ${DEFAULT_PLACE_NAME}` })]);
    const source = (await t.request({ method: 'GET', url: `/api/stock/${stock.id}`, token: member() })).json();
    expect(source).toMatchObject({ units_left: 15, total_units: 20, units_used: 0, units_consumed: 0 });
    expect(source.stockUsages).toEqual([expect.objectContaining({ kind: 'move', unit_quantity: 5, note: 'Moved 5 units to Operatory 2' })]);
    expect(await shelf(productId)).toEqual(before.shelf);
    expect(await rollups()).toEqual(before.rollups);
    // Recall tracing by lot number finds both rows.
    const byLot = await queryRows(t.db, sql`select id from stocks where company_id = ${here()} and lower(lot_number) = 'pl-1' and product_id = ${productId}`);
    expect(byLot).toHaveLength(2);
    const audit = await queryRows(t.db, sql`select changes from audit_log where entity = 'stock' and entity_id = ${stock.id} and action = 'move'`);
    expect(audit).toEqual([{ changes: expect.objectContaining({ units: 5, from: DEFAULT_PLACE_NAME, to: 'Operatory 2', new_stock_id: moved.id }) }]);
  });

  it('a part moved, and moved again, stays one cycle of its lot in Track Product Consumption', async () => {
    const [first, second] = [await newPlace(`Cycle A ${randomUUID().slice(0, 8)}`), await newPlace(`Cycle B ${randomUUID().slice(0, 8)}`)];
    const { productId, stock } = await addLot();
    const part = (await move(stock.id, { units: 6, place_id: first.id })).json();
    const again = (await move(part.id, { units: 2, place_id: second.id })).json();
    const use = (stockId: string) => t.request({ method: 'POST', url: '/api/stock/consume', token: member(), payload: { product_id: productId, quantity: 1, stock_id: stockId, idempotency_key: randomUUID() } });
    for (const id of [stock.id, part.id, again.id]) expect((await use(id)).statusCode).toBe(200);
    const report = (await t.request({ method: 'GET', url: `/api/product/${productId}/tracking-reports`, token: member() })).json();
    expect(report.cycle).toBe(1);
    expect(report.cycle_counts).toEqual([expect.objectContaining({ count: 3, units_per_use: 1, unit_price: 3 })]);
  });

  it('moves a whole lot by changing its place', async () => {
    const closet = await newPlace();
    const { productId, stock } = await addLot({ container_quantity: 1, units_per_container: 3 });
    const res = await move(stock.id, { units: 3, place_id: closet.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: stock.id, units_left: 3, place: { id: closet.id } });
    expect(res.json().stockUsages).toEqual([expect.objectContaining({ kind: 'move', unit_quantity: 0, note: `Moved 3 units from ${DEFAULT_PLACE_NAME} to ${closet.name}` })]);
    expect((await lotsOf(productId)).results).toHaveLength(1);
  });

  it('refuses more units than the lot holds, part units, bad numbers, the same place; nothing written', async () => {
    const closet = await newPlace();
    const { stock } = await addLot({ container_quantity: 1, units_per_container: 4 });
    const before = await writes();
    const tooMany = await move(stock.id, { units: 5, place_id: closet.id });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(PLACE_MESSAGES.moreThanLeft(4));
    expect((await move(stock.id, { units: 1.5, place_id: closet.id })).json().message).toBe(PLACE_MESSAGES.moveWholeUnits);
    for (const units of [-1, 0, 'two', null]) expect((await move(stock.id, { units, place_id: closet.id })).statusCode).toBe(400);
    expect((await move(stock.id, { units: 1, place_id: stock.place.id })).json().message).toBe(PLACE_MESSAGES.samePlace);
    expect((await move(stock.id, { units: 1, place_id: randomUUID() })).statusCode).toBe(400);
    expect(await writes()).toBe(before);
  });

  it('a retried move moves once; another location\'s lot answers 404', async () => {
    const closet = await newPlace();
    const { productId, stock } = await addLot();
    const key = randomUUID();
    const first = await move(stock.id, { units: 2, place_id: closet.id, idempotency_key: key });
    const again = await move(stock.id, { units: 2, place_id: closet.id, idempotency_key: key });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect((await lotsOf(productId)).results).toHaveLength(2);
    const foreign = await move(stock.id, { units: 1, place_id: closet.id }, t.tokenFor(world.foreign.users.company_member));
    expect(foreign.statusCode).toBe(404);
  });

  it('a move and a consumption of the same lot at once never overdraw it', async () => {
    const closet = await newPlace();
    const { productId, stock } = await addLot({ container_quantity: 1, units_per_container: 10 });
    const servers = [t, await t.sibling()];
    const results = await Promise.all([
      servers[0]!.request({ method: 'POST', url: `/api/stock/${stock.id}/move`, token: member(), payload: { units: 8, place_id: closet.id, idempotency_key: randomUUID() } }),
      servers[1]!.request({ method: 'POST', url: '/api/stock/consume', token: member(), payload: { product_id: productId, stock_id: stock.id, quantity: 5, idempotency_key: randomUUID() } }),
    ]);
    await servers[1]!.close();
    const codes = results.map((r) => r.statusCode).sort();
    // One of them finds the lot short; never both through.
    expect(codes).toEqual([200, 409]);
    const lots = await queryRows<{ left: number }>(t.db, sql`select units_left::float as left from stocks where product_id = ${productId}`);
    expect(lots.every((l) => l.left >= 0)).toBe(true);
    const total = lots.reduce((sum, l) => sum + l.left, 0);
    expect(total === 10 || total === 5).toBe(true);
  }, 30_000);

  it('a move into a place and its retirement at once: the place never ends retired holding units', async () => {
    const closet = await newPlace();
    const { stock } = await addLot({ container_quantity: 1, units_per_container: 6 });
    const other = await t.sibling();
    const [moved, retired] = await Promise.all([
      move(stock.id, { units: 2, place_id: closet.id }),
      other.request({ method: 'POST', url: `/api/places/${closet.id}/retire`, token: manager() }),
    ]);
    await other.close();
    // Either the move came first (the retirement is refused) or the retirement did (the move is).
    expect([moved.statusCode, retired.statusCode].sort()).toEqual(moved.statusCode === 200 ? [200, 409] : [200, 400]);
    const held = await queryRows<{ retired: boolean; units: number }>(
      t.db,
      sql`select p.retired_at is not null as retired, coalesce((select sum(units_left) from stocks s where s.place_id = p.id), 0)::float as units from storage_places p where p.id = ${closet.id}`,
    );
    expect(held[0]!.retired && held[0]!.units > 0).toBe(false);
  }, 30_000);

  it('stock received into a place and its retirement at once: the place never ends retired holding units', async () => {
    const closet = await newPlace();
    const other = await t.sibling();
    const p = await createProduct(t.db, { companyId: null, name: `Race lot ${randomUUID().slice(0, 6)}` });
    const [received, retired] = await Promise.all([
      t.request({ method: 'POST', url: '/api/stock', token: member(), payload: { product_id: p.id, supplier_id: supplierId, container_quantity: 1, units_per_container: 4, price_per_container: 8, expiry_date: '2027-06-30', place_id: closet.id } }),
      other.request({ method: 'POST', url: `/api/places/${closet.id}/retire`, token: manager() }),
    ]);
    await other.close();
    expect([received.statusCode, retired.statusCode].sort()).toEqual(received.statusCode === 201 ? [201, 409] : [200, 400]);
    const held = await queryRows<{ retired: boolean; units: number }>(
      t.db,
      sql`select p.retired_at is not null as retired, coalesce((select sum(units_left) from stocks s where s.place_id = p.id), 0)::float as units from storage_places p where p.id = ${closet.id}`,
    );
    expect(held[0]!.retired && held[0]!.units > 0).toBe(false);
  }, 30_000);
});
