import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import { OPEN_DENTAL_API_URL, PMS_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../../test/setup/test-app';
import { queryRows } from '../../../../test/setup/sql';
import { startOpenDentalStandIn, type OpenDentalStandIn } from '../../../../test/fixtures/open-dental-stand-in';
import { createWorld, type World } from '../../../../test/world';
import { insertCompany } from '../../companies/companies.repo';
import { REFUSED_KEYS } from '../open-dental/open-dental-connector';
import { lookupFrom } from '../../../../test/fixtures/lookup';
import { parseNetworks } from '../../outbound/address-policy';
import { OUTBOUND_MESSAGES } from '../../outbound/outbound-fetch';

// Issue 36: a location's admins connect Open Dental. The keys are written, sealed, and never read
// back; they go only to https addresses (plain http only to this computer: the stand-in), and only
// to the address they were saved with.
let t: TestApp;
let world: World;
let od: OpenDentalStandIn;
/** A service on another loopback address: what an admin must not reach (it counts every connection made to it). */
let internal: { server: Server; port: number; connections: number };
beforeAll(async () => {
  t = await createTestApp({
    // A second is enough for the stand-in on this computer; a silent port then takes a second per try, not five.
    pms: { secretKey: randomBytes(32).toString('base64'), openDental: { timeoutMs: 1_000 } },
    // The operator allows the stand-in on 127.0.0.1; a practice's name that resolves to another loopback address is not allowed.
    outbound: { allowedNetworks: parseNetworks('127.0.0.1'), lookup: lookupFrom({ 'od.practice.test': () => ['127.0.0.2'] }) },
  });
  world = await createWorld(t.db);
  od = await startOpenDentalStandIn();
  od.clinics.push({ ClinicNum: 3, Description: 'Downtown', Abbr: 'DT' });
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('[{"ClinicNum":1,"Description":"internal answer text"}]'));
  internal = { server, port: 0, connections: 0 };
  server.on('connection', () => (internal.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  internal.port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  internal.server.closeAllConnections();
  await new Promise((resolve) => internal.server.close(resolve));
  await od.close();
  await t.close();
});

const adminAt = (companyId: string) => t.tokenFor(world.own.users.organization_admin, companyId);
async function location(): Promise<string> {
  return (await insertCompany(t.db, { organizationId: world.own.org.id, name: `OD ${randomUUID().slice(0, 8)}`, city: 'Austin', state: 'TX' })).id;
}
const put = (token: string, payload: object) => t.request({ method: 'PUT', url: '/api/pms/connection', token, payload });
const get = (token: string) => t.request({ method: 'GET', url: '/api/pms/connection', token });
const test = (token: string, payload: object) => t.request({ method: 'POST', url: '/api/pms/connection/test', token, payload });
const settings = (extra: object = {}) => ({ base_url: od.url, clinic_num: 3, enabled: true, take_stock_on_complete: false, developer_key: od.developerKey, customer_key: od.customerKey, ...extra });

describe('the Open Dental connection', () => {
  it('answers the defaults before anything is saved', async () => {
    const res = await get(adminAt(await location()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      kind: 'open_dental',
      base_url: OPEN_DENTAL_API_URL,
      clinic_num: null,
      enabled: false,
      take_stock_on_complete: false,
      use_patient_number: false,
      recheck_days: 7,
      has_keys: false,
      last_run_at: null,
      last_success_at: null,
      last_error: null,
    });
  });

  it('seals the keys, never answers them, and keeps them when a save leaves them out', async () => {
    const here = await location();
    const token = adminAt(here);
    const saved = await put(token, settings());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ base_url: od.url, clinic_num: 3, enabled: true, has_keys: true, last_error: null });
    expect(saved.body).not.toContain(od.developerKey);
    expect(saved.body).not.toContain(od.customerKey);

    const [row] = await queryRows<{ developer_key_encrypted: string; customer_key_encrypted: string; connected_by: string }>(t.db, sql`select developer_key_encrypted, customer_key_encrypted, connected_by from pms_connections where company_id = ${here}`);
    expect(row!.developer_key_encrypted).toMatch(/^v1:/);
    expect(`${row!.developer_key_encrypted}${row!.customer_key_encrypted}`).not.toContain(od.customerKey);
    expect(row!.connected_by).toBe(world.own.users.organization_admin.id);

    const kept = await put(token, settings({ developer_key: undefined, customer_key: undefined, take_stock_on_complete: true }));
    expect(kept.json()).toMatchObject({ has_keys: true, take_stock_on_complete: true });
    // The saved keys still open: the test reaches Open Dental with them.
    expect((await test(token, {})).json()).toEqual({ ok: true, clinics: [{ clinic_num: 3, name: 'Downtown' }] });

    const audit = await queryRows<{ action: string; changes: unknown }>(t.db, sql`select action, changes from audit_log where entity = 'pms_connection' and entity_id = ${here} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['save', 'save', 'test']);
    expect(audit[0]!.changes).toMatchObject({ keys_saved: ['developer_key', 'customer_key'] });
    expect(audit[1]!.changes).toMatchObject({ keys_saved: [] });
    expect(JSON.stringify(audit)).not.toContain(od.customerKey);
  });

  it('sends keys over https only (plain http only to this computer), and saved keys only to their own address', async () => {
    const token = adminAt(await location());
    const plain = await put(token, settings({ base_url: 'http://od.example.com/api/v1' }));
    expect(plain.statusCode).toBe(400);
    expect(plain.body).toContain(PMS_MESSAGES.httpsOnly);
    expect((await test(token, { base_url: 'http://od.example.com/api/v1', developer_key: 'a', customer_key: 'b' })).statusCode).toBe(400);
    expect((await put(token, settings())).statusCode).toBe(200);

    // Another address with the saved keys: refused, and nothing is sent anywhere.
    const before = od.requests.length;
    const moved = await put(token, settings({ base_url: 'https://od.example.com/api/v1', developer_key: undefined, customer_key: undefined }));
    expect(moved.statusCode).toBe(400);
    expect(moved.body).toContain(PMS_MESSAGES.keysForNewAddress);
    const probe = await test(token, { base_url: 'https://od.example.com/api/v1' });
    expect(probe.statusCode).toBe(400);
    expect(probe.body).toContain(PMS_MESSAGES.keysForNewAddress);
    expect(od.requests.length).toBe(before);
  });

  it('turns the sync on only with both keys', async () => {
    const res = await put(adminAt(await location()), settings({ customer_key: undefined }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.stringContaining(PMS_MESSAGES.keysRequired) as string });
  });

  it("tests the form's address and keys: Open Dental's refusal in plain words", async () => {
    const token = adminAt(await location());
    expect((await test(token, { base_url: od.url, developer_key: od.developerKey, customer_key: 'wrong' })).json()).toEqual({ ok: false, message: REFUSED_KEYS });
    expect((await test(token, { base_url: od.url, developer_key: od.developerKey, customer_key: od.customerKey })).json()).toEqual({ ok: true, clinics: [{ clinic_num: 3, name: 'Downtown' }] });
    expect((await test(token, { base_url: od.url })).statusCode).toBe(400);
  });

  it('refuses addresses on loopback and private networks the operator did not allow, however written: nothing reaches them', async () => {
    const token = adminAt(await location());
    const port = String(internal.port);
    const refused = { ok: false, message: `Open Dental could not be reached: ${OUTBOUND_MESSAGES.refused}` };
    for (const base_url of [`https://127.0.0.2:${port}/api/v1`, `https://0x7f.0.0.2:${port}/api/v1`, `https://[::ffff:7f00:2]:${port}/api/v1`, `https://[::1]:${port}/api/v1`, `https://od.practice.test:${port}/api/v1`]) {
      const res = await test(token, { base_url, developer_key: 'developer', customer_key: 'customer' });
      expect([base_url, res.statusCode, res.json()]).toEqual([base_url, 200, refused]);
    }
    expect(internal.connections).toBe(0);
  });

  it('does not follow a redirect from the allowed stand-in to another loopback address, and shows none of either body', async () => {
    const redirector = createServer((_req, res) => res.writeHead(302, { location: `http://127.0.0.2:${String(internal.port)}/api/v1/clinics`, 'content-type': 'text/plain' }).end('redirect answer text'));
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    try {
      const base_url = `http://127.0.0.1:${String((redirector.address() as { port: number }).port)}/api/v1`;
      const res = await test(adminAt(await location()), { base_url, developer_key: 'developer', customer_key: 'customer' });
      expect(res.json()).toEqual({ ok: false, message: `Open Dental could not be reached: ${OUTBOUND_MESSAGES.redirect(302)}` });
      expect(res.body).not.toContain('answer text');
      expect(res.body).not.toContain('127.0.0.2');
      expect(internal.connections).toBe(0);
    } finally {
      redirector.closeAllConnections();
      await new Promise((resolve) => redirector.close(resolve));
    }
  });

  it("answers without the remote body: Open Dental's refusal and failure in our words only", async () => {
    const token = adminAt(await location());
    const form = { base_url: od.url, developer_key: od.developerKey, customer_key: od.customerKey };
    od.failNext(1, 400, 'internal answer text');
    expect((await test(token, form)).json()).toEqual({ ok: false, message: PMS_MESSAGES.requestRefused(400) });
    od.failNext(2, 503, 'internal answer text');
    expect((await test(token, form)).json()).toEqual({ ok: false, message: PMS_MESSAGES.serverFailed(503) });
  });

  it('says the same of a closed port and of a port that never answers', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const closing = createServer();
    await new Promise<void>((resolve) => closing.listen(0, '127.0.0.1', resolve));
    const closedPort = (closing.address() as { port: number }).port;
    await new Promise((resolve) => closing.close(resolve));
    try {
      const token = adminAt(await location());
      const keys = { developer_key: 'developer', customer_key: 'customer' };
      const closed = await test(token, { base_url: `http://127.0.0.1:${String(closedPort)}/api/v1`, ...keys });
      const filtered = await test(token, { base_url: `http://127.0.0.1:${String((silent.address() as { port: number }).port)}/api/v1`, ...keys });
      expect(closed.json()).toEqual({ ok: false, message: PMS_MESSAGES.unreachable(OUTBOUND_MESSAGES.noConnection) });
      expect(filtered.json()).toEqual(closed.json());
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('is for the location admins: members get 403', async () => {
    const member = t.tokenFor(world.own.users.company_member);
    expect((await get(member)).statusCode).toBe(403);
    expect((await put(member, settings())).statusCode).toBe(403);
    expect((await test(member, {})).statusCode).toBe(403);
  });

  it('says how to set PMS_SECRET_KEY when the server has none', async () => {
    const bare = await createTestApp();
    try {
      const bareWorld = await createWorld(bare.db);
      const res = await bare.request({ method: 'PUT', url: '/api/pms/connection', token: bare.tokenFor(bareWorld.own.users.company_admin), payload: settings() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.stringContaining('PMS_SECRET_KEY') as string });
      expect(res.body).toContain('openssl rand -base64 32');
      // Without keys the rest of the connection can still be saved.
      const off = await bare.request({ method: 'PUT', url: '/api/pms/connection', token: bare.tokenFor(bareWorld.own.users.company_admin), payload: settings({ enabled: false, developer_key: undefined, customer_key: undefined }) });
      expect(off.statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
