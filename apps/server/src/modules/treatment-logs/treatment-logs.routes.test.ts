import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_MESSAGES, STOCK_MESSAGES, TREATMENT_LOG_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createProduct, createStock } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { insertTreatment } from '../treatments/treatments.repo';

// The clock moves only when a test moves it: expiry rules and visit times compare with it.
let now = new Date('2026-11-22T15:00:00Z');
let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const assistant = () => t.tokenFor(world.own.users.assistant);
const member = () => t.tokenFor(world.own.users.company_member);
const foreignMember = () => t.tokenFor(world.foreign.users.company_member);
const ownLocation = () => world.own.org.locations[0]!.id;
let serial = 0;

async function treatment(name: string, companyId = ownLocation()) {
  return insertTreatment(t.db, { companyId, treatmentCode: `T${String(++serial)}`, name, abbreviation: '', description: '', categoryId: null, createdBy: null });
}

const saveVisit = (payload: Record<string, unknown>, token = assistant()) =>
  t.request({ method: 'POST', url: '/api/treatment_log', token, payload: { idempotency_key: randomUUID(), ...payload } });
const unitsLeft = async (productId: string) => (await t.request({ method: 'GET', url: `/api/stock?productId=${productId}`, token: member() })).json().totals.units_left as number;

describe('recording a visit', () => {
  it('takes every product of the tray out of stock at the price of the lots used, with the treatment in each lot’s history', async () => {
    const extraction = await treatment('Extraction');
    const filling = await treatment('Filling');
    const products = await Promise.all(['Gloves', 'Anesthetic', 'Gauze', 'Suture', 'Composite'].map((name) => createProduct(t.db, { companyId: null, name: `Visit ${name} ${randomUUID().slice(0, 8)}` })));
    const [gloves, anesthetic, gauze, suture, composite] = products as [typeof products[0], typeof products[0], typeof products[0], typeof products[0], typeof products[0]];
    await createStock(t.db, { companyId: ownLocation(), productId: gloves.id, unitsPerContainer: 100, pricePerContainer: 10, lotNumber: 'GL-1' });
    // Anesthetic: 1 cartridge left in the lot that expires first, so 2 take from two lots.
    await createStock(t.db, { companyId: ownLocation(), productId: anesthetic.id, unitsPerContainer: 1, pricePerContainer: 1.2, expiryDate: '2027-01-31', lotNumber: 'AN-OLD' });
    await createStock(t.db, { companyId: ownLocation(), productId: anesthetic.id, unitsPerContainer: 50, pricePerContainer: 65, expiryDate: '2028-01-31', lotNumber: 'AN-NEW' });
    await createStock(t.db, { companyId: ownLocation(), productId: gauze.id, unitsPerContainer: 50, pricePerContainer: 5, lotNumber: 'GZ-1' });
    await createStock(t.db, { companyId: ownLocation(), productId: suture.id, unitsPerContainer: 36, pricePerContainer: 180, lotNumber: 'SU-1' });
    const named = await createStock(t.db, { companyId: ownLocation(), productId: composite.id, unitsPerContainer: 4, pricePerContainer: 72, expiryDate: '2028-06-30', lotNumber: 'CO-LATE' });
    await createStock(t.db, { companyId: ownLocation(), productId: composite.id, unitsPerContainer: 4, pricePerContainer: 60, expiryDate: '2027-03-31', lotNumber: 'CO-EARLY' });

    const res = await saveVisit({
      patient_chart_number: 'CH-1001',
      treatments: [extraction.id, filling.id],
      products: [
        { product_id: gloves.id, quantity: 4, treatment_id: extraction.id },
        { product_id: anesthetic.id, quantity: 2, treatment_id: extraction.id },
        { product_id: gauze.id, quantity: 3, treatment_id: extraction.id },
        { product_id: suture.id, quantity: 1, treatment_id: extraction.id },
        // The clinician named the later lot of composite: it is used although another expires first.
        { product_id: composite.id, quantity: 0.5, treatment_id: filling.id, stock_id: named.id },
      ],
    });
    expect(res.statusCode).toBe(201);
    const visit = res.json();
    expect(visit).toMatchObject({ patient: { patient_chart_number: 'CH-1001' }, treatments: [{ id: extraction.id }, { id: filling.id }], transcriptionJobStatus: null });
    const line = (id: string) => visit.treatment_log_products.find((p: { product: { id: string } }) => p.product.id === id);
    expect(line(gloves.id)).toMatchObject({ quantity: 4, cost: 0.4, unit_price: 0.1, lot_number: 'GL-1', treatment: { id: extraction.id } });
    // 1 x $1.20 + 1 x $1.30 from two lots: 'Multiple Stocks used'.
    expect(line(anesthetic.id)).toMatchObject({ quantity: 2, cost: 2.5, unit_price: -1, lot_number: 'AN-OLD, AN-NEW' });
    expect(line(composite.id)).toMatchObject({ cost: 9, unit_price: 18, lot_number: 'CO-LATE', treatment: { id: filling.id } });
    expect(visit.total_cost).toBe(17.2);

    expect(await unitsLeft(anesthetic.id)).toBe(49);
    const history = (await t.request({ method: 'GET', url: `/api/stock/${named.id}`, token: member() })).json().stockUsages;
    expect(history).toEqual([expect.objectContaining({ kind: 'treatment', unit_quantity: 0.5, treatmentLogProduct: { treatment: { treatment_code: filling.treatmentCode, name: 'Filling' } } })]);
  });

  it('records nothing at all when one product of the tray is short, and names it', async () => {
    const tx = await treatment('Five products');
    const stocked = await Promise.all([1, 2, 3, 4].map(async (i) => {
      const p = await createProduct(t.db, { companyId: null, name: `Tray ${String(i)} ${randomUUID().slice(0, 8)}` });
      await createStock(t.db, { companyId: ownLocation(), productId: p.id, unitsPerContainer: 10 });
      return p;
    }));
    const short = await createProduct(t.db, { companyId: null, name: `Short Product ${randomUUID().slice(0, 8)}` });
    await createStock(t.db, { companyId: ownLocation(), productId: short.id, unitsPerContainer: 1 });
    const chart = `CH-${randomUUID().slice(0, 6)}`;
    const res = await saveVisit({ patient_chart_number: chart, treatments: [tx.id], products: [...stocked.map((p) => ({ product_id: p.id, quantity: 2 })), { product_id: short.id, quantity: 2 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(STOCK_MESSAGES.notEnoughStock(short.name));
    for (const p of stocked) expect(await unitsLeft(p.id)).toBe(10);
    const patients = (await t.request({ method: 'GET', url: `/api/patient?search=${chart}`, token: member() })).json();
    expect(patients.total).toBe(0);

    // Units only in an expired lot: the spec's expired wording.
    const expired = await createProduct(t.db, { companyId: null, name: `Expired Product ${randomUUID().slice(0, 8)}` });
    await createStock(t.db, { companyId: ownLocation(), productId: expired.id, unitsPerContainer: 10, expiryDate: '2026-01-01' });
    const old = await saveVisit({ patient_chart_number: chart, treatments: [tx.id], products: [{ product_id: expired.id, quantity: 1 }] });
    expect(old.json().message).toBe(STOCK_MESSAGES.expiredStock(expired.name));
  });

  it('keeps case notes typed after the visit, refusing overlong ones', async () => {
    const visit = (await saveVisit({ patient_chart_number: 'CH-NOTES', treatments: [(await treatment('Notes')).id], products: [], caseNotes: 'Initial.' })).json();
    expect(visit.caseNotes).toBe('Initial.');
    const res = await t.request({ method: 'PATCH', url: `/api/treatment_log/${String(visit.id)}`, token: member(), payload: { caseNotes: 'Extraction of #30, no complications.' } });
    expect(res.json().caseNotes).toBe('Extraction of #30, no complications.');
    const long = await t.request({ method: 'PATCH', url: `/api/treatment_log/${String(visit.id)}`, token: member(), payload: { caseNotes: 'x'.repeat(20_001) } });
    expect(long.json().errors).toEqual([{ field: 'caseNotes', message: 'Case notes must be at most 20000 characters' }]);
    expect((await t.request({ method: 'PATCH', url: `/api/treatment_log/${String(visit.id)}`, token: foreignMember(), payload: { caseNotes: 'x' } })).statusCode).toBe(404);
  });

  it('counts a retried save once', async () => {
    const tx = await treatment('Retry');
    const p = await createProduct(t.db, { companyId: null });
    await createStock(t.db, { companyId: ownLocation(), productId: p.id, unitsPerContainer: 10 });
    const body = { idempotency_key: randomUUID(), patient_chart_number: 'CH-RETRY', treatments: [tx.id], products: [{ product_id: p.id, quantity: 3 }] };
    const [a, b] = [await saveVisit(body), await saveVisit(body)];
    expect(b.json().id).toBe(a.json().id);
    expect(await unitsLeft(p.id)).toBe(7);
  });

  it('keeps a visit save’s key apart from a manual consumption’s: the same key does both', async () => {
    const tx = await treatment('Shared key');
    const p = await createProduct(t.db, { companyId: null });
    await createStock(t.db, { companyId: ownLocation(), productId: p.id, unitsPerContainer: 10 });
    const key = randomUUID();
    const consumed = await t.request({ method: 'POST', url: '/api/stock/consume', token: member(), payload: { product_id: p.id, quantity: 2, idempotency_key: key } });
    expect(consumed.statusCode, consumed.body).toBe(200);
    const visit = await saveVisit({ idempotency_key: key, patient_chart_number: 'CH-SHARED', treatments: [tx.id], products: [{ product_id: p.id, quantity: 3 }] });
    expect(visit.statusCode, visit.body).toBe(201);
    expect(await unitsLeft(p.id)).toBe(5);
  });

  it('refuses a key that comes back with another visit (422), recording nothing for it', async () => {
    const tx = await treatment('Reused key');
    const p = await createProduct(t.db, { companyId: null });
    await createStock(t.db, { companyId: ownLocation(), productId: p.id, unitsPerContainer: 10 });
    const body = { idempotency_key: randomUUID(), patient_chart_number: 'CH-REUSED', treatments: [tx.id], products: [{ product_id: p.id, quantity: 3 }] };
    const first = await saveVisit(body);
    expect(first.statusCode).toBe(201);
    for (const changed of [{ products: [{ product_id: p.id, quantity: 4 }] }, { patient_chart_number: 'CH-OTHER' }, { products: [] }]) {
      const reused = await saveVisit({ ...body, ...changed });
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: IDEMPOTENCY_MESSAGES.keyReused });
    }
    expect(await unitsLeft(p.id)).toBe(7);
    // The same visit still replays its first answer.
    expect((await saveVisit(body)).json().id).toBe(first.json().id);
    expect(await unitsLeft(p.id)).toBe(7);
  });

  it('refuses bad input field by field, and another location’s treatments', async () => {
    const none = await saveVisit({ patient_chart_number: 'CH-1', treatments: [], products: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([{ field: 'treatments', message: TREATMENT_LOG_MESSAGES.chooseTreatment }]);
    const blank = await saveVisit({ patient_chart_number: '  ', treatments: [(await treatment('Any')).id], products: [] });
    expect(blank.json().errors).toEqual([{ field: 'patient_chart_number', message: 'Patient chart number is required' }]);
    const foreign = await treatment('Foreign', world.foreign.org.locations[0]!.id);
    const res = await saveVisit({ patient_chart_number: 'CH-1', treatments: [foreign.id], products: [] });
    expect(res.json().errors).toEqual([{ field: 'treatments.0', message: 'Treatment not found' }]);
    expect((await saveVisit({ patient_chart_number: 'CH-1', treatments: [foreign.id], products: [] }, t.tokenFor(world.admin))).statusCode).toBe(403);
    // Quantities are stored with three decimals: less than 0.001 would be stored as nothing.
    const own = await treatment('Tiny');
    const tiny = await saveVisit({ patient_chart_number: 'CH-1', treatments: [own.id], products: [{ product_id: own.id, quantity: 0.0004, treatment_id: own.id }] });
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().errors).toEqual([{ field: 'products.0.quantity', message: STOCK_MESSAGES.consumeQuantityMin }]);
  });
});

describe('patients', () => {
  it('sum each chart number’s visits within the range, newest visit first, with the cards’ totals', async () => {
    const location = world.own.org.locations[1]!.id;
    const owner = t.tokenFor(world.own.users.organization_admin, location);
    const tx = await treatment('Hygiene visit', location);
    const p = await createProduct(t.db, { companyId: null });
    await createStock(t.db, { companyId: location, productId: p.id, unitsPerContainer: 100, pricePerContainer: 50 });
    for (const [chart, quantity] of [['PT-A', 2], ['PT-B', 1], ['PT-A', 4]] as const) {
      now = new Date(now.getTime() + 10 * 60_000);
      expect((await saveVisit({ patient_chart_number: chart, treatments: [tx.id], products: [{ product_id: p.id, quantity }] }, owner)).statusCode).toBe(201);
    }
    const page = (await t.request({ method: 'GET', url: '/api/patient?start_date=2026-11-22&end_date=2026-11-22', token: owner })).json();
    expect(page.totals).toEqual({ patients: 2, visits: 3, life_time_cost: 3.5 });
    const a = page.results.find((r: { patient_chart_number: string }) => r.patient_chart_number === 'PT-A');
    expect(a).toMatchObject({ total_visits: 2, life_time_cost: 3, last_visit_cost: 2, last_visit_treatment_log_transcription_job_status: null });
    const visits = (await t.request({ method: 'GET', url: `/api/treatment_log?patient_id=${String(a.id)}`, token: owner })).json();
    expect(visits.results.map((v: { id: string; total_cost: number }) => v.total_cost)).toEqual([2, 1]);
    expect(visits.results[0].id).toBe(a.last_visit_treatment_log_id);

    expect((await t.request({ method: 'GET', url: '/api/patient?start_date=2026-11-23', token: owner })).json().total).toBe(0);

    // Which designs were performed in the range, and how often.
    const executed = (await t.request({ method: 'GET', url: '/api/treatment/executed-within?start_date=2026-11-22&end_date=2026-11-22', token: owner })).json();
    expect(executed.results).toEqual([expect.objectContaining({ id: tx.id, times: 3 })]);
    expect((await t.request({ method: 'GET', url: '/api/treatment/executed-within?start_date=2026-11-23&end_date=2026-11-30', token: owner })).json().results).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/treatment/executed-within?start_date=2026-11-30&end_date=2026-11-23', token: owner })).statusCode).toBe(400);
    const backwards = await t.request({ method: 'GET', url: '/api/patient?start_date=2026-11-23&end_date=2026-11-01', token: owner });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([{ field: 'querystring.start_date', message: 'The start date cannot go after the end date' }]);
    expect((await t.request({ method: 'GET', url: `/api/treatment_log/${String(a.last_visit_treatment_log_id)}`, token: foreignMember() })).statusCode).toBe(404);
  });
});
