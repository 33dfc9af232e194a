import { MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createUser } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { listOutbox } from '../mail/outbox.repo';

let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const asOwner = () => t.tokenFor(world.own.users.organization_admin);
const newUser = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Ivy',
  last_name: 'Chen',
  email: `ivy-${Math.random().toString(36).slice(2, 8)}@example.com`,
  phone: `+1 512 ${Math.floor(1_000_000 + Math.random() * 8_999_999)}`,
  role: 'assistant',
  company_id: world.own.org.locations[0]!.id,
  ...overrides,
});

describe('POST /user', () => {
  it('creates an approved user in the location and e-mails an invitation link', async () => {
    const body = newUser();
    const res = await t.request({ method: 'POST', url: '/api/user', token: asOwner(), payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: body.email, role: 'assistant', status: 'active', approval_status: 'approved', company: { id: body.company_id } });
    const { records } = await listOutbox(t.db, { offset: 0, limit: 100 });
    const invite = records.find((r) => r.to === body.email);
    expect(invite?.text).toContain('http://clinic.test/reset-password?token=');

    const token = /token=([\w-]+)/.exec(invite!.text)![1]!;
    await t.request({ method: 'POST', url: '/api/password/reset', payload: { token, password: 'my-own-password' } });
    const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: body.email, password: 'my-own-password' } });
    expect(login.statusCode).toBe(200);
  });

  it('answers 409 with the spec message for a taken e-mail or phone', async () => {
    const taken = world.own.users.assistant;
    for (const payload of [newUser({ email: taken.email.toUpperCase() }), newUser({ phone: taken.phone })]) {
      const res = await t.request({ method: 'POST', url: '/api/user', token: asOwner(), payload });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MESSAGES.userExists);
    }
  });

  it('rejects bad input with the field and writes nothing', async () => {
    const before = (await t.request({ method: 'GET', url: '/api/user?perPage=100', token: asOwner() })).json().total;
    const res = await t.request({ method: 'POST', url: '/api/user', token: asOwner(), payload: newUser({ first_name: '  ', phone: 'call me', role: 'admin' }) });
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['first_name', 'phone', 'role']));
    const after = (await t.request({ method: 'GET', url: '/api/user?perPage=100', token: asOwner() })).json().total;
    expect(after).toBe(before);
  });

  it('does not let a location admin create an organization admin', async () => {
    const res = await t.request({ method: 'POST', url: '/api/user', token: t.tokenFor(world.own.users.company_admin), payload: newUser({ role: 'organization_admin' }) });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /user', () => {
  it('pages, searches and filters by approval status and deletion', async () => {
    const admin = t.tokenFor(world.admin);
    const page = (await t.request({ method: 'GET', url: `/api/user?perPage=2&currentPage=1&organization_id=${world.own.org.id}`, token: admin })).json();
    expect(page.results).toHaveLength(2);
    expect(page.currentPage).toBe(1);
    expect(page.lastPage).toBe(Math.ceil(page.total / 2));

    const pending = await createUser(t.db, { role: 'company_member', organizationId: world.own.org.id, companyId: world.own.org.locations[0]!.id, approvalStatus: 'pending', firstName: 'Penelope' });
    const pendingList = (await t.request({ method: 'GET', url: '/api/user?approval_status=pending&search=penelope', token: admin })).json();
    expect(pendingList.results.map((u: { id: string }) => u.id)).toEqual([pending.id]);

    await t.request({ method: 'DELETE', url: `/api/user/${pending.id}`, token: admin });
    const deleted = (await t.request({ method: 'GET', url: '/api/user?deleted=true&search=penelope', token: admin })).json();
    expect(deleted.results[0]).toMatchObject({ id: pending.id, deleted_at: expect.any(String) });
    const live = (await t.request({ method: 'GET', url: '/api/user?search=penelope', token: admin })).json();
    expect(live.total).toBe(0);
  });

  it('rejects a page size over 100', async () => {
    const res = await t.request({ method: 'GET', url: '/api/user?perPage=1000', token: asOwner() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('querystring.perPage');
  });
});

describe('PATCH /user/:id', () => {
  it('lets anyone update their own names, phone and tour settings', async () => {
    const me = world.own.users.assistant;
    const res = await t.request({
      method: 'PATCH',
      url: `/api/user/${me.id}`,
      token: t.tokenFor(me),
      payload: { first_name: 'Sammy', hideTour: true, remindTourAfter: '2026-12-01T10:00:00.000Z' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Sammy', hideTour: true, remindTourAfter: '2026-12-01T10:00:00.000Z' });
  });

  it('does not let users change their own role or status', async () => {
    const me = world.own.users.company_admin;
    const res = await t.request({ method: 'PATCH', url: `/api/user/${me.id}`, token: t.tokenFor(me), payload: { role: 'organization_admin' } });
    expect(res.statusCode).toBe(400);
  });

  it('lets the organization admin disable and re-enable a user', async () => {
    const target = await createUser(t.db, { role: 'company_member', organizationId: world.own.org.id, companyId: world.own.org.locations[0]!.id });
    const off = await t.request({ method: 'PATCH', url: `/api/user/${target.id}`, token: asOwner(), payload: { status: 'disabled' } });
    expect(off.json().status).toBe('disabled');
    expect((await t.request({ method: 'GET', url: '/api/auth/profile', token: t.tokenFor(target) })).statusCode).toBe(401);
    await t.request({ method: 'PATCH', url: `/api/user/${target.id}`, token: asOwner(), payload: { status: 'active' } });
    expect((await t.request({ method: 'GET', url: '/api/auth/profile', token: t.tokenFor(target) })).statusCode).toBe(200);
  });

  it('only the product admin approves users', async () => {
    const target = await createUser(t.db, { role: 'company_member', organizationId: world.own.org.id, companyId: world.own.org.locations[0]!.id, approvalStatus: 'pending' });
    expect((await t.request({ method: 'PATCH', url: `/api/user/${target.id}`, token: asOwner(), payload: { approval_status: 'approved' } })).statusCode).toBe(403);
    const ok = await t.request({ method: 'PATCH', url: `/api/user/${target.id}`, token: t.tokenFor(world.admin), payload: { approval_status: 'approved' } });
    expect(ok.json().approval_status).toBe('approved');
  });

  it('narrows stored permissions to what the role allows', async () => {
    const target = await createUser(t.db, { role: 'assistant', organizationId: world.own.org.id, companyId: world.own.org.locations[0]!.id });
    const res = await t.request({ method: 'PATCH', url: `/api/user/${target.id}`, token: asOwner(), payload: { permissions: { stock: ['read', 'delete'], users: ['read'] } } });
    expect(res.json().permissions).toEqual({ stock: ['read'] });
  });
});

describe('reassign and delete', () => {
  it('moves a user to another location of the same organization', async () => {
    const target = await createUser(t.db, { role: 'company_member', organizationId: world.own.org.id, companyId: world.own.org.locations[0]!.id });
    const res = await t.request({ method: 'PATCH', url: `/api/user/${target.id}/reassign-location`, token: asOwner(), payload: { companyId: world.own.org.locations[1]!.id } });
    expect(res.json().company.id).toBe(world.own.org.locations[1]!.id);
    const profile = await t.request({ method: 'GET', url: '/api/auth/profile', token: t.tokenFor(target) });
    expect(profile.json().company.id).toBe(world.own.org.locations[1]!.id);
  });

  it('refuses a location of another organization', async () => {
    const target = await createUser(t.db, { role: 'company_member', organizationId: world.own.org.id, companyId: world.own.org.locations[0]!.id });
    const res = await t.request({ method: 'PATCH', url: `/api/user/${target.id}/reassign-location`, token: t.tokenFor(world.admin), payload: { companyId: world.foreign.org.locations[0]!.id } });
    expect(res.statusCode).toBe(404);
  });

  it('deletes softly: the account stops working, and nobody deletes themselves', async () => {
    const target = await createUser(t.db, { role: 'company_member', organizationId: world.own.org.id, companyId: world.own.org.locations[0]!.id });
    expect((await t.request({ method: 'DELETE', url: `/api/user/${target.id}`, token: asOwner() })).statusCode).toBe(204);
    const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: target.email, password: target.password } });
    expect(login.statusCode).toBe(401);
    const self = await t.request({ method: 'DELETE', url: `/api/user/${world.own.users.organization_admin.id}`, token: asOwner() });
    expect(self.statusCode).toBe(400);
  });

  it('sends a reset link on request of the manager', async () => {
    const target = await createUser(t.db, { role: 'assistant', organizationId: world.own.org.id, companyId: world.own.org.locations[0]!.id });
    const res = await t.request({ method: 'POST', url: `/api/user/${target.id}/reset-password`, token: asOwner() });
    expect(res.json().message).toBe(`A password reset link was sent to ${target.email}`);
    const outbox = (await t.request({ method: 'GET', url: '/api/user/test-emails?perPage=100', token: t.tokenFor(world.admin) })).json();
    expect(outbox.results.some((m: { to: string; subject: string }) => m.to === target.email && m.subject.includes('Reset'))).toBe(true);
  });
});
