import { PMS_MESSAGES } from '@clinic/domain';
import { PATIENT_EXAMPLE, startOpenDentalStandIn, type OpenDentalStandIn } from '../../../../test/fixtures/open-dental-stand-in';
import { parseNetworks } from '../../outbound/address-policy';
import { createOutboundClient, OUTBOUND_MESSAGES } from '../../outbound/outbound-fetch';
import { createOpenDentalConnector, REFUSED_KEYS, type OpenDentalOptions } from './open-dental-connector';
import { PmsError, type PmsProcedure, type ProcedureCursor } from '../connection/pms-connector';

let od: OpenDentalStandIn;
// As an operator allows it (OUTBOUND_ALLOWED_NETWORKS): the stand-in on 127.0.0.1 only.
const outbound = createOutboundClient({ allowedNetworks: parseNetworks('127.0.0.1') });
afterAll(() => outbound.close());

beforeEach(async () => {
  od = await startOpenDentalStandIn();
});
afterEach(async () => {
  await od.close();
});

/** The connector against the stand-in (plain http to this computer, as on a server that is not a production one, which allows 127.0.0.1), with no throttle, tiny backoff and no overlap unless asked. */
function connect(options: Partial<OpenDentalOptions> = {}) {
  return createOpenDentalConnector({ baseUrl: od.url, developerKey: od.developerKey, customerKey: od.customerKey, minIntervalMs: 0, retryDelayMs: 1, attempts: 3, overlapSeconds: 0, localHttp: true, fetch: outbound.fetch, ...options });
}

/** Reads pages until the pass ends; the cursor goes through JSON each time, as the caller stores it. */
async function pass(connector: ReturnType<typeof connect>, cursor: ProcedureCursor, clinicRef: string | null = null) {
  const read: PmsProcedure[] = [];
  for (;;) {
    const page = await connector.changedProcedures(cursor, clinicRef);
    read.push(...page.procedures);
    cursor = JSON.parse(JSON.stringify(page.next)) as ProcedureCursor;
    if (page.done) return { read, cursor };
  }
}

/** The error a call fails with (a call that succeeds fails the test). */
const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as Error,
  );

const offsets = () => od.requests.filter((r) => r.path === '/procedurelogs').map((r) => r.query.get('Offset'));

describe('Open Dental connector', () => {
  it('tests the connection and lists the clinics, or none when the practice does not use them', async () => {
    expect(await connect().testConnection()).toEqual({ ok: true, clinics: [] });
    od.clinics.push({ ClinicNum: 1, Description: 'Downtown', Abbr: 'DT' }, { ClinicNum: 2, Description: '', Abbr: 'North' });
    expect(await connect().testConnection()).toEqual({ ok: true, clinics: [{ clinicRef: '1', name: 'Downtown' }, { clinicRef: '2', name: 'North' }] });
  });

  it('says the keys were refused on a 401, and does not try again', async () => {
    const wrong = connect({ customerKey: 'not-the-key' });
    expect(await wrong.testConnection()).toEqual({ ok: false, message: REFUSED_KEYS });
    await expect(wrong.changedProcedures(wrong.startCursor(null), null)).rejects.toMatchObject({ kind: 'refused-keys', httpStatus: 401, message: REFUSED_KEYS });
    expect(od.requests).toHaveLength(2);
  });

  it('reads 250 procedures in pages of 100 and resumes from the saved cursor after a crash', async () => {
    for (let i = 0; i < 250; i += 1) od.addProcedure({ PatNum: 10 + (i % 7) });
    const first = await connect().changedProcedures(connect().startCursor(null), null);
    expect(first).toMatchObject({ done: false, next: { since: null, offset: 100, passStartedAt: od.now(), anchor: { id: first.procedures[99]!.externalId, changedAt: first.procedures[99]!.changedAt } } });
    // The process dies here; a new one starts from the stored cursor.
    const saved = JSON.parse(JSON.stringify(first.next)) as ProcedureCursor;
    const rest = await pass(connect(), saved);
    const ids = [...first.procedures, ...rest.read].map((p) => p.externalId);
    expect(ids).toHaveLength(250);
    expect(new Set(ids).size).toBe(250);
    // Each page is asked one row back: the last row read must open it (the window rule).
    expect(offsets()).toEqual([null, '99', '198']);
    expect(rest.cursor).toEqual({ since: saved.passStartedAt, offset: 0, passStartedAt: null, anchor: null });
  });

  it('maps a procedure log to the neutral shape', async () => {
    const row = od.addProcedure({ PatNum: 12, AptNum: 1341, ClinicNum: 3, ProcDate: '2025-03-01', ProcFee: '255.50', procCode: 'D2392', UnitQty: 2 });
    const { read } = await pass(connect(), connect().startCursor(null));
    expect(read).toEqual([
      { externalId: String(row.ProcNum), patientRef: '12', chartNumber: null, appointmentRef: '1341', clinicRef: '3', code: 'D2392', date: '2025-03-01', fee: 255.5, quantity: 2, status: 'complete', changedAt: row.DateTStamp },
    ]);
  });

  it('reads an edit made after a pass in the next pass, and nothing twice within a pass', async () => {
    const rows = Array.from({ length: 150 }, () => od.addProcedure());
    const connector = connect();
    const firstPage = await connector.changedProcedures(connector.startCursor(null), null);
    // While the pass runs, the chair edits a procedure already read and one not yet read, and charts a new one.
    od.editProcedure(rows[5]!.ProcNum, { ProcFee: '99.00' });
    od.editProcedure(rows[140]!.ProcNum, { ProcFee: '98.00' });
    const added = od.addProcedure();
    const rest = await pass(connector, firstPage.next);
    const inPass = [...firstPage.procedures, ...rest.read].map((p) => p.externalId);
    expect(inPass).toHaveLength(151);
    expect(new Set(inPass).size).toBe(151);

    const next = await pass(connector, rest.cursor);
    expect(next.read.map((p) => p.externalId)).toEqual([rows[5]!, rows[140]!, added].map((r) => String(r.ProcNum)));
    expect(next.read[0]!.fee).toBe(99);

    od.editProcedure(rows[7]!.ProcNum, { ProcFee: '97.00' });
    const after = await pass(connector, next.cursor);
    expect(after.read.map((p) => p.externalId)).toEqual([String(rows[7]!.ProcNum)]);
    expect((await pass(connector, after.cursor)).read).toEqual([]);
  });

  // Issue 50, item 7: the order of a list is not documented, and Open Dental's implementation page
  // allows for "page drift" mid-series. Listed by last change, a row updated while the pass pages
  // moves to the end, and every row after it one place up: asked at the next offset, the row that
  // moved into the page already read was never read.
  it('pages through a window whose rows move while it reads: none skipped, and only a row that changed is read again', async () => {
    od.order = 'DateTStamp';
    const rows = Array.from({ length: 150 }, () => od.addProcedure());
    const connector = connect();
    const first = await connector.changedProcedures(connector.startCursor(null), null);
    od.editProcedure(rows[10]!.ProcNum, { ProcFee: '99.00' });
    const rest = await pass(connector, first.next);
    const read = [...first.procedures, ...rest.read].map((p) => p.externalId);
    expect(new Set(read)).toEqual(new Set(rows.map((r) => String(r.ProcNum))));
    const twice = read.filter((id, i) => read.indexOf(id) !== i);
    expect(twice).toEqual([String(rows[10]!.ProcNum)]);
    expect(rest.read.find((p) => p.externalId === String(rows[10]!.ProcNum))!.fee).toBe(99);

    // The last row read changes itself (it moves to the end): the pass starts over with the same
    // `since` rather than guess where it stood, and still reads every row.
    const again = await connector.changedProcedures(connector.startCursor(null), null);
    const lastRead = again.procedures.at(-1)!.externalId;
    od.editProcedure(Number(lastRead), { ProcFee: '98.00' });
    const after = await pass(connector, again.next);
    expect(new Set([...again.procedures, ...after.read].map((p) => p.externalId))).toEqual(new Set(rows.map((r) => String(r.ProcNum))));
  });

  it('starts the next pass a little before the last one began, so a change stamped late is still read', async () => {
    od.addProcedure();
    const { cursor } = await pass(connect({ overlapSeconds: 60 }), connect().startCursor('2025-03-01'));
    expect(od.requests[0]!.query.get('DateTStamp')).toBe('2025-03-01 00:00:00');
    expect(cursor.since).toBe('2025-03-03 08:59:01');
  });

  it('reports each change with its status, so only complete procedures count as done', async () => {
    const done = od.addProcedure({ ProcStatus: 'C' });
    const planned = od.addProcedure({ ProcStatus: 'TP' });
    const undone = od.addProcedure({ ProcStatus: 'C' });
    const deleted = od.addProcedure({ ProcStatus: 'C' });
    od.addProcedure({ ProcStatus: 'EO' });
    od.editProcedure(undone.ProcNum, { ProcStatus: 'TP' });
    od.deleteProcedure(deleted.ProcNum);
    const { read } = await pass(connect(), connect().startCursor(null));
    const statusOf = (n: number) => read.find((p) => p.externalId === String(n))?.status;
    expect(read.filter((p) => p.status === 'complete').map((p) => p.externalId)).toEqual([String(done.ProcNum)]);
    expect([statusOf(planned.ProcNum), statusOf(undone.ProcNum), statusOf(deleted.ProcNum)]).toEqual(['planned', 'planned', 'deleted']);
    expect(read.map((p) => p.status)).toContain('other');
  });

  it("reads one clinic's procedures, asking Open Dental for that clinic", async () => {
    od.addProcedure({ ClinicNum: 1 });
    const mine = od.addProcedure({ ClinicNum: 2 });
    od.addProcedure({ ClinicNum: 0 });
    const { read } = await pass(connect(), connect().startCursor(null), '2');
    expect(read.map((p) => p.externalId)).toEqual([String(mine.ProcNum)]);
    expect(od.requests[0]!.query.get('ClinicNum')).toBe('2');
    await expect(connect().changedProcedures(connect().startCursor(null), 'north')).rejects.toThrow(TypeError);
    await expect(connect().changedProcedures({ since: 'yesterday', offset: 0, passStartedAt: null }, null)).rejects.toThrow(/Not an Open Dental procedure cursor/);
  });

  it('tries again when the API is down (503 twice), then reads', async () => {
    od.addProcedure();
    od.failNext(2, 503);
    const { read } = await pass(connect(), connect().startCursor(null));
    expect(read).toHaveLength(1);
    expect(od.requests).toHaveLength(3);
  });

  it('gives up after its tries when the API stays down, saying so', async () => {
    od.failNext(5, 503);
    const error = await connect().changedProcedures(connect().startCursor(null), null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PmsError);
    expect(error).toMatchObject({ kind: 'server-failed', httpStatus: 503, message: PMS_MESSAGES.serverFailed(503) });
    expect(od.requests).toHaveLength(3);
  });

  // Issue 50, item 8: the statuses Open Dental's implementation page lists (401 for keys wrong,
  // unassigned or disabled; 400 with an explanation; 5xx) and the throttle's 429 (not on its pages:
  // read as RFC 9110 reads it, Retry-After in seconds or as a date), each said in our own words.
  it('says which failure it was, never in the answer\'s words: keys refused, too many requests and the pause asked for, the server failing', async () => {
    const wrong = connect({ customerKey: 'disabled-key' });
    await expect(wrong.changedProcedures(wrong.startCursor(null), null)).rejects.toMatchObject({ kind: 'refused-keys', message: REFUSED_KEYS });
    od.failNext(1, 403, 'This key lacks the permission.');
    await expect(connect().testConnection()).resolves.toEqual({ ok: false, message: REFUSED_KEYS });

    // A pause longer than the connector waits within a run: not tried again, and no request before it ends.
    od.requests.length = 0;
    const throttled = connect({ maxRetryDelayMs: 50 });
    od.failNext(1, 429, 'Too many requests.', { 'Retry-After': '120' });
    await expect(throttled.changedProcedures(throttled.startCursor(null), null)).rejects.toMatchObject({ kind: 'rate-limited', httpStatus: 429, message: PMS_MESSAGES.rateLimited(120) });
    const again = await failureOf(throttled.changedProcedures(throttled.startCursor(null), null));
    expect(again.message).toMatch(/asks for a pause of 1(19|20) s/);
    expect(od.requests).toHaveLength(1);

    // A short pause, as an HTTP date: waited out, then read.
    od.addProcedure();
    od.failNext(1, 429, 'Too many requests.', { 'Retry-After': new Date(Date.now() + 1000).toUTCString() });
    const patient = connect({ maxRetryDelayMs: 5_000 });
    const started = Date.now();
    expect((await pass(patient, patient.startCursor(null))).read).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    // Without Retry-After, after the tries: when to ask again is unknown.
    od.failNext(3, 429, 'Too many requests.');
    await expect(connect().changedProcedures(connect().startCursor(null), null)).rejects.toMatchObject({ kind: 'rate-limited', message: PMS_MESSAGES.rateLimited(null) });

    od.failNext(3, 500, '<html><body>Server Error in Application: Object reference not set</body></html>');
    await expect(connect().changedProcedures(connect().startCursor(null), null)).rejects.toMatchObject({ kind: 'server-failed', httpStatus: 500, message: PMS_MESSAGES.serverFailed(500) });
    od.failNext(1, 400, 'The eConnector is not running.');
    await expect(connect().changedProcedures(connect().startCursor(null), null)).rejects.toMatchObject({ kind: 'refused-request', message: PMS_MESSAGES.requestRefused(400) });
  });

  it("says when the address answers with something that is not Open Dental's: a web page, or data of another form", async () => {
    od.answerNext(1, { status: 200, contentType: 'text/html', body: '<!DOCTYPE html><html><head><title>Sign in</title></head><body>Jane Smith</body></html>' });
    await expect(connect().testConnection()).resolves.toEqual({ ok: false, message: PMS_MESSAGES.notOpenDental('a web page') });
    // Open Dental's own example patient where procedures were asked for: no ProcNum.
    od.answerNext(1, { status: 200, body: JSON.stringify([PATIENT_EXAMPLE]) });
    const error = await failureOf(connect().changedProcedures(connect().startCursor(null), null));
    expect(error).toMatchObject({ kind: 'unexpected-answer', message: PMS_MESSAGES.notOpenDental('data of another form (at ProcNum)') });
    expect(error.message).not.toContain('Smith');
    // One record where a list was asked for.
    od.answerNext(1, { status: 200, body: JSON.stringify({ Message: 'An error has occurred.' }) });
    await expect(connect().changedProcedures(connect().startCursor(null), null)).rejects.toMatchObject({ message: PMS_MESSAGES.notOpenDental('data of another form (not a list where one was expected)') });
    od.answerNext(1, { status: 200, contentType: 'text/plain', body: 'OK' });
    await expect(connect().changedProcedures(connect().startCursor(null), null)).rejects.toMatchObject({ message: PMS_MESSAGES.notOpenDental('something other than data (not JSON)') });
  });

  it('refuses to send the keys over plain http to another computer', async () => {
    const connector = connect({ baseUrl: 'http://api.opendental.com/api/v1' });
    expect(await connector.testConnection()).toEqual({ ok: false, message: expect.stringContaining('must start with https://') as string });
    await expect(connector.changedProcedures(connector.startCursor(null), null)).rejects.toMatchObject({ kind: 'bad-address' });
    expect(await connect({ baseUrl: 'not an address' }).testConnection()).toMatchObject({ ok: false });
  });

  it('on a production server, refuses plain http to this computer too: nothing is sent', async () => {
    // As main.ts builds it when NODE_ENV is production (or unset); the stand-in speaks plain http on 127.0.0.1.
    const production = connect({ localHttp: false });
    expect(await production.testConnection()).toEqual({ ok: false, message: expect.stringContaining('must start with https://') as string });
    await expect(production.changedProcedures(production.startCursor(null), null)).rejects.toMatchObject({ kind: 'bad-address' });
    const unsaid = createOpenDentalConnector({ baseUrl: od.url, developerKey: od.developerKey, customerKey: od.customerKey });
    await expect(unsaid.changedProcedures(unsaid.startCursor(null), null)).rejects.toMatchObject({ kind: 'bad-address' });
    expect(od.requests).toEqual([]);
  });

  it('never puts the keys in an error message, even when Open Dental echoes them', async () => {
    const messages: string[] = [];
    od.failNext(1, 400, `Bad header ODFHIR ${od.developerKey}/${od.customerKey}`);
    messages.push(String(await connect().changedProcedures(connect().startCursor(null), null).catch((e: unknown) => (e as Error).message)));
    messages.push(String(await connect({ developerKey: 'x' }).testConnection().then((r) => (r.ok ? '' : r.message))));
    await od.close();
    const closed = await connect().testConnection();
    messages.push(closed.ok ? '' : closed.message);
    od = await startOpenDentalStandIn();
    // The answer's own words are never repeated (issue 50): the keys they echoed cannot be either.
    expect(messages[0]).toBe(PMS_MESSAGES.requestRefused(400));
    expect(messages[2]).toBe(PMS_MESSAGES.unreachable(OUTBOUND_MESSAGES.noConnection));
    for (const message of messages) expect(message).not.toMatch(/[0-9a-f]{16}/);
  });

  it("re-reads one procedure by its id; on a 404 (an Open Dental older than that GET) it looks among the patient's procedures", async () => {
    const patient = od.addPatient();
    const kept = od.addProcedure({ PatNum: patient.PatNum, procCode: 'D1110' });
    const removed = od.addProcedure({ PatNum: patient.PatNum });
    od.deleteProcedure(removed.ProcNum, { remove: true });
    od.answerNext(1, { status: 404, body: JSON.stringify('No such route.') });
    expect(await connect().procedure(String(kept.ProcNum), String(patient.PatNum))).toMatchObject({ externalId: String(kept.ProcNum), code: 'D1110', status: 'complete' });
    expect(od.requests.map((r) => [r.path, r.query.get('PatNum')])).toEqual([
      [`/procedurelogs/${String(kept.ProcNum)}`, null],
      ['/procedurelogs', String(patient.PatNum)],
    ]);
    expect(await connect().procedure(String(removed.ProcNum), String(patient.PatNum))).toBeNull();
  });

  it('re-reads one procedure: null when Open Dental does not have it, deleted when it was deleted', async () => {
    const kept = od.addProcedure({ procCode: 'D1110' });
    const deleted = od.addProcedure();
    od.deleteProcedure(deleted.ProcNum);
    const connector = connect();
    expect(await connector.procedure(String(kept.ProcNum))).toMatchObject({ externalId: String(kept.ProcNum), code: 'D1110', status: 'complete' });
    expect(await connector.procedure(String(deleted.ProcNum))).toMatchObject({ status: 'deleted' });
    expect(await connector.procedure('9999')).toBeNull();
    expect(await connector.procedure('not-a-number')).toBeNull();
  });

  it("lists the next 14 days' scheduled appointments with their planned procedures", async () => {
    const pat = od.addPatient();
    const later = od.addAppointment({ PatNum: pat.PatNum, AptDateTime: '2025-03-14 15:30:00' });
    const soon = od.addAppointment({ PatNum: pat.PatNum, AptDateTime: '2025-03-04 08:00:00', ClinicNum: 2 });
    od.addAppointment({ PatNum: pat.PatNum, AptDateTime: '2025-03-18 09:00:00' }); // after the window
    od.addAppointment({ PatNum: pat.PatNum, AptDateTime: '2025-03-05 09:00:00', AptStatus: 'Broken' });
    const crown = od.addProcedure({ AptNum: later.AptNum, ProcStatus: 'TP', procCode: 'D2740' });
    const buildUp = od.addProcedure({ AptNum: later.AptNum, ProcStatus: 'TP', procCode: 'D2950' });
    od.addProcedure({ AptNum: later.AptNum, ProcStatus: 'C', procCode: 'D0120' }); // already done
    const filling = od.addProcedure({ AptNum: soon.AptNum, ProcStatus: 'TP', procCode: 'D2391', UnitQty: 2 });
    for (let i = 0; i < 120; i += 1) od.addProcedure(); // other procedures, on no appointment

    const found = await connect().upcomingProcedures('2025-03-03', '2025-03-16', null);
    expect(found).toEqual([
      { appointmentRef: String(soon.AptNum), patientRef: String(pat.PatNum), clinicRef: '2', date: '2025-03-04', time: '08:00', changedAt: soon.DateTStamp, procedures: [{ externalId: String(filling.ProcNum), code: 'D2391', quantity: 2 }] },
      {
        appointmentRef: String(later.AptNum),
        patientRef: String(pat.PatNum),
        clinicRef: null,
        date: '2025-03-14',
        time: '15:30',
        changedAt: later.DateTStamp,
        procedures: [
          { externalId: String(crown.ProcNum), code: 'D2740', quantity: 1 },
          { externalId: String(buildUp.ProcNum), code: 'D2950', quantity: 1 },
        ],
      },
    ]);
    expect((await connect().upcomingProcedures('2025-03-03', '2025-03-16', '2')).map((a) => a.appointmentRef)).toEqual([String(soon.AptNum)]);
    await expect(connect().upcomingProcedures('2025-03-16', '2025-03-03', null)).rejects.toThrow(/after/);

    // Appointments read before and unchanged are not asked again; one whose procedures changed is.
    const known = new Map(found.map((a) => [a.appointmentRef, a.changedAt]));
    od.requests.length = 0;
    expect((await connect().upcomingProcedures('2025-03-03', '2025-03-16', null, { known })).map((a) => a.procedures)).toEqual([null, null]);
    expect(od.requests.filter((r) => r.path === '/procedurelogs')).toHaveLength(0);
    od.editProcedure(buildUp.ProcNum, { ProcStatus: 'D' });
    const again = await connect().upcomingProcedures('2025-03-03', '2025-03-16', null, { known });
    expect(again.map((a) => a.procedures?.map((p) => p.code) ?? null)).toEqual([null, ['D2740']]);
    // At most maxReads appointments read in one call: the rest wait for the next.
    od.requests.length = 0;
    expect((await connect().upcomingProcedures('2025-03-03', '2025-03-16', null, { maxReads: 1 })).map((a) => a.procedures === null)).toEqual([false, true]);
    expect(od.requests.filter((r) => r.path === '/procedurelogs')).toHaveLength(1);

    // An Open Dental too old for AptNum answers every procedure: one page read, then a message.
    od.requests.length = 0;
    od.ignoreParameters.add('AptNum');
    await expect(connect().upcomingProcedures('2025-03-03', '2025-03-16', null)).rejects.toMatchObject({ kind: 'refused-request', message: expect.stringContaining('22.3.32') as string });
    expect(od.requests.filter((r) => r.path === '/procedurelogs')).toHaveLength(1);
  });

  it("reads the patients' chart numbers", async () => {
    const charted = od.addPatient({ ChartNumber: 'A-1042' });
    const blank = od.addPatient({ ChartNumber: '  ' });
    const numbers = await connect().patients([String(charted.PatNum), String(blank.PatNum), String(charted.PatNum), '9999']);
    expect(numbers).toEqual(new Map([[String(charted.PatNum), 'A-1042'], [String(blank.PatNum), null]]));
    expect(od.requests.filter((r) => r.path.startsWith('/patients/'))).toHaveLength(3);
  });

  it('keeps to the least interval between requests', async () => {
    const connector = connect({ minIntervalMs: 150 });
    const started = Date.now();
    await Promise.all([connector.testConnection(), connector.testConnection(), connector.testConnection()]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});
