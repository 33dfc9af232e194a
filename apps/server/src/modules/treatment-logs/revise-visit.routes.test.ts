import { randomUUID } from 'node:crypto';
import { STOCK_MESSAGES, TREATMENT_LOG_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createProduct, createStock } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { insertTreatment } from '../treatments/treatments.repo';

let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-22T15:00:00Z') });
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const assistant = () => t.tokenFor(world.own.users.assistant);
const member = () => t.tokenFor(world.own.users.company_member);
const ownLocation = () => world.own.org.locations[0]!.id;
let serial = 0;

const treatment = (name: string) => insertTreatment(t.db, { companyId: ownLocation(), treatmentCode: `E${String(++serial)}`, name, abbreviation: '', description: '', categoryId: null, createdBy: null });
const product = (name: string) => createProduct(t.db, { companyId: null, name: `${name} ${randomUUID().slice(0, 8)}` });

async function saveVisit(payload: Record<string, unknown>) {
  const res = await t.request({ method: 'POST', url: '/api/treatment_log', token: assistant(), payload: { idempotency_key: randomUUID(), patient_chart_number: `ED-${randomUUID().slice(0, 5)}`, ...payload } });
  expect(res.statusCode).toBe(201);
  return res.json() as Visit;
}
const edit = (id: string, payload: Record<string, unknown>, token = assistant()) => t.request({ method: 'PATCH', url: `/api/treatment_log/${id}`, token, payload });
const stockOf = async (productId: string) => (await t.request({ method: 'GET', url: `/api/stock?productId=${productId}&perPage=50`, token: member() })).json() as { results: { id: string; units_left: number }[]; totals: { units_left: number } };
const leftIn = async (productId: string, stockId: string) => (await stockOf(productId)).results.find((s) => s.id === stockId)?.units_left;

interface Line { id: string; product: { id: string }; quantity: number; cost: number; unit_price: number; lot_number: string; treatment: { id: string } | null }
interface Visit { id: string; total_cost: number; treatments: { id: string }[]; treatment_log_products: Line[] }
const lineOf = (visit: Visit, productId: string) => visit.treatment_log_products.find((l) => l.product.id === productId);
/** The visit's lines as the edit page sends them back, with changes. */
const asSent = (visit: Visit, changes: Record<string, Record<string, unknown> | null> = {}) =>
  visit.treatment_log_products.flatMap((l) => (changes[l.product.id] === null ? [] : [{ id: l.id, product_id: l.product.id, quantity: l.quantity, treatment_id: l.treatment?.id ?? null, ...changes[l.product.id] }]));

describe('editing a saved visit', () => {
  it('gives back what was lowered or removed, takes what was raised or added, and costs the visit anew', async () => {
    const extraction = await treatment('Extraction');
    const [gauze, anesthetic, gloves, suture] = await Promise.all(['Gauze', 'Anesthetic', 'Gloves', 'Suture'].map(product));
    const gauzeLot = await createStock(t.db, { companyId: ownLocation(), productId: gauze!.id, unitsPerContainer: 10, pricePerContainer: 5 });
    // Anesthetic: 3 units at $1 expire first, then a lot at $2.
    const early = await createStock(t.db, { companyId: ownLocation(), productId: anesthetic!.id, unitsPerContainer: 3, pricePerContainer: 3, expiryDate: '2027-01-31', lotNumber: 'AN-EARLY' });
    const late = await createStock(t.db, { companyId: ownLocation(), productId: anesthetic!.id, unitsPerContainer: 10, pricePerContainer: 20, expiryDate: '2028-01-31', lotNumber: 'AN-LATE' });
    const glovesLot = await createStock(t.db, { companyId: ownLocation(), productId: gloves!.id, unitsPerContainer: 100, pricePerContainer: 10 });
    await createStock(t.db, { companyId: ownLocation(), productId: suture!.id, unitsPerContainer: 36, pricePerContainer: 180, lotNumber: 'SU-9' });

    const visit = await saveVisit({
      treatments: [extraction.id],
      products: [
        { product_id: gauze!.id, quantity: 6, treatment_id: extraction.id },
        { product_id: anesthetic!.id, quantity: 2, treatment_id: extraction.id },
        { product_id: gloves!.id, quantity: 4, treatment_id: extraction.id },
      ],
    });
    expect(visit.total_cost).toBe(5.4);

    const filling = await treatment('Filling');
    const res = await edit(visit.id, {
      treatments: [extraction.id, filling.id],
      products: [
        ...asSent(visit, { [gauze!.id]: { quantity: 2 }, [anesthetic!.id]: { quantity: 5 }, [gloves!.id]: null }),
        { product_id: suture!.id, quantity: 1, treatment_id: filling.id },
      ],
    });
    expect(res.statusCode).toBe(200);
    const edited = res.json() as Visit;
    expect(edited.treatments.map((tr) => tr.id)).toEqual([extraction.id, filling.id]);
    // Gauze 6 -> 2: four units back to its lot, the line keeps its id.
    expect(lineOf(edited, gauze!.id)).toMatchObject({ id: lineOf(visit, gauze!.id)!.id, quantity: 2, cost: 1, unit_price: 0.5 });
    expect(await leftIn(gauze!.id, gauzeLot.id)).toBe(8);
    // Anesthetic 2 -> 5: the early lot's last unit, then two of the late one.
    expect(lineOf(edited, anesthetic!.id)).toMatchObject({ quantity: 5, cost: 7, unit_price: -1, lot_number: 'AN-EARLY, AN-LATE' });
    expect(await leftIn(anesthetic!.id, early.id)).toBe(0);
    expect(await leftIn(anesthetic!.id, late.id)).toBe(8);
    // Gloves removed: all four back. Suture added.
    expect(lineOf(edited, gloves!.id)).toBeUndefined();
    expect(await leftIn(gloves!.id, glovesLot.id)).toBe(100);
    // Recall tracing no longer lists the visit for the gloves' lot; the gauze lot it still took from, yes.
    const recall = async (lot: string) => ((await t.request({ method: 'GET', url: `/api/recall?lot=${lot}`, token: member() })).json() as { visits: { quantity: number }[] }).visits;
    expect(await recall(glovesLot.lotNumber)).toEqual([]);
    expect((await recall(gauzeLot.lotNumber)).map((v) => v.quantity)).toEqual([2]);
    expect(lineOf(edited, suture!.id)).toMatchObject({ quantity: 1, cost: 5, lot_number: 'SU-9', treatment: { id: filling.id } });
    expect(edited.total_cost).toBe(13);

    // The gauze lot's history keeps both rows: taken, and given back by the edit.
    const history = (await t.request({ method: 'GET', url: `/api/stock/${gauzeLot.id}`, token: member() })).json().stockUsages as { unit_quantity: number }[];
    expect(history.map((h) => h.unit_quantity).sort()).toEqual([-4, 6]);

    // Sending the same edit again changes nothing.
    const again = (await edit(visit.id, { treatments: [extraction.id, filling.id], products: asSent(edited) })).json() as Visit;
    expect(again.total_cost).toBe(13);
    expect((await stockOf(anesthetic!.id)).totals.units_left).toBe(8);
  });

  it('moves a line to the lot the clinician names, all of it', async () => {
    const tx = await treatment('Composite filling');
    const composite = await product('Composite');
    const first = await createStock(t.db, { companyId: ownLocation(), productId: composite.id, unitsPerContainer: 4, pricePerContainer: 40, expiryDate: '2027-03-31', lotNumber: 'CO-A' });
    const named = await createStock(t.db, { companyId: ownLocation(), productId: composite.id, unitsPerContainer: 4, pricePerContainer: 60, expiryDate: '2028-03-31', lotNumber: 'CO-B' });
    const visit = await saveVisit({ treatments: [tx.id], products: [{ product_id: composite.id, quantity: 2, treatment_id: tx.id }] });
    expect(lineOf(visit, composite.id)).toMatchObject({ lot_number: 'CO-A', cost: 20 });
    const edited = (await edit(visit.id, { treatments: [tx.id], products: asSent(visit, { [composite.id]: { stock_id: named.id } }) })).json() as Visit;
    expect(lineOf(edited, composite.id)).toMatchObject({ quantity: 2, lot_number: 'CO-B', cost: 30, unit_price: 15 });
    expect(await leftIn(composite.id, first.id)).toBe(4);
    expect(await leftIn(composite.id, named.id)).toBe(2);
  });

  it('changes nothing when the raised quantity is not in stock, and names the product', async () => {
    const tx = await treatment('Short edit');
    const [kept, short] = await Promise.all([product('Kept'), product('Short')]);
    await createStock(t.db, { companyId: ownLocation(), productId: kept!.id, unitsPerContainer: 10 });
    await createStock(t.db, { companyId: ownLocation(), productId: short!.id, unitsPerContainer: 3 });
    const visit = await saveVisit({ treatments: [tx.id], products: [{ product_id: kept!.id, quantity: 5 }, { product_id: short!.id, quantity: 2 }] });
    const res = await edit(visit.id, { treatments: [tx.id], products: asSent(visit, { [kept!.id]: { quantity: 1 }, [short!.id]: { quantity: 4 } }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(STOCK_MESSAGES.notEnoughStock(short!.name));
    expect((await stockOf(kept!.id)).totals.units_left).toBe(5);
    expect((await stockOf(short!.id)).totals.units_left).toBe(1);
    expect(((await t.request({ method: 'GET', url: `/api/treatment_log/${visit.id}`, token: member() })).json() as Visit).total_cost).toBe(visit.total_cost);
  });

  it('keeps the units of a lot deleted since the visit removed when they come back', async () => {
    const tx = await treatment('Deleted lot');
    const p = await product('Gone');
    const lot = await createStock(t.db, { companyId: ownLocation(), productId: p.id, unitsPerContainer: 10 });
    const visit = await saveVisit({ treatments: [tx.id], products: [{ product_id: p.id, quantity: 3 }] });
    expect((await t.request({ method: 'DELETE', url: `/api/stock/${lot.id}`, token: member() })).statusCode).toBeLessThan(300);
    const edited = (await edit(visit.id, { treatments: [tx.id], products: asSent(visit, { [p.id]: { quantity: 1 } }) })).json() as Visit;
    expect(lineOf(edited, p.id)).toMatchObject({ quantity: 1, cost: 1 });
    expect((await stockOf(p.id)).totals.units_left).toBe(0);
  });

  it('counts two simultaneous saves of the same edit once', async () => {
    const tx = await treatment('Twice');
    const p = await product('Twice');
    await createStock(t.db, { companyId: ownLocation(), productId: p.id, unitsPerContainer: 20 });
    const visit = await saveVisit({ treatments: [tx.id], products: [{ product_id: p.id, quantity: 2 }] });
    const body = { treatments: [tx.id], products: asSent(visit, { [p.id]: { quantity: 5 } }) };
    const answers = await Promise.all([edit(visit.id, body), edit(visit.id, body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await stockOf(p.id)).totals.units_left).toBe(15);
  });

  it('refuses lines of another visit, a line turned into another product, and half a tray', async () => {
    const tx = await treatment('Refusals');
    const [a, b] = await Promise.all([product('A'), product('B')]);
    await createStock(t.db, { companyId: ownLocation(), productId: a!.id, unitsPerContainer: 10 });
    await createStock(t.db, { companyId: ownLocation(), productId: b!.id, unitsPerContainer: 10 });
    const visit = await saveVisit({ treatments: [tx.id], products: [{ product_id: a!.id, quantity: 1 }] });
    const other = await saveVisit({ treatments: [tx.id], products: [{ product_id: b!.id, quantity: 1 }] });

    const stolen = await edit(visit.id, { treatments: [tx.id], products: asSent(other) });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().errors).toEqual([{ field: 'products.0.id', message: TREATMENT_LOG_MESSAGES.notOfVisit }]);
    const swapped = await edit(visit.id, { treatments: [tx.id], products: asSent(visit, { [a!.id]: { product_id: b!.id } }) });
    expect(swapped.json().errors).toEqual([{ field: 'products.0.product_id', message: TREATMENT_LOG_MESSAGES.productChanged }]);
    const half = await edit(visit.id, { products: asSent(visit) });
    expect(half.json().errors).toEqual([{ field: 'products', message: 'Send the treatments and the products together' }]);
    const none = await edit(visit.id, { treatments: [], products: [] });
    expect(none.json().errors).toEqual([{ field: 'treatments', message: TREATMENT_LOG_MESSAGES.chooseTreatment }]);
    expect((await stockOf(a!.id)).totals.units_left).toBe(9);
    expect((await stockOf(b!.id)).totals.units_left).toBe(9);

    const foreign = await edit(visit.id, { treatments: [tx.id], products: [] }, t.tokenFor(world.foreign.users.company_member));
    expect(foreign.statusCode).toBe(404);
    expect((await stockOf(a!.id)).totals.units_left).toBe(9);
  });
});
