import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PMS_MESSAGES, type UpcomingTrays, type WaitingVisit } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../../test/setup/test-app';
import { queryRows } from '../../../../test/setup/sql';
import { createProduct, createStock, createUser } from '../../../../test/factories/index';
import { startOpenDentalStandIn, type OpenDentalStandIn } from '../../../../test/fixtures/open-dental-stand-in';
import { createWorld, type World } from '../../../../test/world';
import { QUEUES } from '../../../jobs/queues';
import { insertCompany } from '../../companies/companies.repo';
import { REFUSED_KEYS } from '../open-dental/open-dental-connector';

// Issue 36: the Open Dental sync, the real connector against the stand-in on 127.0.0.1. Each test
// has a location and an Open Dental of its own. The app's clock is the stand-in's day (procedures
// of 2025-03-03), so a first run's 30 days back reach them.
let t: TestApp;
let world: World;
let od: OpenDentalStandIn;
const NOW = new Date('2025-03-03T18:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW, pms: { secretKey: randomBytes(32).toString('base64') } });
  world = await createWorld(t.db);
});
afterAll(async () => t.close());
beforeEach(async () => {
  od = await startOpenDentalStandIn();
});
afterEach(async () => od.close());

const tag = () => randomUUID().slice(0, 8);
const adminAt = (companyId: string) => t.tokenFor(world.own.users.organization_admin, companyId);

interface Place {
  id: string;
  token: string;
}

/** A location connected to this test's Open Dental. */
async function connected(settings: { take_stock_on_complete?: boolean; clinic_num?: number | null; customer_key?: string } = {}): Promise<Place> {
  const id = (await insertCompany(t.db, { organizationId: world.own.org.id, name: `Sync ${tag()}`, city: 'Austin', state: 'TX' })).id;
  const token = adminAt(id);
  const res = await t.request({
    method: 'PUT',
    url: '/api/pms/connection',
    token,
    payload: { base_url: od.url, clinic_num: null, enabled: true, take_stock_on_complete: false, developer_key: od.developerKey, customer_key: od.customerKey, ...settings },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id, token };
}

/** A treatment with a tray (2 capsules, 1 bond) mapped from a procedure code; units: 20 capsules, 10 bonds. */
async function treatment(place: Place, code: string, tray: { capsules?: number; bond?: number; units?: number } = {}) {
  const capsules = await createProduct(t.db, { companyId: null, name: `Capsule ${code} ${tag()}` });
  const bond = await createProduct(t.db, { companyId: null, name: `Bond ${code} ${tag()}` });
  const capsuleLot = await createStock(t.db, { companyId: place.id, productId: capsules.id, containers: 1, unitsPerContainer: tray.units ?? 20 });
  const bondLot = await createStock(t.db, { companyId: place.id, productId: bond.id, containers: 1, unitsPerContainer: 10 });
  const created = await t.request({
    method: 'POST',
    url: '/api/treatment',
    token: place.token,
    payload: { treatment_code: code, name: `Treatment ${code}`, treatmentProducts: [{ product_id: capsules.id, quantity: tray.capsules ?? 2 }, { product_id: bond.id, quantity: tray.bond ?? 1 }] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const mapped = await t.request({ method: 'PUT', url: '/api/pms/codes', token: place.token, payload: { code, treatment_id: created.json().id } });
  expect(mapped.statusCode, mapped.body).toBe(200);
  return { id: created.json().id as string, capsuleLot, bondLot };
}

/** The connection saved again (the sync on), with these changes. */
const save = (place: Place, settings: object) =>
  t.request({ method: 'PUT', url: '/api/pms/connection', token: place.token, payload: { base_url: od.url, clinic_num: null, enabled: true, take_stock_on_complete: false, ...settings } });
const practiceKey = async (place: Place) => (await queryRows<{ practice_key: string | null }>(t.db, sql`select practice_key from pms_connections where company_id = ${place.id}`))[0]!.practice_key;
/** The sources of the location's upcoming appointments and of their planned procedures, each once, sorted. */
const appointmentSources = async (place: Place) =>
  (
    await queryRows<{ source: string }>(
      t.db,
      sql`select source::text as source from pms_appointments where company_id = ${place.id} union select source::text from pms_appointment_procedures where company_id = ${place.id} order by source`,
    )
  ).map((r) => r.source);

const syncNow = (place: Place) => t.request({ method: 'POST', url: '/api/pms/connection/sync', token: place.token });
/** The location's sync runs waiting in the job engine. */
const queuedFor = async (place: Place) =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from pgboss.job where name = 'pms-sync-location' and state = 'created' and data->>'companyId' = ${place.id}`))[0]!.n;

/** One run at the location; it must succeed unless a failure is what the test is about. */
async function sync(place: Place, failing = false) {
  const run = (await t.pmsSync.runFor(place.id))!;
  if (!failing) expect(run.error, String(run.cause)).toBeNull();
  return run;
}
const connection = async (place: Place) => (await t.request({ method: 'GET', url: '/api/pms/connection', token: place.token })).json();
const waiting = async (place: Place) => (await t.request({ method: 'GET', url: '/api/pms/waiting', token: place.token })).json().visits as WaitingVisit[];

interface Row {
  external_id: string;
  chart_number: string;
  code: string;
  fee: number;
  status: string;
  deleted_in_pms: boolean;
  treatment_log_id: string | null;
}
const procedures = (place: Place) =>
  queryRows<Row>(t.db, sql`select external_id, chart_number, code, fee::float as fee, status::text as status, deleted_in_pms, treatment_log_id from pms_procedures where company_id = ${place.id} order by external_id::int, code`);
const one = async (place: Place, procNum: number) => (await procedures(place)).find((p) => p.external_id === String(procNum))!;
const unitsLeft = async (stockId: string) => (await queryRows<{ n: number }>(t.db, sql`select units_left::float as n from stocks where id = ${stockId}`))[0]!.n;
const visitLines = (logId: string) =>
  queryRows<{ treatment_id: string; quantity: number }>(t.db, sql`select treatment_id, quantity::float as quantity from treatment_log_products where treatment_log_id = ${logId} order by treatment_id, quantity`);
const visitCount = async (place: Place) => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from treatment_logs where company_id = ${place.id}`))[0]!.n;
const procedureRequests = () => od.requests.filter((r) => r.path === '/procedurelogs');
/** A patient with a chart number in Open Dental (a procedure of a patient without one waits for a person: pms-sync-edges.test.ts). */
const chartedPatient = (chart: string) => od.addPatient({ ChartNumber: chart }).PatNum;

describe('the Open Dental sync', () => {
  it('reads more than 100 procedures page by page, each once, with the chart number Open Dental has for the patient (none: it waits for one)', async () => {
    const place = await connected();
    const charted = od.addPatient({ ChartNumber: 'A-1042' });
    const uncharted = od.addPatient({ ChartNumber: '' });
    for (let i = 0; i < 130; i += 1) od.addProcedure({ PatNum: i % 2 ? charted.PatNum : uncharted.PatNum, ProcFee: '50.00', UnitQty: i === 0 ? 3 : 1 });
    const run = await sync(place);
    expect(run).toMatchObject({ pages: 2, read: 130, error: null });
    expect(procedureRequests().map((r) => [r.query.get('Offset'), r.query.get('DateTStamp')])).toEqual([
      [null, '2025-02-01 00:00:00'],
      ['99', '2025-02-01 00:00:00'],
    ]);
    // Each patient asked for once in the run.
    expect(od.requests.filter((r) => r.path.startsWith('/patients/')).map((r) => r.path)).toEqual([`/patients/${String(uncharted.PatNum)}`, `/patients/${String(charted.PatNum)}`]);
    const rows = await procedures(place);
    expect(rows).toHaveLength(130);
    // Never the PatNum as if it were a chart number (issue 50): the uncharted patient's procedures wait for a person.
    expect(new Set(rows.map((r) => r.chart_number))).toEqual(new Set(['A-1042', '']));
    expect(rows[0]).toMatchObject({ code: 'D2391', fee: 150, status: 'waiting' });
    const state = await connection(place);
    expect(state).toMatchObject({ last_error: null, last_run_at: NOW.toISOString(), last_success_at: NOW.toISOString() });
    const [saved] = await queryRows<{ cursor: unknown }>(t.db, sql`select cursor from pms_connections where company_id = ${place.id}`);
    expect(saved!.cursor).toEqual({ since: expect.stringMatching(/^2025-03-03 /) as string, offset: 0, passStartedAt: null, anchor: null });
  });

  it('reads an edit made after a run at the next run (the watermark), and a procedure no longer complete leaves the chair', async () => {
    const place = await connected();
    const kept = od.addProcedure({ ProcFee: '100.00' });
    const undone = od.addProcedure();
    od.addProcedure(); // never touched again: not read by the next run
    od.advance(600);
    await sync(place);
    od.editProcedure(kept.ProcNum, { ProcFee: '120.00', procCode: 'D2392' });
    od.editProcedure(undone.ProcNum, { ProcStatus: 'TP' });
    const added = od.addProcedure();
    const second = await sync(place);
    // The second pass asked only for what changed since the first began (less the overlap).
    expect(procedureRequests().at(-1)!.query.get('DateTStamp')).toBe('2025-03-03 09:09:03');
    expect(second.read).toBe(3);
    expect(await one(place, kept.ProcNum)).toMatchObject({ fee: 120, code: 'D2392', status: 'waiting' });
    expect(await one(place, undone.ProcNum)).toMatchObject({ status: 'dismissed', deleted_in_pms: true });
    expect(await one(place, added.ProcNum)).toMatchObject({ status: 'waiting' });
    // Completed again: back at the chair.
    od.editProcedure(undone.ProcNum, { ProcStatus: 'C' });
    await sync(place);
    expect(await one(place, undone.ProcNum)).toMatchObject({ status: 'waiting', deleted_in_pms: false });
    expect((await waiting(place)).flatMap((v) => v.procedures)).toHaveLength(4);
  });

  it('writes each procedure once however often it runs, two runs at once included', async () => {
    const place = await connected();
    for (let i = 0; i < 120; i += 1) od.addProcedure({ PatNum: 500 + i });
    const [a, b] = await Promise.all([sync(place), sync(place)]);
    expect([a.error, b.error]).toEqual([null, null]);
    await sync(place);
    const rows = await procedures(place);
    expect(rows).toHaveLength(120);
    expect(new Set(rows.map((r) => r.external_id)).size).toBe(120);
  });

  it('takes stock at once when asked: one visit per patient and day, once, even with two runs at once', async () => {
    const place = await connected({ take_stock_on_complete: true });
    const filling = await treatment(place, 'D2391');
    const patient = od.addPatient({ ChartNumber: 'PT-7' });
    od.addProcedure({ PatNum: patient.PatNum });
    od.addProcedure({ PatNum: patient.PatNum });
    od.addProcedure({ PatNum: chartedPatient('PT-801') });
    // Done long ago (a first run reads 30 days back): it waits for a person, no stock taken for it.
    const old = od.addProcedure({ PatNum: chartedPatient('PT-802'), ProcDate: '2025-02-10' });
    await Promise.all([sync(place), sync(place)]);
    await sync(place);
    const rows = await procedures(place);
    expect(rows.filter((r) => r.status === 'recorded')).toHaveLength(3);
    expect(await one(place, old.ProcNum)).toMatchObject({ status: 'waiting', treatment_log_id: null });
    expect(await visitCount(place)).toBe(2);
    const pt7 = rows.find((r) => r.chart_number === 'PT-7')!.treatment_log_id!;
    // Two fillings, two trays: 4 capsules and 2 bonds; and one tray for the other patient.
    expect(await visitLines(pt7)).toEqual([
      { treatment_id: filling.id, quantity: 1 * 2 },
      { treatment_id: filling.id, quantity: 2 * 2 },
    ]);
    expect(await unitsLeft(filling.capsuleLot.id)).toBe(20 - 6);
    expect(await unitsLeft(filling.bondLot.id)).toBe(10 - 3);
    const audited = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from audit_log where entity = 'treatment_log' and action = 'create' and company_id = ${place.id} and actor_user_id = ${world.own.users.organization_admin.id}`);
    expect(audited[0]!.n).toBe(2);
  });

  it('a procedure of a code not mapped waits with its problem and never takes stock', async () => {
    const place = await connected({ take_stock_on_complete: true });
    const filling = await treatment(place, 'D2391');
    od.addProcedure({ procCode: 'D9999', PatNum: chartedPatient('PT-901') });
    await sync(place);
    const [visit] = await waiting(place);
    expect(visit!.procedures).toEqual([expect.objectContaining({ code: 'D9999', problem: PMS_MESSAGES.codeUnmapped('D9999') })]);
    expect(await visitCount(place)).toBe(0);
    expect(await unitsLeft(filling.capsuleLot.id)).toBe(20);
  });

  it('a tray short of stock waits at the chair instead of being recorded', async () => {
    const place = await connected({ take_stock_on_complete: true });
    await treatment(place, 'D2391', { capsules: 2, units: 1 });
    const short = od.addProcedure({ PatNum: chartedPatient('PT-902') });
    const run = await sync(place);
    expect(run.error).toBeNull();
    expect(await one(place, short.ProcNum)).toMatchObject({ status: 'waiting' });
    expect(await visitCount(place)).toBe(0);
  });

  it('a procedure deleted in Open Dental after it was recorded: its visit is reversed, the units back on their lots', async () => {
    const place = await connected({ take_stock_on_complete: true });
    const filling = await treatment(place, 'D2391');
    const cleaning = await treatment(place, 'D1110', { capsules: 1, bond: 1 });
    const patient = od.addPatient({ ChartNumber: 'PT-9' });
    const deleted = od.addProcedure({ PatNum: patient.PatNum });
    const kept = od.addProcedure({ PatNum: patient.PatNum, procCode: 'D1110' });
    const alone = od.addProcedure({ PatNum: chartedPatient('PT-903') });
    await sync(place);
    const visit = (await one(place, deleted.ProcNum)).treatment_log_id!;
    expect((await one(place, kept.ProcNum)).treatment_log_id).toBe(visit);
    expect(await unitsLeft(filling.capsuleLot.id)).toBe(20 - 4);

    // Deleted from a visit of two procedures: the filling's tray goes back, the cleaning's stays.
    od.deleteProcedure(deleted.ProcNum);
    await sync(place);
    expect(await one(place, deleted.ProcNum)).toMatchObject({ status: 'reversed', deleted_in_pms: true });
    expect(await visitLines(visit)).toEqual([
      { treatment_id: cleaning.id, quantity: 1 },
      { treatment_id: cleaning.id, quantity: 1 },
    ]);
    expect(await unitsLeft(filling.capsuleLot.id)).toBe(20 - 2);
    expect(await unitsLeft(filling.bondLot.id)).toBe(10 - 1);

    // The only procedure of its visit: the whole visit goes back.
    const aloneVisit = (await one(place, alone.ProcNum)).treatment_log_id!;
    od.deleteProcedure(alone.ProcNum);
    await sync(place);
    expect(await visitLines(aloneVisit)).toEqual([]);
    expect(await unitsLeft(filling.capsuleLot.id)).toBe(20);
    expect(await unitsLeft(filling.bondLot.id)).toBe(10);
    const revised = await queryRows<{ changes: { reason: string } }>(t.db, sql`select changes from audit_log where entity = 'treatment_log' and action = 'edit_products' and entity_id in (${visit}, ${aloneVisit}) order by id`);
    expect(revised.map((r) => r.changes.reason)).toEqual(['deleted_in_pms', 'deleted_in_pms']);
    // Read again (the overlap), nothing moves twice.
    await sync(place);
    expect(await unitsLeft(filling.capsuleLot.id)).toBe(20);
  });

  it('a code changed after recording revises the visit: the old tray back, the new one taken', async () => {
    const place = await connected({ take_stock_on_complete: true });
    const filling = await treatment(place, 'D2391');
    const crown = await treatment(place, 'D2740', { capsules: 3, bond: 2 });
    const proc = od.addProcedure({ PatNum: chartedPatient('PT-904') });
    await sync(place);
    const visit = (await one(place, proc.ProcNum)).treatment_log_id!;
    od.editProcedure(proc.ProcNum, { procCode: 'D2740' });
    await sync(place);
    expect(await one(place, proc.ProcNum)).toMatchObject({ status: 'recorded', code: 'D2740', treatment_log_id: visit });
    expect(await visitLines(visit)).toEqual([
      { treatment_id: crown.id, quantity: 2 },
      { treatment_id: crown.id, quantity: 3 },
    ]);
    expect([await unitsLeft(filling.capsuleLot.id), await unitsLeft(crown.capsuleLot.id)]).toEqual([20, 17]);
  });

  it('a code changed after a person recorded it: the tray goes back and the procedure waits again with its new code', async () => {
    const place = await connected();
    const filling = await treatment(place, 'D2391');
    const proc = od.addProcedure({ PatNum: chartedPatient('PT-905') });
    await sync(place);
    const [visit] = await waiting(place);
    const tap = await t.request({ method: 'POST', url: '/api/pms/waiting/confirm', token: place.token, payload: { procedure_ids: visit!.procedures.map((p) => p.id), idempotency_key: randomUUID() } });
    expect(tap.statusCode, tap.body).toBe(201);
    expect(await unitsLeft(filling.capsuleLot.id)).toBe(18);
    od.editProcedure(proc.ProcNum, { procCode: 'D2392' });
    await sync(place);
    expect(await one(place, proc.ProcNum)).toMatchObject({ status: 'waiting', code: 'D2392', treatment_log_id: null });
    expect(await visitLines(tap.json().treatment_log_id)).toEqual([]);
    expect(await unitsLeft(filling.capsuleLot.id)).toBe(20);
  });

  it('Open Dental down in the middle of a pass: the pages written stay, and the next run goes on from there', async () => {
    const place = await connected();
    for (let i = 0; i < 250; i += 1) od.addProcedure({ PatNum: 1 });
    // The second page's request fails on every try (503).
    const push = od.requests.push.bind(od.requests);
    od.requests.push = (...items) => {
      if (items.some((r) => r.path === '/procedurelogs' && r.query.get('Offset') === '99') && procedureRequests().length === 1) od.failNext(2, 503);
      return push(...items);
    };
    const failed = await sync(place, true);
    expect(failed).toMatchObject({ pages: 1, error: PMS_MESSAGES.serverFailed(503) });
    expect(await procedures(place)).toHaveLength(100);
    expect(await connection(place)).toMatchObject({ last_error: PMS_MESSAGES.serverFailed(503), last_success_at: null });

    const resumed = await sync(place);
    expect(resumed).toMatchObject({ pages: 2, error: null });
    expect(procedureRequests().slice(-2).map((r) => r.query.get('Offset'))).toEqual(['99', '198']);
    expect(await procedures(place)).toHaveLength(250);
    expect(await connection(place)).toMatchObject({ last_error: null, last_success_at: NOW.toISOString() });
  });

  it('wrong keys: the connection says so and nothing is written', async () => {
    const place = await connected({ customer_key: 'not-the-key' });
    od.addProcedure();
    const run = await sync(place, true);
    expect(run.error).toBe(REFUSED_KEYS);
    expect(await connection(place)).toMatchObject({ last_error: REFUSED_KEYS, last_run_at: NOW.toISOString(), last_success_at: null });
    expect(await procedures(place)).toEqual([]);
  });

  it('stops, saying why, when the admin who saved the connection can no longer act there', async () => {
    const place = await connected();
    const admin = await createUser(t.db, { role: 'company_admin', organizationId: world.own.org.id, companyId: place.id, email: `od-${tag()}@example.com` });
    const saved = await t.request({ method: 'PUT', url: '/api/pms/connection', token: t.tokenFor(admin), payload: { base_url: od.url, clinic_num: null, enabled: true, take_stock_on_complete: true } });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.db.execute(sql`update users set status = 'disabled' where id = ${admin.id}`);
    od.addProcedure();
    expect((await sync(place, true)).error).toBe(PMS_MESSAGES.actorGone);
    expect(await procedures(place)).toEqual([]);
    expect(od.requests).toEqual([]);
  });

  it("skips another clinic's procedures, even from an Open Dental that ignores the clinic asked for", async () => {
    const place = await connected({ clinic_num: 2 });
    od.ignoreParameters.add('ClinicNum');
    od.addProcedure({ ClinicNum: 1 });
    const mine = od.addProcedure({ ClinicNum: 2 });
    od.addProcedure({ ClinicNum: 0 });
    await sync(place);
    expect(procedureRequests()[0]!.query.get('ClinicNum')).toBe('2');
    expect((await procedures(place)).map((p) => p.external_id)).toEqual([String(mine.ProcNum)]);
  });

  it("keeps each practice's procedures apart: re-pointed at another practice (another customer key), its ProcNum 1 is another procedure; the same key saved again reads nothing twice", async () => {
    const place = await connected();
    const filling = od.addProcedure({ PatNum: 906 });
    // An appointment of tomorrow read from this practice (the upcoming trays), and one from a CSV.
    const appointment = od.addAppointment({ PatNum: 906, AptDateTime: '2025-03-04 09:00:00' });
    od.addProcedure({ PatNum: 906, AptNum: appointment.AptNum, ProcStatus: 'TP', procCode: 'D2740' });
    await sync(place);
    const first = await practiceKey(place);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    await t.db.execute(sql`insert into pms_appointments (company_id, source, appointment_ref, patient_ref, day) values (${place.id}, 'csv', '7', 'PT-1', '2025-03-04')`);
    await t.db.execute(sql`insert into pms_appointment_procedures (company_id, source, appointment_ref, code) values (${place.id}, 'csv', '7', 'D1110')`);

    // The same keys typed again: the same practice, read again from 30 days back, nothing doubled.
    expect((await save(place, { developer_key: od.developerKey, customer_key: od.customerKey })).statusCode).toBe(200);
    await sync(place);
    expect(await practiceKey(place)).toBe(first);
    expect((await procedures(place)).map((p) => [p.external_id, p.code])).toEqual([[String(filling.ProcNum), 'D2391']]);
    expect(await appointmentSources(place)).toEqual(['csv', 'open_dental']);

    // Another practice behind the same address: its ProcNum 1 is a cleaning of another patient.
    od.customerKey = `another-${tag()}`;
    od.procedures.clear();
    od.appointments.clear();
    od.procedures.set(filling.ProcNum, { ...filling, PatNum: 907, procCode: 'D1110', DateTStamp: od.now() });
    expect((await save(place, { developer_key: od.developerKey, customer_key: od.customerKey })).statusCode).toBe(200);
    await sync(place);
    expect(await practiceKey(place)).not.toBe(first);
    expect((await procedures(place)).map((p) => [p.external_id, p.code, p.status])).toEqual([
      [String(filling.ProcNum), 'D1110', 'waiting'],
      [String(filling.ProcNum), 'D2391', 'waiting'],
    ]);
    expect((await waiting(place)).flatMap((v) => v.procedures.map((p) => p.code)).sort()).toEqual(['D1110', 'D2391']);
    // The first practice's appointments went with it; the CSV's stay.
    expect(await appointmentSources(place)).toEqual(['csv']);
  });

  it('"Sync now" runs the location at once and answers how it went; a failed run is an answer too; with the sync off it says what to do', async () => {
    const place = await connected();
    od.addProcedure({ PatNum: 908 });
    const now = await syncNow(place);
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json()).toMatchObject({ enabled: true, last_run_at: NOW.toISOString(), last_success_at: NOW.toISOString(), last_error: null });
    expect(await procedures(place)).toHaveLength(1);
    const audit = await queryRows<{ actor: string; changes: unknown }>(t.db, sql`select actor_user_id as actor, changes from audit_log where entity = 'pms_connection' and action = 'sync' and entity_id = ${place.id}`);
    expect(audit).toEqual([{ actor: world.own.users.organization_admin.id, changes: { pages: 1, read: 1, visits: 0, ok: true } }]);

    const refused = await connected({ customer_key: 'not-the-key' });
    const failed = await syncNow(refused);
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({ last_run_at: NOW.toISOString(), last_success_at: null, last_error: REFUSED_KEYS });

    expect((await save(place, { enabled: false })).statusCode).toBe(200);
    const off = await syncNow(place);
    expect(off.statusCode).toBe(400);
    expect(off.json()).toMatchObject({ message: expect.stringContaining(PMS_MESSAGES.syncOff) as string });
    expect((await t.request({ method: 'POST', url: '/api/pms/connection/sync', token: t.tokenFor(world.own.users.company_member) })).statusCode).toBe(403);
  });

  it('a connection saved on starts its run at once: a job for its location, one however often it is saved', async () => {
    const place = await connected();
    od.addProcedure({ PatNum: 909 });
    expect((await save(place, { take_stock_on_complete: false })).statusCode).toBe(200);
    expect(await queuedFor(place)).toBe(1);
    await t.jobs.drain('pms-sync-location');
    expect(await queuedFor(place)).toBe(0);
    expect(await procedures(place)).toHaveLength(1);
    expect(await connection(place)).toMatchObject({ last_run_at: NOW.toISOString(), last_success_at: NOW.toISOString(), last_error: null });
    // Saved off: nothing starts.
    expect((await save(place, { enabled: false })).statusCode).toBe(200);
    expect(await queuedFor(place)).toBe(0);
  });

  it('runs as a job for every enabled location (issue 53: the schedule queues one per location); one failing does not stop the others', async () => {
    const broken = await connected({ customer_key: 'not-the-key' });
    const working = await connected();
    od.addProcedure();
    await t.jobs.send(QUEUES.pmsSync, {});
    await t.jobs.drain('pms-sync');
    expect(await queuedFor(broken)).toBe(1);
    expect(await queuedFor(working)).toBe(1);
    // A second round while they wait queues none again.
    await t.jobs.send(QUEUES.pmsSync, {});
    await t.jobs.drain('pms-sync');
    expect(await queuedFor(working)).toBe(1);
    await t.jobs.drain('pms-sync-location');
    expect(await connection(broken)).toMatchObject({ last_error: REFUSED_KEYS });
    expect(await connection(working)).toMatchObject({ last_error: null, last_success_at: NOW.toISOString() });
    expect(await procedures(working)).toHaveLength(1);
  });
});

describe('the schedule for the upcoming trays', () => {
  it("reads the next 14 days' appointments and their planned procedures, only those changed again, and lets a broken one go", async () => {
    const place = await connected();
    const crown = await treatment(place, 'D2740', { capsules: 3, units: 4 });
    const patient = od.addPatient({ ChartNumber: 'A-7' });
    const first = od.addAppointment({ PatNum: patient.PatNum, AptDateTime: '2025-03-05 09:00:00' });
    const second = od.addAppointment({ PatNum: patient.PatNum, AptDateTime: '2025-03-06 10:00:00' });
    od.addAppointment({ PatNum: patient.PatNum, AptDateTime: '2025-03-20 10:00:00' }); // past the 14 days
    od.addProcedure({ AptNum: first.AptNum, ProcStatus: 'TP', procCode: 'D2740', ProcDate: '2025-03-05' });
    od.addProcedure({ AptNum: second.AptNum, ProcStatus: 'TP', procCode: 'D2740', ProcDate: '2025-03-06' });

    expect((await sync(place)).upcoming).toEqual({ appointments: 2, read: 2 });
    const plan = async () => (await t.request({ method: 'GET', url: '/api/pms/upcoming', token: place.token })).json() as UpcomingTrays;
    const read = await plan();
    expect(read.read_at).toBe(NOW.toISOString());
    // The first crown takes 3 of the 4 capsules; the second finds 1.
    expect(read.days.map((d) => [d.day, d.needs.find((n) => n.product_id === crown.capsuleLot.productId)])).toMatchObject([
      ['2025-03-05', { needed: 3, usable: 4, short: 0 }],
      ['2025-03-06', { needed: 3, usable: 1, short: 2 }],
    ]);
    expect(read.days[1]!.warnings).toHaveLength(1);
    // Planned procedures are not completed ones: nothing waits at the chair, nothing is taken.
    expect(await waiting(place)).toEqual([]);
    expect(await unitsLeft(crown.capsuleLot.id)).toBe(4);

    // Unchanged appointments are not asked for again; a broken one leaves the plan.
    od.requests.length = 0;
    await sync(place);
    expect(procedureRequests().filter((r) => r.query.has('AptNum'))).toEqual([]);
    od.editAppointment(second.AptNum, { AptStatus: 'Broken' });
    await sync(place);
    expect((await plan()).days.map((d) => d.day)).toEqual(['2025-03-05']);
  });
});
