import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PMS_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { startOpenDentalStandIn, type OpenDentalStandIn } from '../../../test/fixtures/open-dental-stand-in';
import { createWorld, type World } from '../../../test/world';
import { insertCompany } from '../companies/companies.repo';
import { REFUSED_KEYS } from './open-dental-connector';

// Issue 50, "Trust at the edges", item 8: the sync against a stand-in whose answers are Open
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

async function sync(place: Place, failing = false) {
  const run = (await t.pmsSync.runFor(place.id))!;
  if (!failing) expect(run.error, String(run.cause)).toBeNull();
  return run;
}
const connection = async (place: Place) => (await t.request({ method: 'GET', url: '/api/pms/connection', token: place.token })).json();

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
    expect((await connection(gone)).last_error).toBe(PMS_MESSAGES.unreachable('the connection was refused'));
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
