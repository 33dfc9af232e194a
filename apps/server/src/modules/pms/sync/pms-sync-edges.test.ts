import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PMS_MESSAGES, openDentalPatient, type WaitingVisit } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../../test/setup/test-app';
import { queryRows } from '../../../../test/setup/sql';
import { createProduct, createStock } from '../../../../test/factories/index';
import { PATIENT_EXAMPLE, startOpenDentalStandIn, type OpenDentalStandIn } from '../../../../test/fixtures/open-dental-stand-in';
import { createWorld, type World } from '../../../../test/world';
import { insertCompany } from '../../companies/companies.repo';
import { REFUSED_KEYS } from '../open-dental/open-dental-connector';
import { OUTBOUND_MESSAGES } from '../../outbound/outbound-fetch';

// Issue 50, "Trust at the edges", items 6 to 8: the sync against a stand-in whose answers are Open
// Dental's own examples (test/fixtures/open-dental-stand-in.ts, docs/open-dental.md), where its
// pages say something our first stand-in did not: a patient's ChartNumber is often "", DateTStamp
// may mean "created on or after", a list's order is not documented. The app's clock moves (the
// re-read is daily) and the connector keeps a pace of 20 ms (OPEN_DENTAL_MIN_INTERVAL_MS).
let t: TestApp;
let world: World;
let od: OpenDentalStandIn;
let clock = new Date('2025-03-03T18:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, pms: { secretKey: randomBytes(32).toString('base64'), openDental: { minIntervalMs: 20 } } });
  world = await createWorld(t.db);
});
afterAll(async () => t.close());
beforeEach(async () => {
  clock = new Date('2025-03-03T18:00:00Z');
  od = await startOpenDentalStandIn();
});
afterEach(async () => od.close());

const tag = () => randomUUID().slice(0, 8);

interface Place {
  id: string;
  token: string;
}

const settings = (extra: object = {}) => ({ base_url: od.url, clinic_num: null, enabled: true, take_stock_on_complete: true, developer_key: od.developerKey, customer_key: od.customerKey, ...extra });
const save = (place: Place, extra: object) => t.request({ method: 'PUT', url: '/api/pms/connection', token: place.token, payload: settings(extra) });

/** A location connected to this test's Open Dental, taking stock when a procedure is completed unless told otherwise. */
async function connected(extra: object = {}): Promise<Place> {
  const id = (await insertCompany(t.db, { organizationId: world.own.org.id, name: `Edges ${tag()}`, city: 'Austin', state: 'TX' })).id;
  const place = { id, token: t.tokenFor(world.own.users.organization_admin, id) };
  const res = await save(place, extra);
  expect(res.statusCode, res.body).toBe(200);
  return place;
}

/** A filling (D2391) and a crown (D2740) mapped at the location: 2 capsules a filling, 3 a crown, from a lot of 20 each. */
async function trays(place: Place) {
  const made: Record<string, { id: string; lot: string }> = {};
  for (const [code, capsules] of [
    ['D2391', 2],
    ['D2740', 3],
  ] as const) {
    const product = await createProduct(t.db, { companyId: null, name: `Capsule ${code} ${tag()}` });
    const lot = await createStock(t.db, { companyId: place.id, productId: product.id, containers: 1, unitsPerContainer: 20 });
    const created = await t.request({ method: 'POST', url: '/api/treatment', token: place.token, payload: { treatment_code: code, name: `Treatment ${code}`, treatmentProducts: [{ product_id: product.id, quantity: capsules }] } });
    expect(created.statusCode, created.body).toBe(201);
    expect((await t.request({ method: 'PUT', url: '/api/pms/codes', token: place.token, payload: { code, treatment_id: created.json().id } })).statusCode).toBe(200);
    made[code] = { id: created.json().id as string, lot: lot.id };
  }
  return { filling: made.D2391!, crown: made.D2740! };
}

async function sync(place: Place, failing = false) {
  const run = (await t.pmsSync.runFor(place.id))!;
  if (!failing) expect(run.error, String(run.cause)).toBeNull();
  return run;
}
const waiting = async (place: Place) => (await t.request({ method: 'GET', url: '/api/pms/waiting', token: place.token })).json().visits as WaitingVisit[];
const connection = async (place: Place) => (await t.request({ method: 'GET', url: '/api/pms/connection', token: place.token })).json();
const procedures = (place: Place) =>
  queryRows<{ external_id: string; chart_number: string; code: string; fee: number; status: string; problem: string | null; treatment_log_id: string | null }>(
    t.db,
    sql`select external_id, chart_number, code, fee::float as fee, status::text as status, problem, treatment_log_id from pms_procedures where company_id = ${place.id} order by external_id::int`,
  );
const one = async (place: Place, procNum: number) => (await procedures(place)).find((p) => p.external_id === String(procNum))!;
const unitsLeft = async (stockId: string) => (await queryRows<{ n: number }>(t.db, sql`select units_left::float as n from stocks where id = ${stockId}`))[0]!.n;
const visitCharts = async (place: Place) => (await queryRows<{ chart: string }>(t.db, sql`select p.chart_number as chart from treatment_logs l join patients p on p.id = l.patient_id where l.company_id = ${place.id} order by p.chart_number`)).map((r) => r.chart);
const pick = (place: Place, procedureId: string, payload: object) => t.request({ method: 'PUT', url: `/api/pms/procedures/${procedureId}/patient`, token: place.token, payload });
const confirm = (place: Place, ids: string[]) => t.request({ method: 'POST', url: '/api/pms/waiting/confirm', token: place.token, payload: { procedure_ids: ids, idempotency_key: randomUUID() } });

describe('item 6: a patient is never guessed', () => {
  it("a procedure of Open Dental's own example patient (\"ChartNumber\": \"\") waits with its problem, never recorded by itself, until someone picks the patient", async () => {
    const place = await connected();
    const { filling } = await trays(place);
    // The Patients page's example patient, as patient 9002.
    od.addPatient({ PatNum: 9002 });
    expect(PATIENT_EXAMPLE.ChartNumber).toBe('');
    const first = od.addProcedure({ PatNum: 9002 });
    const second = od.addProcedure({ PatNum: 9002, procCode: 'D2740' });
    await sync(place);

    expect(await one(place, first.ProcNum)).toMatchObject({ chart_number: '', status: 'waiting', problem: 'No chart number in Open Dental for patient 9002', treatment_log_id: null });
    const [visit] = await waiting(place);
    expect(visit).toMatchObject({ chart_number: '', pms_patient: '9002', ready: false });
    expect(visit!.procedures.map((p) => p.problem)).toEqual([PMS_MESSAGES.chartMissingInPms('9002'), PMS_MESSAGES.chartMissingInPms('9002')]);
    expect(await visitCharts(place)).toEqual([]);
    expect(await unitsLeft(filling.lot)).toBe(20);
    // A tap cannot record it either.
    const refused = await confirm(place, visit!.procedures.map((p) => p.id));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(PMS_MESSAGES.chartMissingInPms('9002'));

    // Picked at the chair: bad input says which field and why; a known patient is not picked again.
    const bad = await pick(place, visit!.procedures[0]!.id, { chart_number: '  ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'chart_number' })]);
    expect((await pick(place, visit!.procedures[0]!.id, { chart_number: 'BS-4471' })).statusCode).toBe(204);
    expect((await pick(place, visit!.procedures[1]!.id, { chart_number: 'BS-9999' })).statusCode).toBe(409);
    const [ready] = await waiting(place);
    expect(ready).toMatchObject({ chart_number: 'BS-4471', pms_patient: null, ready: true });
    expect(ready!.procedures).toHaveLength(2);
    const audit = await queryRows<{ changes: { patient_ref: string; chart_number: string } }>(t.db, sql`select changes from audit_log where entity = 'pms_procedure' and action = 'pick_patient' and company_id = ${place.id}`);
    expect(audit.map((a) => [a.changes.patient_ref, a.changes.chart_number])).toEqual([['9002', 'BS-4471']]);

    // Still not recorded by itself, at the next run; a tap records it.
    await sync(place);
    expect(await visitCharts(place)).toEqual([]);
    expect((await confirm(place, ready!.procedures.map((p) => p.id))).statusCode).toBe(201);
    expect(await visitCharts(place)).toEqual(['BS-4471']);
    expect(await unitsLeft(filling.lot)).toBe(18);

    // The pick was for those procedures: the patient's next one asks Open Dental again, and waits again.
    const later = od.addProcedure({ PatNum: 9002 });
    await sync(place);
    expect(await one(place, later.ProcNum)).toMatchObject({ chart_number: '', status: 'waiting', problem: PMS_MESSAGES.chartMissingInPms('9002') });
    expect(second.ProcNum).toBeGreaterThan(first.ProcNum);
  });

  it("the clinic may choose Open Dental's patient number instead: shown as such, never mixed with the location's chart numbers", async () => {
    const place = await connected({ take_stock_on_complete: false });
    const { crown } = await trays(place);
    od.addPatient({ PatNum: 9002 });
    const waited = od.addProcedure({ PatNum: 9002 });
    await sync(place);
    expect(await one(place, waited.ProcNum)).toMatchObject({ chart_number: '', problem: PMS_MESSAGES.chartMissingInPms('9002') });

    // Bad input answers 400 with the field and the reason.
    const bad = await save(place, { recheck_days: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'recheck_days', message: PMS_MESSAGES.recheckDays }]);

    // Chosen: what waited for its patient is filed under the patient number, and so is what comes next.
    const chosen = await save(place, { use_patient_number: true, take_stock_on_complete: true, developer_key: undefined, customer_key: undefined });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ use_patient_number: true, recheck_days: 7 });
    expect(await one(place, waited.ProcNum)).toMatchObject({ chart_number: openDentalPatient('9002'), problem: null, status: 'waiting' });
    // Chart number 9002 here is another patient: the Open Dental patient 9002 is never filed under it.
    const csvPatient = await t.request({ method: 'POST', url: '/api/treatment_log', token: place.token, payload: { patient_chart_number: '9002', treatments: [crown.id], products: [], idempotency_key: randomUUID() } });
    expect(csvPatient.statusCode, csvPatient.body).toBe(201);
    const next = od.addProcedure({ PatNum: 9002 });
    await sync(place);
    expect(await one(place, next.ProcNum)).toMatchObject({ chart_number: 'Open Dental patient 9002', status: 'recorded' });
    expect(await visitCharts(place)).toEqual(['9002', 'Open Dental patient 9002']);
  });
});

describe('item 7: a deletion or change after recording is caught whatever the feed returns', () => {
  it('reads again by their ids, each night, what was recorded in the last days: a deletion the feed never returns (DateTStamp as "created on or after") gives the stock back', async () => {
    od.dateTStampMeans = 'created';
    const place = await connected();
    const { filling, crown } = await trays(place);
    const patient = od.addPatient({ ChartNumber: 'BS-2210' }).PatNum;
    const deleted = od.addProcedure({ PatNum: patient });
    const recoded = od.addProcedure({ PatNum: od.addPatient({ ChartNumber: 'BS-2211' }).PatNum });
    // Created ten minutes before the run: past the minute each pass reads again.
    od.advance(600);
    await sync(place);
    expect(await unitsLeft(filling.lot)).toBe(20 - 4);

    // Deleted and recoded in Open Dental: under the "created" reading the feed never brings them back.
    od.deleteProcedure(deleted.ProcNum);
    od.editProcedure(recoded.ProcNum, { procCode: 'D2740' });
    clock = new Date('2025-03-03T20:00:00Z');
    await sync(place);
    expect(await one(place, deleted.ProcNum)).toMatchObject({ status: 'recorded' });
    expect(await unitsLeft(filling.lot)).toBe(20 - 4);

    // That night each is read again by its id: the deletion reverses its visit, the new code swaps the tray.
    od.requests.length = 0;
    clock = new Date('2025-03-04T01:00:00Z');
    const night = await sync(place);
    expect(night.rechecked).toBe(2);
    expect(od.requests.filter((r) => /^\/procedurelogs\/\d+$/.test(r.path)).map((r) => r.path).sort()).toEqual([`/procedurelogs/${String(deleted.ProcNum)}`, `/procedurelogs/${String(recoded.ProcNum)}`].sort());
    expect(await one(place, deleted.ProcNum)).toMatchObject({ status: 'reversed' });
    expect(await one(place, recoded.ProcNum)).toMatchObject({ status: 'recorded', code: 'D2740' });
    expect([await unitsLeft(filling.lot), await unitsLeft(crown.lot)]).toEqual([20, 20 - 3]);

    // Once a night: the next runs read nothing again; and only what was recorded in the last N days.
    od.requests.length = 0;
    clock = new Date('2025-03-04T01:05:00Z');
    expect((await sync(place)).rechecked).toBe(0);
    expect((await save(place, { recheck_days: 1, developer_key: undefined, customer_key: undefined })).statusCode).toBe(200);
    clock = new Date('2025-03-05T19:00:00Z');
    expect((await sync(place)).rechecked).toBe(0);
    expect(od.requests.filter((r) => /^\/procedurelogs\/\d+$/.test(r.path))).toEqual([]);
  });

  it('a row updated while the sync pages through a window is neither skipped nor taken twice', async () => {
    // Open Dental does not document a list's order; here it is by last change, so an update moves a row to the end.
    od.order = 'DateTStamp';
    const place = await connected();
    const { filling } = await trays(place);
    const everyone = od.addPatient({ ChartNumber: 'BS-3000' }).PatNum;
    const rows = Array.from({ length: 150 }, () => od.addProcedure({ PatNum: everyone, procCode: 'D0120' }));
    od.editProcedure(rows[10]!.ProcNum, { PatNum: od.addPatient({ ChartNumber: 'BS-3010' }).PatNum, procCode: 'D2391' });
    od.editProcedure(rows[100]!.ProcNum, { PatNum: od.addPatient({ ChartNumber: 'BS-3100' }).PatNum, procCode: 'D2391' });
    // Now rows[10] and rows[100] are last; the first page holds rows[0..101] but those two. While the
    // second page is asked for, a row of the first page changes (its fee) and moves to the end.
    const shifted = rows[102]!;
    let edited = false;
    od.onRequest = (request) => {
      if (!edited && request.path === '/procedurelogs' && request.query.get('Offset') !== null) {
        edited = true;
        od.editProcedure(rows[5]!.ProcNum, { ProcFee: '99.00' });
      }
    };
    await sync(place);
    const stored = await procedures(place);
    expect(stored).toHaveLength(150);
    expect(stored.find((p) => p.external_id === String(shifted.ProcNum))).toBeDefined();
    expect(stored.find((p) => p.external_id === String(rows[5]!.ProcNum))).toMatchObject({ fee: 99 });
    // The two fillings recorded once each: two visits, two trays.
    expect(await visitCharts(place)).toEqual(['BS-3010', 'BS-3100']);
    expect(await unitsLeft(filling.lot)).toBe(20 - 4);
    await sync(place);
    expect(await unitsLeft(filling.lot)).toBe(20 - 4);
  });
});

describe('item 8: last_error says what happened', () => {
  it('keys refused, the server failing, unreachable, an answer that is not Open Dental\'s, rate-limited and for how long; never the answer\'s own words', async () => {
    const place = await connected({ take_stock_on_complete: false });
    od.addProcedure({ PatNum: od.addPatient({ ChartNumber: 'BS-1' }).PatNum });
    const lastError = async () => (await connection(place)).last_error as string;

    od.failNext(1, 401, 'Invalid developer or customer key.');
    await sync(place, true);
    expect(await lastError()).toBe(REFUSED_KEYS);

    od.failNext(2, 503, 'Service Unavailable: PATIENT Smith, Jane');
    await sync(place, true);
    expect(await lastError()).toBe(PMS_MESSAGES.serverFailed(503));

    od.answerNext(1, { status: 200, contentType: 'text/html', body: '<html><body><h1>Sign in to Wi-Fi</h1></body></html>' });
    await sync(place, true);
    expect(await lastError()).toBe(PMS_MESSAGES.notOpenDental('a web page'));

    od.answerNext(1, { status: 200, body: JSON.stringify({ Message: 'Smith, Jane' }) });
    await sync(place, true);
    expect(await lastError()).toBe(PMS_MESSAGES.notOpenDental('data of another form (not a list where one was expected)'));

    // A pause asked for longer than a run waits: said with its length, and no request before it ends.
    od.failNext(1, 429, 'Slow down.', { 'Retry-After': '120' });
    await sync(place, true);
    expect(await lastError()).toBe(PMS_MESSAGES.rateLimited(120));
    const asked = od.requests.length;
    await sync(place, true);
    expect(await lastError()).toMatch(/^Open Dental is turning requests away \(too many requests, 429\) and asks for a pause of 1(19|20) s/);
    expect(od.requests).toHaveLength(asked);
    expect(await lastError()).not.toMatch(/Smith|Slow down/);

    // Another practice's keys (another connector) at an address nobody answers.
    const gone = await connected({ take_stock_on_complete: false, customer_key: `other-${tag()}` });
    await od.close();
    await sync(gone, true);
    expect((await connection(gone)).last_error).toBe(PMS_MESSAGES.unreachable(OUTBOUND_MESSAGES.noConnection));
    od = await startOpenDentalStandIn();
  });

  it('"Sync now" reads the upcoming appointments at the configured pace: four appointments in one run', async () => {
    const place = await connected({ take_stock_on_complete: false });
    const patient = od.addPatient({ ChartNumber: 'BS-5' }).PatNum;
    for (const time of ['09:00', '10:00', '11:00', '12:00']) {
      const appointment = od.addAppointment({ PatNum: patient, AptDateTime: `2025-03-04 ${time}:00` });
      od.addProcedure({ PatNum: patient, AptNum: appointment.AptNum, ProcStatus: 'TP', procCode: 'D2740', ProcDate: '2025-03-04' });
    }
    const now = await t.request({ method: 'POST', url: '/api/pms/connection/sync', token: place.token });
    expect(now.statusCode, now.body).toBe(200);
    const read = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from pms_appointments where company_id = ${place.id} and changed_at is not null`);
    expect(read[0]!.n).toBe(4);
  });
});
