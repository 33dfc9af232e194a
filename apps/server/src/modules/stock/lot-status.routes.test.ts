import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LOT_STATUS_MESSAGES, STOCK_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { createProduct, createStock, createSupplier, createUser } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { insertTreatment } from '../treatments/treatments.repo';

// Issue 20: a lot recalled, quarantined or released, and what that does at the chair and in the alerts.
const NOW = new Date('2026-11-22T15:00:00Z');
let t: TestApp;
let world: World;
let southToken: () => string;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  world = await createWorld(t.db);
  // A member of the own organization's second location.
  const south = await createUser(t.db, { role: 'company_member', organizationId: world.own.org.id, companyId: world.own.org.locations[1]!.id, firstName: 'South', lastName: 'Member' });
  southToken = () => t.tokenFor(south);
});
afterAll(async () => t.close());

const member = () => t.tokenFor(world.own.users.company_member);
const foreignMember = () => t.tokenFor(world.foreign.users.company_member);
const north = () => world.own.org.locations[0]!.id;
const south = () => world.own.org.locations[1]!.id;
const foreign = () => world.foreign.org.locations[0]!.id;

const product = (name = 'Filler') => createProduct(t.db, { companyId: null, name: `${name} ${randomUUID().slice(0, 6)}` });
const setStatus = (stockId: string, payload: Record<string, unknown>, token = member()) => t.request({ method: 'POST', url: `/api/stock/${stockId}/status`, token, payload });
const getStock = async (stockId: string, token = member()) => (await t.request({ method: 'GET', url: `/api/stock/${stockId}`, token })).json();
const consume = (productId: string, quantity: number, extra: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url: '/api/stock/consume', token: member(), payload: { product_id: productId, quantity, idempotency_key: randomUUID(), ...extra } });
type AlertRow = { kind: string; product: { id: string }; stock: { id: string; lotNumber: string; units_left: number } | null; recall: Record<string, unknown> | null };
const alertsOf = async (productId: string, token = member()) =>
  ((await t.request({ method: 'GET', url: '/api/alert?perPage=100', token })).json().results as AlertRow[]).filter((a) => a.product.id === productId && a.kind === 'recalled');

describe('setting a lot status', () => {
  it('recalls, quarantines and releases a lot with reason, reference and who and when, each audited', async () => {
    const p = await product();
    const lot = await createStock(t.db, { companyId: north(), productId: p.id, lotNumber: 'LOT-1' });
    const recalled = await setStatus(lot.id, { status: 'recalled', reason: '  Sterility breach  ', reference: 'FSN-2026-11' });
    expect(recalled.statusCode).toBe(200);
    expect(recalled.json()).toMatchObject({
      id: lot.id,
      lotNumber: 'LOT-1',
      status: 'recalled',
      status_reason: 'Sterility breach',
      status_reference: 'FSN-2026-11',
      status_changed_at: NOW.toISOString(),
      status_changed_by: `${world.own.users.company_member.firstName} ${world.own.users.company_member.lastName}`,
    });
    // The stock grid shows it too.
    const page = (await t.request({ method: 'GET', url: `/api/stock?productId=${p.id}`, token: member() })).json();
    expect(page.results[0]).toMatchObject({ id: lot.id, status: 'recalled', status_reason: 'Sterility breach' });

    // The same status again is refused, and a quarantine of a recalled lot (the recall stops it already).
    const again = await setStatus(lot.id, { status: 'recalled', reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(LOT_STATUS_MESSAGES.sameStatus('Recalled'));
    const quarantine = await setStatus(lot.id, { status: 'quarantined', reason: 'Awaiting the manufacturer' });
    expect(quarantine.statusCode).toBe(409);
    expect(quarantine.json().message).toBe(LOT_STATUS_MESSAGES.stoppedByRecall);
    const released = await setStatus(lot.id, { status: 'available' });
    expect(released.statusCode).toBe(200);
    expect(released.json()).toMatchObject({ status: 'available', status_reason: '' });
    expect((await setStatus(lot.id, { status: 'quarantined', reason: 'Awaiting the manufacturer' })).json()).toMatchObject({ status: 'quarantined', status_reference: '' });
    expect((await setStatus(lot.id, { status: 'available' })).statusCode).toBe(200);

    const audit = await queryRows<{ action: string; from: string; status: string; reason: string; by_member: boolean }>(
      t.db,
      sql`select action, changes->>'from' as "from", changes->>'status' as status, changes->>'reason' as reason, actor_user_id = ${world.own.users.company_member.id} as by_member
            from audit_log where entity = 'stock' and entity_id = ${lot.id} order by created_at, id`,
    );
    expect(audit).toEqual([
      { action: 'recall', from: 'available', status: 'recalled', reason: 'Sterility breach', by_member: true },
      { action: 'release', from: 'recalled', status: 'available', reason: '', by_member: true },
      { action: 'quarantine', from: 'available', status: 'quarantined', reason: 'Awaiting the manufacturer', by_member: true },
      { action: 'release', from: 'quarantined', status: 'available', reason: '', by_member: true },
    ]);
  });

  it('refuses bad bodies with the field and its reason, and changes nothing', async () => {
    const p = await product();
    const lot = await createStock(t.db, { companyId: north(), productId: p.id, lotNumber: 'LOT-2' });
    const cases: [Record<string, unknown>, string, string | undefined][] = [
      [{ status: 'recalled' }, 'reason', LOT_STATUS_MESSAGES.reasonRequired],
      [{ status: 'quarantined', reason: '   ' }, 'reason', LOT_STATUS_MESSAGES.reasonRequired],
      [{ status: 'recalled', reason: 'x'.repeat(301) }, 'reason', LOT_STATUS_MESSAGES.reasonTooLong],
      [{ status: 'recalled', reason: 'Notice', reference: 'r'.repeat(101) }, 'reference', LOT_STATUS_MESSAGES.referenceTooLong],
      [{ status: 'destroyed', reason: 'Gone' }, 'status', undefined],
      [{ reason: 'No status' }, 'status', undefined],
    ];
    for (const [payload, field, message] of cases) {
      const res = await setStatus(lot.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const errors = res.json().errors as { field: string; message: string }[];
      expect(errors.map((e) => e.field)).toContain(field);
      if (message) expect(errors).toContainEqual({ field, message });
    }
    expect(await getStock(lot.id)).toMatchObject({ status: 'available', status_reason: '', status_changed_at: null });
    const audit = await queryRows(t.db, sql`select 1 from audit_log where entity = 'stock' and entity_id = ${lot.id}`);
    expect(audit).toEqual([]);
  });

  it('answers 404 for another organization’s lot and for an unknown one, and leaves the lot alone', async () => {
    const p = await product();
    const theirs = await createStock(t.db, { companyId: foreign(), productId: p.id, lotNumber: 'LOT-F' });
    expect((await setStatus(theirs.id, { status: 'recalled', reason: 'Not mine' })).statusCode).toBe(404);
    expect((await setStatus(randomUUID(), { status: 'recalled', reason: 'Nobody’s' })).statusCode).toBe(404);
    expect(await getStock(theirs.id, foreignMember())).toMatchObject({ status: 'available' });
  });
});

describe('at the chair', () => {
  it('first expiry first passes over a recalled or quarantined lot, and naming one is refused with its wording', async () => {
    const p = await product('Anesthetic');
    const early = await createStock(t.db, { companyId: north(), productId: p.id, unitsPerContainer: 5, expiryDate: '2027-01-31', lotNumber: 'EARLY' });
    const middle = await createStock(t.db, { companyId: north(), productId: p.id, unitsPerContainer: 5, expiryDate: '2027-02-28', lotNumber: 'MIDDLE' });
    const late = await createStock(t.db, { companyId: north(), productId: p.id, unitsPerContainer: 5, expiryDate: '2027-06-30', lotNumber: 'LATE' });
    await setStatus(early.id, { status: 'recalled', reason: 'Recall notice' });
    await setStatus(middle.id, { status: 'quarantined', reason: 'Broken seal' });

    const taken = await consume(p.id, 2);
    expect(taken.statusCode).toBe(200);
    expect((await getStock(early.id)).units_left).toBe(5);
    expect((await getStock(middle.id)).units_left).toBe(5);
    expect((await getStock(late.id)).units_left).toBe(3);

    const named = await consume(p.id, 1, { stock_id: early.id });
    expect(named.statusCode).toBe(409);
    expect(named.json().message).toBe(STOCK_MESSAGES.lotRecalled(p.name, 'EARLY'));
    const quarantined = await consume(p.id, 1, { stock_id: middle.id });
    expect(quarantined.statusCode).toBe(409);
    expect(quarantined.json().message).toBe(STOCK_MESSAGES.lotQuarantined(p.name, 'MIDDLE'));
    // More than the available lot holds: the recalled units do not make up the difference.
    expect((await consume(p.id, 4)).json().message).toBe(STOCK_MESSAGES.notEnoughStock(p.name));
    expect((await getStock(early.id)).units_left).toBe(5);

    // Released, it is used first again.
    await setStatus(early.id, { status: 'available' });
    expect((await consume(p.id, 1, { stock_id: early.id })).statusCode).toBe(200);
    expect((await getStock(early.id)).units_left).toBe(4);
  });

  it('refuses a visit that names a recalled lot and records nothing', async () => {
    const treatment = await insertTreatment(t.db, { companyId: north(), treatmentCode: `LS${randomUUID().slice(0, 5)}`, name: 'Filler', abbreviation: '', description: '', categoryId: null, createdBy: null });
    const p = await product('Filler Syringe');
    const recalled = await createStock(t.db, { companyId: north(), productId: p.id, unitsPerContainer: 4, expiryDate: '2027-01-31', lotNumber: 'V40LA90512' });
    const other = await createStock(t.db, { companyId: north(), productId: p.id, unitsPerContainer: 4, expiryDate: '2028-01-31', lotNumber: 'V40LB11111' });
    await setStatus(recalled.id, { status: 'recalled', reason: 'Manufacturer recall' });
    const chart = `LS-${randomUUID().slice(0, 6)}`;
    const visit = (products: Record<string, unknown>[]) =>
      t.request({ method: 'POST', url: '/api/treatment_log', token: member(), payload: { patient_chart_number: chart, treatments: [treatment.id], products, idempotency_key: randomUUID() } });

    const refused = await visit([{ product_id: p.id, quantity: 1, stock_id: recalled.id }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(STOCK_MESSAGES.lotRecalled(p.name, 'V40LA90512'));
    expect((await t.request({ method: 'GET', url: `/api/patient?search=${chart}`, token: member() })).json().total).toBe(0);
    expect((await getStock(recalled.id)).units_left).toBe(4);

    // Without a lot named, the visit takes the other lot although the recalled one expires first.
    const saved = await visit([{ product_id: p.id, quantity: 1 }]);
    expect(saved.statusCode).toBe(201);
    expect(saved.json().treatment_log_products[0]).toMatchObject({ lot_number: 'V40LB11111' });
    expect((await getStock(other.id)).units_left).toBe(3);
    expect((await getStock(recalled.id)).units_left).toBe(4);
  });
});

describe('the recalled alert', () => {
  it('is raised at every location of the organization holding the lot number, not elsewhere, survives the scan and is resolved on release', async () => {
    const p = await product('Implant');
    const marked = await createStock(t.db, { companyId: north(), productId: p.id, unitsPerContainer: 6, lotNumber: 'IMP-77' });
    // The same lot number at the second location, in another case; another lot there; the same number in another organization.
    const there = await createStock(t.db, { companyId: south(), productId: p.id, unitsPerContainer: 3, lotNumber: 'imp-77' });
    await createStock(t.db, { companyId: south(), productId: p.id, unitsPerContainer: 3, lotNumber: 'IMP-78' });
    await createStock(t.db, { companyId: foreign(), productId: p.id, unitsPerContainer: 3, lotNumber: 'IMP-77' });
    expect(await alertsOf(p.id)).toEqual([]);

    await setStatus(marked.id, { status: 'recalled', reason: 'Packaging defect', reference: 'FSCA-12' });
    const recall = { stock_id: marked.id, location: { id: north(), name: world.own.org.locations[0]!.name }, reason: 'Packaging defect', reference: 'FSCA-12', recalled_at: NOW.toISOString() };
    expect(await alertsOf(p.id)).toEqual([expect.objectContaining({ stock: expect.objectContaining({ id: marked.id, lotNumber: 'IMP-77', units_left: 6 }), recall })]);
    expect(await alertsOf(p.id, southToken())).toEqual([expect.objectContaining({ stock: expect.objectContaining({ id: there.id, lotNumber: 'imp-77', units_left: 3 }), recall })]);
    expect(await alertsOf(p.id, foreignMember())).toEqual([]);
    const counts = (await t.request({ method: 'GET', url: '/api/alert?kind=recalled', token: southToken() })).json().counts;
    expect(counts.recalled).toBeGreaterThanOrEqual(1);

    // The periodic scan and a stock change elsewhere keep it open while the lot is recalled; the
    // second location's lot of that number is recalled too, so its other lot gives the units.
    await t.alerts.scan();
    expect(await getStock(there.id, southToken())).toMatchObject({ status: 'recalled', status_reason: 'Packaging defect', status_reference: 'FSCA-12' });
    const southTook = await t.request({ method: 'POST', url: '/api/stock/consume', token: southToken(), payload: { product_id: p.id, quantity: 1, idempotency_key: randomUUID() } });
    expect(southTook.statusCode).toBe(200);
    expect((await getStock(there.id, southToken())).units_left).toBe(3);
    expect(await alertsOf(p.id)).toHaveLength(1);
    expect(await alertsOf(p.id, southToken())).toHaveLength(1);
    // A lot of that number received later at the second location is alerted as well.
    const supplier = await createSupplier(t.db, { companyId: south() });
    const later = await t.request({ method: 'POST', url: '/api/stock', token: southToken(), payload: { product_id: p.id, supplier_id: supplier.id, container_quantity: 1, units_per_container: 2, price_per_container: 5, lotNumber: 'IMP-77', expiry_date: '2028-01-01' } });
    expect(later.statusCode).toBe(201);
    expect((await alertsOf(p.id, southToken())).map((a) => a.stock!.id).sort()).toEqual([there.id, later.json().stocks[0].id].sort());
    expect(await getStock(later.json().stocks[0].id, southToken())).toMatchObject({ status: 'recalled' });
    // The recall is released where it was set: the second location cannot lift it.
    const elsewhere = await setStatus(there.id, { status: 'available' }, southToken());
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe(LOT_STATUS_MESSAGES.releasedWhereSet('Recalled', world.own.org.locations[0]!.name));

    await setStatus(marked.id, { status: 'available' });
    expect(await alertsOf(p.id)).toEqual([]);
    expect(await alertsOf(p.id, southToken())).toEqual([]);
    expect(await getStock(there.id, southToken())).toMatchObject({ status: 'available' });
    expect(await getStock(later.json().stocks[0].id, southToken())).toMatchObject({ status: 'available' });
  });

  it('leaves recalled and quarantined units out of low stock', async () => {
    const p = await product('Sutures');
    const lot = await createStock(t.db, { companyId: north(), productId: p.id, unitsPerContainer: 10, lotNumber: 'SU-1' });
    expect((await t.request({ method: 'PATCH', url: `/api/product/${p.id}`, token: member(), payload: { minimum_stock: 5 } })).statusCode).toBe(200);
    const lowStock = async () => ((await t.request({ method: 'GET', url: '/api/alert?kind=low_stock&perPage=100', token: member() })).json().results as AlertRow[]).filter((a) => a.product.id === p.id);
    expect(await lowStock()).toEqual([]);
    await setStatus(lot.id, { status: 'quarantined', reason: 'Damp box' });
    expect(await lowStock()).toEqual([expect.objectContaining({ units_in_stock: 0, minimum_stock: 5 })]);
    await setStatus(lot.id, { status: 'available' });
    expect(await lowStock()).toEqual([]);
  });

  it('is not raised by a quarantine, and a lot without a number is matched by itself only', async () => {
    const p = await product('Gloves');
    const quarantined = await createStock(t.db, { companyId: north(), productId: p.id, lotNumber: 'GL-9' });
    await createStock(t.db, { companyId: south(), productId: p.id, lotNumber: 'GL-9' });
    await setStatus(quarantined.id, { status: 'quarantined', reason: 'Torn box' });
    expect(await alertsOf(p.id)).toEqual([]);
    expect(await alertsOf(p.id, southToken())).toEqual([]);

    const q = await product('Gauze');
    const unnamed = await createStock(t.db, { companyId: north(), productId: q.id, lotNumber: '' });
    await createStock(t.db, { companyId: south(), productId: q.id, lotNumber: '' });
    await setStatus(unnamed.id, { status: 'recalled', reason: 'Wet box' });
    expect((await alertsOf(q.id)).map((a) => a.stock!.id)).toEqual([unnamed.id]);
    expect(await alertsOf(q.id, southToken())).toEqual([]);
  });
});
