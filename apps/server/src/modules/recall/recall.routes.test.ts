import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { RECALL_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createProduct, createStock } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { queryRows } from '../../../test/setup/sql';
import { implants, treatmentLogProducts } from '../../db/schema/index';
import { insertTreatment } from '../treatments/treatments.repo';

let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const member = () => t.tokenFor(world.own.users.company_member);
const assistant = () => t.tokenFor(world.own.users.assistant);
const own = () => world.own.org.locations[0]!.id;

/** A GTIN with its mod-10 check digit (GS1 General Specifications 7.9.1). */
function gtin(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${body}${String((10 - (sum % 10)) % 10)}`;
}

async function treatmentAt(companyId: string) {
  return insertTreatment(t.db, { companyId, treatmentCode: `R${randomUUID().slice(0, 6)}`, name: 'Implant placement', abbreviation: '', description: '', categoryId: null, createdBy: null });
}

/** A visit saved at the chair through the API (so through the ledger); its one product line. */
async function visit(token: string, treatmentId: string, chart: string, productId: string, quantity = 1) {
  const res = await t.request({ method: 'POST', url: '/api/treatment_log', token, payload: { patient_chart_number: chart, treatments: [treatmentId], products: [{ product_id: productId, quantity }], idempotency_key: randomUUID() } });
  expect(res.statusCode).toBe(201);
  const log = res.json<{ id: string; patient_id: string }>();
  const [line] = await t.db.select().from(treatmentLogProducts).where(eq(treatmentLogProducts.treatmentLogId, log.id));
  return { logId: log.id, line: line! };
}

/** The implant record the chair would write for that line (another part of issue 20 writes it). */
async function implant(companyId: string, patientId: string, v: Awaited<ReturnType<typeof visit>>, device: { di: string; serial: string; lot: string; stockId?: string | null }) {
  await t.db.insert(implants).values({
    companyId,
    patientId,
    treatmentLogId: v.logId,
    treatmentLogProductId: v.line.id,
    productId: v.line.productId,
    stockId: device.stockId ?? null,
    udi: `(01)${device.di}(10)${device.lot}(21)${device.serial}`,
    deviceIdentifier: device.di,
    lotNumber: device.lot,
    serialNumber: device.serial,
    site: '36',
    implantedAt: new Date(),
  });
}

async function patientIdOf(companyId: string, chart: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(t.db, sql`select id from patients where company_id = ${companyId} and chart_number = ${chart}`);
  return row!.id;
}

interface Trace {
  by: string;
  value: string;
  lots: { stock_id: string }[];
  visits: { patient_chart_number: string; serial_number: string; lotNumber: string; quantity: number }[];
  patients: { patient_id: string; patient_chart_number: string; contacted: { by: string; at: string } | null }[];
}
const traceOf = async (query: string, token = member()) => {
  const res = await t.request({ method: 'GET', url: `/api/recall?${query}`, token });
  expect(res.statusCode).toBe(200);
  return res.json<Trace>();
};
const charts = (trace: Trace) => trace.patients.map((p) => p.patient_chart_number).sort();

it('finds every patient who received a recalled lot, as JSON and as a CSV file', async () => {
  const companyId = own();
  const treatment = await treatmentAt(companyId);
  const filler = await createProduct(t.db, { companyId: null, name: `Filler Syringe ${randomUUID().slice(0, 8)}` });
  // Two lots: the recalled one expires first, so the first visits take it.
  const recalled = await createStock(t.db, { companyId, productId: filler.id, unitsPerContainer: 2, expiryDate: '2027-01-31', lotNumber: 'V40LA90512' });
  await createStock(t.db, { companyId, productId: filler.id, unitsPerContainer: 10, expiryDate: '2028-01-31', lotNumber: 'V40LB11111' });
  for (const [chart, quantity] of [['PT-1', 1], ['PT-2', 1.5], ['PT-3', 1]] as const) await visit(member(), treatment.id, chart, filler.id, quantity);

  const trace = await traceOf('lot=v40la90512');
  expect(trace.by).toBe('lot');
  expect(trace.lots).toEqual([expect.objectContaining({ stock_id: recalled.id, lotNumber: 'V40LA90512', units_received: 2, units_left: 0 })]);
  // PT-2 took 1 unit of the recalled lot and 0.5 of the next; PT-3 none of it.
  expect(trace.visits.map((v) => [v.patient_chart_number, v.quantity, v.serial_number]).sort()).toEqual([['PT-1', 1, ''], ['PT-2', 1, '']]);
  expect(trace.patients.map((p) => [p.patient_chart_number, p.contacted]).sort()).toEqual([['PT-1', null], ['PT-2', null]]);

  const csv = await t.request({ method: 'GET', url: '/api/recall/export?lot=V40LA90512', token: member() });
  expect(csv.headers['content-type']).toContain('text/csv');
  expect(csv.headers['content-disposition']).toContain('recall-V40LA90512.csv');
  const lines = csv.body.trim().split(/\r?\n/);
  expect(lines[0]).toBe('Patient chart number,Visit date,Product,Lot,Serial,Units,Contacted by,Contacted at');
  expect(lines.slice(1).map((l) => l.split(',')[0]).sort()).toEqual(['PT-1', 'PT-2']);

  // Another organization knows nothing of these visits; a blank lot is refused.
  expect(await traceOf('lot=V40LA90512', t.tokenFor(world.foreign.users.company_member))).toEqual({ by: 'lot', value: 'V40LA90512', lots: [], visits: [], patients: [] });
  const blank = await t.request({ method: 'GET', url: '/api/recall?lot=%20', token: member() });
  expect(blank.json().errors).toEqual([{ field: 'querystring.lot', message: 'Lot number is required' }]);
});

describe('by serial number and by UDI-DI', () => {
  const di = gtin('400638133393'); // a GTIN-13, printed as the product's barcode
  const di14 = `0${di}`;
  const otherDi = gtin('501234567890');
  let implantLot: { id: string };

  beforeAll(async () => {
    const companyId = own();
    const treatment = await treatmentAt(companyId);
    const fixture = await createProduct(t.db, { companyId: null, name: `Implant Fixture ${randomUUID().slice(0, 8)}`, barcode: di });
    // The same device model kept under a product without the barcode: only its implant records say so.
    const unlabelled = await createProduct(t.db, { companyId, name: `Fixture (no barcode) ${randomUUID().slice(0, 8)}` });
    const other = await createProduct(t.db, { companyId: null, name: `Other Fixture ${randomUUID().slice(0, 8)}`, barcode: otherDi });
    implantLot = await createStock(t.db, { companyId, productId: fixture.id, lotNumber: 'FX-100' });
    await createStock(t.db, { companyId, productId: unlabelled.id, lotNumber: 'NB-1' });
    await createStock(t.db, { companyId, productId: other.id, lotNumber: 'OT-1' });

    const s1 = await visit(member(), treatment.id, 'SN-PT-1', fixture.id);
    await implant(companyId, await patientIdOf(companyId, 'SN-PT-1'), s1, { di: di14, serial: 'SN-001', lot: 'FX-100', stockId: implantLot.id });
    // Used the product with this barcode: no implant record, found through the lot.
    await visit(member(), treatment.id, 'SN-PT-2', fixture.id);
    const s3 = await visit(member(), treatment.id, 'SN-PT-3', unlabelled.id);
    await implant(companyId, await patientIdOf(companyId, 'SN-PT-3'), s3, { di: di14, serial: 'sn-003', lot: 'NB-1' });
    // Another device: a serial that only starts the same, another UDI-DI.
    const s4 = await visit(member(), treatment.id, 'SN-PT-4', other.id);
    await implant(companyId, await patientIdOf(companyId, 'SN-PT-4'), s4, { di: `0${otherDi}`, serial: 'SN-0010', lot: 'OT-1' });

    // Another organization has a device with the same serial number and UDI-DI.
    const foreignId = world.foreign.org.locations[0]!.id;
    const foreignToken = t.tokenFor(world.foreign.users.company_member);
    const foreignProduct = await createProduct(t.db, { companyId: foreignId, name: `Foreign Fixture ${randomUUID().slice(0, 8)}` });
    await createStock(t.db, { companyId: foreignId, productId: foreignProduct.id, lotNumber: 'FX-100' });
    const f1 = await visit(foreignToken, (await treatmentAt(foreignId)).id, 'SN-FOREIGN', foreignProduct.id);
    await implant(foreignId, await patientIdOf(foreignId, 'SN-FOREIGN'), f1, { di: di14, serial: 'SN-001', lot: 'FX-100' });
  });

  it('a serial number finds the patient with that device (case-insensitive), and nobody else', async () => {
    const trace = await traceOf('serial=sn-001');
    expect(trace).toMatchObject({ by: 'serial', value: 'sn-001' });
    expect(trace.visits).toEqual([expect.objectContaining({ patient_chart_number: 'SN-PT-1', serial_number: 'SN-001', lotNumber: 'FX-100', quantity: 1 })]);
    expect(trace.lots.map((l) => l.stock_id)).toEqual([implantLot.id]);
    expect(charts(trace)).toEqual(['SN-PT-1']);
    expect(charts(await traceOf('serial=SN-003'))).toEqual(['SN-PT-3']);
    expect(charts(await traceOf('serial=SN-0099'))).toEqual([]);
    // The other organization sees its own device only.
    expect(charts(await traceOf('serial=SN-001', t.tokenFor(world.foreign.users.company_member)))).toEqual(['SN-FOREIGN']);
  });

  it('a lot number finds the devices whose label names it, even when the unit was booked from another lot', async () => {
    const companyId = own();
    const treatment = await treatmentAt(companyId);
    const product = await createProduct(t.db, { companyId, name: `Label Lot Fixture ${randomUUID().slice(0, 8)}` });
    const shelf = await createStock(t.db, { companyId, productId: product.id, lotNumber: 'SHELF-9' });
    // The label's lot was never received here: the unit came off the shelf's lot.
    const v = await visit(member(), treatment.id, 'LOT-PT-1', product.id);
    await implant(companyId, await patientIdOf(companyId, 'LOT-PT-1'), v, { di: `0${gtin('770000000001')}`, serial: 'SN-LBL-1', lot: 'LBL-77', stockId: shelf.id });
    const byLabel = await traceOf('lot=lbl-77');
    expect(charts(byLabel)).toEqual(['LOT-PT-1']);
    expect(byLabel.visits).toEqual([expect.objectContaining({ patient_chart_number: 'LOT-PT-1', serial_number: 'SN-LBL-1', quantity: 1 })]);
    // The shelf's lot still finds the same visit once, through the ledger.
    expect(charts(await traceOf('lot=SHELF-9'))).toEqual(['LOT-PT-1']);
    expect((await traceOf('lot=SHELF-9')).visits).toHaveLength(1);
    expect(charts(await traceOf('lot=LBL-77', t.tokenFor(world.foreign.users.company_member)))).toEqual([]);
  });

  it('a UDI-DI finds the devices implanted with it and every use of the product with that GTIN, in any of its forms', async () => {
    for (const query of [`udi_di=${di14}`, `udi_di=${di}`, `udi_di=%20${di}%20`]) {
      const trace = await traceOf(query);
      expect(trace).toMatchObject({ by: 'udi_di', value: di14 });
      expect(charts(trace)).toEqual(['SN-PT-1', 'SN-PT-2', 'SN-PT-3']);
      // SN-PT-1's line is found twice (its lot, its implant record) and listed once, with its serial.
      expect(trace.visits.map((v) => [v.patient_chart_number, v.serial_number]).sort()).toEqual([['SN-PT-1', 'SN-001'], ['SN-PT-2', ''], ['SN-PT-3', 'sn-003']]);
      expect(trace.lots.map((l) => l.stock_id)).toEqual([implantLot.id]);
    }
    expect(charts(await traceOf(`udi_di=${otherDi}`))).toEqual(['SN-PT-4']);
    expect(charts(await traceOf(`udi_di=${di}`, t.tokenFor(world.foreign.users.company_member)))).toEqual(['SN-FOREIGN']);

    const csv = await t.request({ method: 'GET', url: `/api/recall/export?udi_di=${di}`, token: member() });
    expect(csv.headers['content-disposition']).toContain(`recall-udi-di-${di14}.csv`);
    expect(csv.body).toContain(',FX-100,SN-001,1,,');
  });

  it('refuses a query without exactly one of lot, serial and udi_di, or a UDI-DI that is no GTIN', async () => {
    const errors = async (query: string) => {
      const res = await t.request({ method: 'GET', url: `/api/recall?${query}`, token: member() });
      expect(res.statusCode).toBe(400);
      return res.json<{ errors: { field: string; message: string }[] }>().errors;
    };
    expect(await errors('')).toEqual(['lot', 'serial', 'udi_di'].map((f) => ({ field: `querystring.${f}`, message: RECALL_MESSAGES.oneKind })));
    expect(await errors('lot=FX-100&serial=SN-001')).toEqual(['lot', 'serial'].map((f) => ({ field: `querystring.${f}`, message: RECALL_MESSAGES.oneKind })));
    expect(await errors(`udi_di=${di.slice(0, -1)}${String((Number(di.at(-1)) + 1) % 10)}`)).toEqual([{ field: 'querystring.udi_di', message: RECALL_MESSAGES.udiDiCheckDigit }]);
    expect(await errors('udi_di=12345')).toEqual([{ field: 'querystring.udi_di', message: RECALL_MESSAGES.udiDiFormat }]);
    expect(await errors('serial=%20')).toEqual([{ field: 'querystring.serial', message: 'Serial number is required' }]);
    const csv = await t.request({ method: 'GET', url: '/api/recall/export', token: member() });
    expect(csv.statusCode).toBe(400);
  });

  it('marks a patient contacted with who and when, shows it in the trace and the CSV, and takes it back', async () => {
    const companyId = own();
    const patientId = await patientIdOf(companyId, 'SN-PT-1');
    const url = `/api/recall/contacts/${patientId}?serial=SN-001`;
    const audits = async (action: string) => Number((await queryRows<{ n: string }>(t.db, sql`select count(*) as n from audit_log where entity = 'recall_contact' and entity_id = ${patientId} and action = ${action}`))[0]!.n);

    const marked = await t.request({ method: 'PUT', url, token: assistant() });
    expect(marked.statusCode).toBe(200);
    const contacted = marked.json<{ patient_id: string; contacted: { by: string; at: string } }>();
    expect(contacted).toEqual({ patient_id: patientId, contacted: { by: 'Own assistant', at: expect.any(String) } });
    expect(Math.abs(Date.parse(contacted.contacted.at) - Date.now())).toBeLessThan(60_000);
    expect(await audits('create')).toBe(1);

    // Marking again (the recall in other case) keeps the first who and when, and writes nothing.
    const again = await t.request({ method: 'PUT', url: `/api/recall/contacts/${patientId}?serial=sn-001`, token: member() });
    expect(again.json()).toEqual(contacted);
    expect(await audits('create')).toBe(1);

    const trace = await traceOf('serial=SN-001');
    expect(trace.patients).toEqual([{ patient_id: patientId, patient_chart_number: 'SN-PT-1', last_visit_at: expect.any(String), contacted: contacted.contacted }]);
    // Another recall of the same patient has its own mark.
    const byDevice = await traceOf(`udi_di=${di}`);
    expect(byDevice.patients.find((p) => p.patient_id === patientId)?.contacted).toBeNull();
    const csv = (await t.request({ method: 'GET', url: '/api/recall/export?serial=SN-001', token: member() })).body.trim().split(/\r?\n/);
    expect(csv[1]!.split(',').slice(-2)).toEqual(['Own assistant', contacted.contacted.at]);

    const unmarked = await t.request({ method: 'DELETE', url, token: member() });
    expect(unmarked.statusCode).toBe(204);
    expect((await traceOf('serial=SN-001')).patients[0]!.contacted).toBeNull();
    expect(await audits('delete')).toBe(1);
    // Unmarking again changes nothing.
    expect((await t.request({ method: 'DELETE', url, token: member() })).statusCode).toBe(204);
    expect(await audits('delete')).toBe(1);
  });

  it('refuses a patient who did not receive the recalled device, and a patient of another organization', async () => {
    const companyId = own();
    const unaffected = await patientIdOf(companyId, 'SN-PT-4');
    const res = await t.request({ method: 'PUT', url: `/api/recall/contacts/${unaffected}?serial=SN-001`, token: member() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'patient_id', message: RECALL_MESSAGES.patientNotAffected }]);

    const foreignPatient = await patientIdOf(world.foreign.org.locations[0]!.id, 'SN-FOREIGN');
    for (const method of ['PUT', 'DELETE'] as const) {
      expect((await t.request({ method, url: `/api/recall/contacts/${foreignPatient}?serial=SN-001`, token: member() })).statusCode).toBe(404);
    }
    expect((await t.request({ method: 'PUT', url: `/api/recall/contacts/${unaffected}`, token: member() })).statusCode).toBe(400);
    const marks = await queryRows<{ n: string }>(t.db, sql`select count(*) as n from recall_contacts where patient_id in (${unaffected}, ${foreignPatient})`);
    expect(Number(marks[0]!.n)).toBe(0);
    // The foreign organization's own trace of its patient shows no mark either.
    expect((await traceOf('serial=SN-001', t.tokenFor(world.foreign.users.company_member))).patients[0]!.contacted).toBeNull();
  });
});
