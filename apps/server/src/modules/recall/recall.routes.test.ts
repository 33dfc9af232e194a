import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createProduct, createStock } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { insertTreatment } from '../treatments/treatments.repo';

let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const member = () => t.tokenFor(world.own.users.company_member);

it('finds every patient who received a recalled lot, as JSON and as a CSV file', async () => {
  const companyId = world.own.org.locations[0]!.id;
  const treatment = await insertTreatment(t.db, { companyId, treatmentCode: `R${randomUUID().slice(0, 6)}`, name: 'Filler', abbreviation: '', description: '', categoryId: null, createdBy: null });
  const filler = await createProduct(t.db, { companyId: null, name: `Filler Syringe ${randomUUID().slice(0, 4)}` });
  // Two lots: the recalled one expires first, so the first visits take it.
  const recalled = await createStock(t.db, { companyId, productId: filler.id, unitsPerContainer: 2, expiryDate: '2027-01-31', lotNumber: 'V40LA90512' });
  await createStock(t.db, { companyId, productId: filler.id, unitsPerContainer: 10, expiryDate: '2028-01-31', lotNumber: 'V40LB11111' });
  for (const [chart, quantity] of [['PT-1', 1], ['PT-2', 1.5], ['PT-3', 1]] as const) {
    const res = await t.request({ method: 'POST', url: '/api/treatment_log', token: member(), payload: { patient_chart_number: chart, treatments: [treatment.id], products: [{ product_id: filler.id, quantity }], idempotency_key: randomUUID() } });
    expect(res.statusCode).toBe(201);
  }

  const trace = (await t.request({ method: 'GET', url: '/api/recall?lot=v40la90512', token: member() })).json();
  expect(trace.lots).toEqual([expect.objectContaining({ stock_id: recalled.id, lotNumber: 'V40LA90512', units_received: 2, units_left: 0 })]);
  // PT-2 took 1 unit of the recalled lot and 0.5 of the next; PT-3 none of it.
  expect(trace.visits.map((v: { patient_chart_number: string; quantity: number }) => [v.patient_chart_number, v.quantity]).sort()).toEqual([['PT-1', 1], ['PT-2', 1]]);

  const csv = await t.request({ method: 'GET', url: '/api/recall/export?lot=V40LA90512', token: member() });
  expect(csv.headers['content-type']).toContain('text/csv');
  expect(csv.headers['content-disposition']).toContain('recall-V40LA90512.csv');
  const lines = csv.body.trim().split(/\r?\n/);
  expect(lines[0]).toBe('Patient chart number,Visit date,Product,Lot,Units');
  expect(lines.slice(1).map((l) => l.split(',')[0]).sort()).toEqual(['PT-1', 'PT-2']);

  // Another organization knows nothing of these visits; a blank lot is refused.
  const foreign = (await t.request({ method: 'GET', url: '/api/recall?lot=V40LA90512', token: t.tokenFor(world.foreign.users.company_member) })).json();
  expect(foreign).toEqual({ lot: 'V40LA90512', lots: [], visits: [] });
  const blank = await t.request({ method: 'GET', url: '/api/recall?lot=%20', token: member() });
  expect(blank.json().errors).toEqual([{ field: 'querystring.lot', message: 'Lot number is required' }]);
});
