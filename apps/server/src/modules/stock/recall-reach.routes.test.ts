import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LOT_STATUS_MESSAGES, STOCK_MESSAGES, type Transfer } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { createProduct, createStock, createUser } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { insertTreatment } from '../treatments/treatments.repo';

// Issue 50, items 1-3: a recall reaches every unit of its lot number in the organization, however
// the units moved; a quarantine the lot and what was moved from it; a release undoes exactly what
// was stopped; a refusal names its cause; an expired lot never ships.
const NOW = new Date('2026-11-22T15:00:00Z');
let t: TestApp;
let world: World;
let southMember: () => string;
let southAdmin: () => string;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  world = await createWorld(t.db);
  const member = await createUser(t.db, { role: 'company_member', organizationId: world.own.org.id, companyId: south(), firstName: 'South', lastName: 'Member' });
  const admin = await createUser(t.db, { role: 'company_admin', organizationId: world.own.org.id, companyId: south(), firstName: 'South', lastName: 'Admin' });
  southMember = () => t.tokenFor(member);
  southAdmin = () => t.tokenFor(admin);
});
afterAll(async () => t.close());

const north = () => world.own.org.locations[0]!.id;
const south = () => world.own.org.locations[1]!.id;
const northMember = () => t.tokenFor(world.own.users.company_member);
const northAdmin = () => t.tokenFor(world.own.users.company_admin);
const orgAdmin = () => t.tokenFor(world.own.users.organization_admin);

const product = (name: string) => createProduct(t.db, { companyId: null, name: `${name} ${randomUUID().slice(0, 6)}` });
const setStatus = (stockId: string, payload: Record<string, unknown>, token = northMember()) => t.request({ method: 'POST', url: `/api/stock/${stockId}/status`, token, payload });
const statusOf = async (stockId: string) => (await queryRows<{ status: string }>(t.db, sql`select status from stocks where id = ${stockId}`))[0]!.status;
const consume = (productId: string, quantity: number, token: string, extra: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url: '/api/stock/consume', token, payload: { product_id: productId, quantity, idempotency_key: randomUUID(), ...extra } });
const sendAndReceive = async (productId: string, units: number, receive = true) => {
  const sent = await t.request({ method: 'POST', url: '/api/transfers', token: orgAdmin(), payload: { from_company_id: north(), to_company_id: south(), items: [{ product_id: productId, units }], ship: true, idempotency_key: randomUUID() } });
  expect(sent.statusCode).toBe(201);
  const transfer = sent.json<Transfer>();
  if (!receive) return { transfer, lots: [] as string[] };
  const got = await t.request({ method: 'POST', url: `/api/transfers/${transfer.id}/receive`, token: southMember(), payload: { idempotency_key: randomUUID() } });
  expect(got.statusCode).toBe(200);
  return { transfer, lots: got.json<Transfer>().lines.map((l) => l.received_stock_id!) };
};
const recalledAlerts = async (productId: string, token: string) =>
  ((await t.request({ method: 'GET', url: '/api/alert?kind=recalled&perPage=100', token })).json().results as { product: { id: string }; stock: { id: string } }[]).filter((a) => a.product.id === productId).map((a) => a.stock.id);

describe('a recall', () => {
  it('stops the units received by transfer at the other location: no use, no visit, and the alert there', async () => {
    const p = await product('Implant');
    const lot = await createStock(t.db, { companyId: north(), productId: p.id, unitsPerContainer: 6, lotNumber: 'SX3417' });
    const { lots: [received] } = await sendAndReceive(p.id, 2);
    expect(await statusOf(received!)).toBe('available');

    expect((await setStatus(lot.id, { status: 'recalled', reason: 'Manufacturer recall', reference: 'FSCA-2026-114' })).statusCode).toBe(200);
    expect(await statusOf(received!)).toBe('recalled');

    // Before issue 50 both were accepted (200 and 201) at the receiving location.
    const used = await consume(p.id, 1, southMember());
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe(STOCK_MESSAGES.lotRecalled(p.name, 'SX3417'));
    const treatment = await insertTreatment(t.db, { companyId: south(), treatmentCode: `RR${randomUUID().slice(0, 5)}`, name: 'Implant placement', abbreviation: '', description: '', categoryId: null, createdBy: null });
    const visit = await t.request({
      method: 'POST',
      url: '/api/treatment_log',
      token: southMember(),
      payload: { patient_chart_number: `RR-${randomUUID().slice(0, 6)}`, treatments: [treatment.id], products: [{ product_id: p.id, quantity: 1 }], idempotency_key: randomUUID() },
    });
    expect(visit.statusCode).toBe(409);
    expect(visit.json().message).toBe(STOCK_MESSAGES.lotRecalled(p.name, 'SX3417'));
    const left = await queryRows<{ units_left: number }>(t.db, sql`select units_left::float from stocks where id = ${received!}`);
    expect(left[0]!.units_left).toBe(2);
    expect(await recalledAlerts(p.id, southMember())).toEqual([received]);
    expect(await recalledAlerts(p.id, northMember())).toEqual([lot.id]);
  });

  it('reaches lots of the number received elsewhere from the supplier, parts moved to other places, and units still in transit', async () => {
    const p = await product('Membrane');
    const lot = await createStock(t.db, { companyId: north(), productId: p.id, unitsPerContainer: 8, lotNumber: 'MB-22' });
    const own = await createStock(t.db, { companyId: south(), productId: p.id, unitsPerContainer: 3, lotNumber: 'mb-22' });
    const other = await createStock(t.db, { companyId: south(), productId: p.id, unitsPerContainer: 3, lotNumber: 'MB-23' });
    const foreign = await createStock(t.db, { companyId: world.foreign.org.locations[0]!.id, productId: p.id, unitsPerContainer: 3, lotNumber: 'MB-22' });
    const place = (await t.request({ method: 'POST', url: '/api/places', token: northAdmin(), payload: { name: `Operatory ${randomUUID().slice(0, 4)}` } })).json();
    const moved = await t.request({ method: 'POST', url: `/api/stock/${lot.id}/move`, token: northMember(), payload: { units: 2, place_id: place.id, idempotency_key: randomUUID() } });
    expect(moved.statusCode).toBe(200);
    const part = moved.json().id as string;
    expect(part).not.toBe(lot.id);
    const { transfer } = await sendAndReceive(p.id, 2, false);

    await setStatus(lot.id, { status: 'recalled', reason: 'Sterility' });
    expect({ part: await statusOf(part), own: await statusOf(own.id), other: await statusOf(other.id), foreign: await statusOf(foreign.id) }).toEqual({ part: 'recalled', own: 'recalled', other: 'available', foreign: 'available' });
    const got = await t.request({ method: 'POST', url: `/api/transfers/${transfer.id}/receive`, token: southMember(), payload: { idempotency_key: randomUUID() } });
    expect(got.statusCode).toBe(200);
    expect(await statusOf(got.json<Transfer>().lines[0]!.received_stock_id!)).toBe('recalled');
    // South's only usable lot is MB-23: first expiry first takes it, never the recalled ones.
    const took = await consume(p.id, 3, southMember());
    expect(took.statusCode).toBe(200);
    expect(took.json().lots.map((l: { lotNumber: string }) => l.lotNumber)).toEqual(['MB-23']);
  });
});

describe('a quarantine', () => {
  it('stops the lot and the units moved from it, offers the whole lot number, and a release undoes exactly what it stopped', async () => {
    const p = await product('Composite');
    const lot = await createStock(t.db, { companyId: north(), productId: p.id, unitsPerContainer: 6, lotNumber: 'QC-1' });
    const { lots: [received] } = await sendAndReceive(p.id, 2);
    const elsewhere = await createStock(t.db, { companyId: south(), productId: p.id, unitsPerContainer: 3, lotNumber: 'QC-1' });

    expect((await setStatus(lot.id, { status: 'quarantined', reason: 'Damp box' })).statusCode).toBe(200);
    expect({ lot: await statusOf(lot.id), received: await statusOf(received!), elsewhere: await statusOf(elsewhere.id) }).toEqual({ lot: 'quarantined', received: 'quarantined', elsewhere: 'available' });
    // Asked again for the whole lot number, it reaches the lot of that number South bought itself.
    expect((await setStatus(lot.id, { status: 'quarantined', reason: 'Whole batch suspect', whole_lot_number: true })).statusCode).toBe(200);
    expect(await statusOf(elsewhere.id)).toBe('quarantined');
    // Once everything it reaches is stopped, the same ask is refused.
    expect((await setStatus(lot.id, { status: 'quarantined', reason: 'Again', whole_lot_number: true })).json().message).toBe(LOT_STATUS_MESSAGES.sameStatus('Quarantined'));

    // South quarantines its own lot for its own reason, then North releases its holds.
    const southHold = await setStatus(elsewhere.id, { status: 'quarantined', reason: 'Crushed carton' }, southAdmin());
    expect(southHold.statusCode).toBe(409); // already quarantined by North's whole-number hold
    const released = await setStatus(lot.id, { status: 'available' });
    expect(released.statusCode).toBe(200);
    expect({ lot: await statusOf(lot.id), received: await statusOf(received!), elsewhere: await statusOf(elsewhere.id) }).toEqual({ lot: 'available', received: 'available', elsewhere: 'available' });
  });

  it('a release leaves a lot stopped by another location’s own hold as it was', async () => {
    const p = await product('Bone graft');
    const lot = await createStock(t.db, { companyId: north(), productId: p.id, unitsPerContainer: 4, lotNumber: 'BG-9' });
    const theirs = await createStock(t.db, { companyId: south(), productId: p.id, unitsPerContainer: 4, lotNumber: 'BG-9' });
    expect((await setStatus(theirs.id, { status: 'quarantined', reason: 'Crushed carton' }, southAdmin())).statusCode).toBe(200);
    expect((await setStatus(lot.id, { status: 'recalled', reason: 'Manufacturer recall' })).statusCode).toBe(200);
    expect(await statusOf(theirs.id)).toBe('recalled');
    expect((await setStatus(lot.id, { status: 'available' })).statusCode).toBe(200);
    expect(await statusOf(lot.id)).toBe('available');
    // South's quarantine is still there, with its own reason.
    const [row] = await queryRows<{ status: string; status_reason: string }>(t.db, sql`select status, status_reason from stocks where id = ${theirs.id}`);
    expect(row).toEqual({ status: 'quarantined', status_reason: 'Crushed carton' });
  });
});

describe('a refusal', () => {
  it('names the lot when every lot on the shelf is recalled or quarantined, and says expired when only expired lots are left', async () => {
    const p = await product('Anesthetic');
    const recalled = await createStock(t.db, { companyId: north(), productId: p.id, unitsPerContainer: 5, lotNumber: 'AN-1', expiryDate: '2027-01-31' });
    const quarantined = await createStock(t.db, { companyId: north(), productId: p.id, unitsPerContainer: 5, lotNumber: 'AN-2', expiryDate: '2027-03-31' });
    await setStatus(recalled.id, { status: 'recalled', reason: 'Recall' });
    await setStatus(quarantined.id, { status: 'quarantined', reason: 'Broken seal' });
    const res = await consume(p.id, 1, northMember());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(STOCK_MESSAGES.lotRecalled(p.name, 'AN-1'));
    await setStatus(recalled.id, { status: 'available' });
    await consume(p.id, 5, northMember());
    expect((await consume(p.id, 1, northMember())).json().message).toBe(STOCK_MESSAGES.lotQuarantined(p.name, 'AN-2'));

    const q = await product('Gel');
    await createStock(t.db, { companyId: north(), productId: q.id, unitsPerContainer: 5, lotNumber: 'OLD', expiryDate: '2026-10-31' });
    expect((await consume(q.id, 1, northMember())).json().message).toBe(STOCK_MESSAGES.expiredStock(q.name));
    // With nothing on the shelf at all, it is not enough stock.
    const r = await product('Empty');
    expect((await consume(r.id, 1, northMember())).json().message).toBe(STOCK_MESSAGES.notEnoughStock(r.name));
  });
});

describe('an expired lot', () => {
  it('is never shipped to another location, named or picked', async () => {
    const p = await product('Sutures');
    const expired = await createStock(t.db, { companyId: north(), productId: p.id, unitsPerContainer: 6, lotNumber: 'EX-1', expiryDate: '2026-10-31' });
    const send = (item: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/api/transfers', token: orgAdmin(), payload: { from_company_id: north(), to_company_id: south(), items: [{ product_id: p.id, units: 2, ...item }], ship: true, idempotency_key: randomUUID() } });
    const named = await send({ stock_id: expired.id });
    expect(named.statusCode).toBe(409);
    expect(named.json().message).toBe(STOCK_MESSAGES.expiredStock(p.name));
    const picked = await send({});
    expect(picked.statusCode).toBe(409);
    expect(picked.json().message).toBe(STOCK_MESSAGES.expiredStock(p.name));
    const [row] = await queryRows<{ units_left: number }>(t.db, sql`select units_left::float from stocks where id = ${expired.id}`);
    expect(row!.units_left).toBe(6);
  });
});
