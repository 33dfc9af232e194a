import { randomUUID } from 'node:crypto';
import { createSigner } from 'fast-jwt';
import { AUTH_MESSAGES, SUBSCRIPTION_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createOrganization, createUser } from '../../../test/factories/index';
import { listOutbox } from '../mail/outbox.repo';

const SECRET = 'test-secret-0123456789-0123456789-abcdef';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jwtSecret: SECRET });
});
afterAll(async () => t.close());

const login = (username: string, password: string, ip = '10.0.0.1') =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });

async function latestEmailTo(to: string) {
  const { records } = await listOutbox(t.db, { offset: 0, limit: 50 });
  return records.find((r) => r.to === to);
}

const signupBody = (suffix: string) => ({
  organization_name: `Smile ${suffix}`,
  number_of_locations: 2,
  first_name: 'Nora',
  last_name: 'Quinn',
  email: `nora-${suffix}@example.com`,
  phone: `+1 737 555 ${suffix.padStart(4, '0').slice(-4)}`,
  password: 'a-long-password',
  location: { name: 'Uptown', city: 'Austin', state: 'TX' },
});

describe('POST /auth/login', () => {
  it('returns a token that opens the profile', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, { role: 'company_member', organizationId: org.id, companyId: org.locations[0]!.id, email: 'Mixed.Case@Example.com' });
    const res = await login('mixed.case@example.com', user.password);
    expect(res.statusCode).toBe(200);
    const profile = await t.request({ method: 'GET', url: '/api/auth/profile', token: res.json().access_token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ id: user.id, role: 'company_member', company: { id: org.locations[0]!.id, organization: { id: org.id, approvalStatus: 'approved' } } });
  });

  it('rejects a wrong password with 401 and the same message as an unknown account', async () => {
    const user = await createUser(t.db, { role: 'admin' });
    const wrong = await login(user.email, 'not-the-password');
    const unknown = await login('nobody@example.com', 'whatever-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(unknown.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('answers 429 after five failures, even with the right password, and only for that address', async () => {
    const user = await createUser(t.db, { role: 'admin' });
    for (let i = 0; i < 5; i += 1) expect((await login(user.email, 'bad-password', '10.9.9.9')).statusCode).toBe(401);
    const blocked = await login(user.email, user.password, '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
    expect((await login(user.email, user.password, '10.9.9.10')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says so: twelve made-up addresses still hit the limit', async () => {
    const user = await createUser(t.db, { role: 'admin' });
    const statuses = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: user.email, password: 'guess' }, remoteAddress: '10.7.7.7', headers: { 'x-forwarded-for': `203.0.113.${i}` } });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);

    const proxied = await createTestApp({ trustProxy: '127.0.0.1' });
    try {
      const other = await createUser(proxied.db, { role: 'admin' });
      for (let i = 0; i < 6; i += 1) {
        const res = await proxied.request({ method: 'POST', url: '/api/auth/login', payload: { username: other.email, password: 'guess' }, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `198.51.100.${i}` } });
        expect(res.statusCode).toBe(401);
      }
    } finally {
      await proxied.close();
    }
  });

  it('limits one account guessed from many addresses, and one address guessing many accounts', async () => {
    const user = await createUser(t.db, { role: 'admin' });
    const statuses = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await login(user.email, 'guess', `10.6.0.${i}`)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    expect((await login(user.email, user.password, '10.6.1.1')).statusCode).toBe(429);

    const sprayed = [];
    for (let i = 0; i < 31; i += 1) sprayed.push((await login(`nobody-${i}@example.com`, 'guess', '10.5.5.5')).statusCode);
    expect(sprayed.filter((s) => s === 401)).toHaveLength(30);
    expect(sprayed[30]).toBe(429);
  });

  it('checks no more than five passwords when twenty guesses arrive at once', async () => {
    const user = await createUser(t.db, { role: 'admin' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(user.email, 'guess', '10.4.4.4')));
    const statuses = answers.map((a) => a.statusCode);
    // Each guess is counted per account-and-address (5) and per account (10) in whatever order
    // the twenty arrive, so a guess within the first five of one count may be past the other's:
    // at most five, never none, check a password; every other one is told to wait.
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - checked);
  });

  it('rejects missing fields with 400 naming the field', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: 'a@b.c' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'password', message: 'Required' }]);
  });

  it('refuses disabled and rejected accounts, and their existing tokens stop working', async () => {
    const org = await createOrganization(t.db);
    const disabled = await createUser(t.db, { role: 'company_member', organizationId: org.id, companyId: org.locations[0]!.id });
    const token = (await login(disabled.email, disabled.password)).json().access_token;
    const admin = await createUser(t.db, { role: 'admin' });
    const patch = await t.request({ method: 'PATCH', url: `/api/user/${disabled.id}`, token: t.tokenFor(admin), payload: { status: 'disabled' } });
    expect(patch.statusCode).toBe(200);
    expect((await login(disabled.email, disabled.password)).json().message).toBe(AUTH_MESSAGES.accountDisabled);
    expect((await t.request({ method: 'GET', url: '/api/auth/profile', token })).statusCode).toBe(401);

    const rejected = await createUser(t.db, { role: 'company_member', organizationId: org.id, companyId: org.locations[0]!.id, approvalStatus: 'rejected' });
    const res = await login(rejected.email, rejected.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(AUTH_MESSAGES.accountRejected);
  });
});

describe('tokens', () => {
  it('accepts a fresh token signed with the server secret', async () => {
    const user = await createUser(t.db, { role: 'admin' });
    const token = createSigner({ key: SECRET, expiresIn: 60_000, iss: 'clinic-inventory' })({ sub: user.id, role: 'admin', organization_id: null, company_id: null, sid: randomUUID(), issued_at: Date.now() });
    expect((await t.request({ method: 'GET', url: '/api/auth/profile', token })).statusCode).toBe(200);
  });

  it('answers 401 to a missing, tampered, foreign-signed or expired token', async () => {
    const user = await createUser(t.db, { role: 'admin' });
    const good = t.tokenFor(user);
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'admin', sub: user.id, organization_id: null })).toString('base64url');
    const claims = { sub: user.id, role: 'admin', organization_id: null, company_id: null, sid: randomUUID(), issued_at: Date.now() };
    // Signed with the secret but without a session: nothing could ever sign it out.
    const sessionless = createSigner({ key: SECRET, expiresIn: 60_000, iss: 'clinic-inventory' })({ sub: user.id, role: 'admin', organization_id: null, company_id: null });
    const expired = createSigner({ key: SECRET, expiresIn: 60_000, clockTimestamp: Date.now() - 120_000, iss: 'clinic-inventory' })(claims);
    const otherKey = createSigner({ key: 'another-secret-0123456789-0123456789', expiresIn: 60_000, iss: 'clinic-inventory' })(claims);
    expect(createSigner({ key: SECRET, expiresIn: 60_000, iss: 'clinic-inventory' })(claims)).not.toBe(expired);
    for (const token of [undefined, 'garbage', `${header}.${forged}.${signature}x`, `${header}.${payload}.${signature.slice(0, -2)}aa`, expired, otherKey, sessionless]) {
      const res = await t.request({ method: 'GET', url: '/api/auth/profile', ...(token ? { token } : {}) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: AUTH_MESSAGES.sessionExpired });
    }
  });
});

describe('sign-up and approval', () => {
  it('creates a pending organization whose admin signs in and sees only the profile until the admin approves', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/signup', payload: signupBody('1001') });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.signupReceived });
    const welcome = await latestEmailTo('nora-1001@example.com');
    expect(welcome).toMatchObject({ subject: 'Your organization is registered' });
    expect(welcome!.text).toContain('"Smile 1001"');
    expect(welcome!.text).toContain('http://clinic.test/');
    const signedIn = await login('nora-1001@example.com', 'a-long-password');
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().access_token;
    const profile = (await t.request({ method: 'GET', url: '/api/auth/profile', token })).json();
    expect(profile).toMatchObject({ role: 'organization_admin', approval_status: 'pending', company: { name: 'Uptown', organization: { name: 'Smile 1001', approvalStatus: 'pending', numberOfLocations: 2 } } });

    const blocked = await t.request({ method: 'GET', url: '/api/company', token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(AUTH_MESSAGES.organizationPending);

    const admin = await createUser(t.db, { role: 'admin' });
    const approve = await t.request({ method: 'PATCH', url: `/api/organization/${profile.company.organization.id}`, token: t.tokenFor(admin), payload: { approvalStatus: 'approved' } });
    expect(approve.statusCode).toBe(200);
    expect(approve.json().approvalStatus).toBe('approved');

    // Approved but never subscribed: the subscription dialog's calls answer, the rest waits for a plan.
    const unsubscribed = await t.request({ method: 'GET', url: '/api/company', token });
    expect(unsubscribed.statusCode).toBe(402);
    expect(unsubscribed.json()).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED', message: SUBSCRIPTION_MESSAGES.required });
    expect((await t.request({ method: 'GET', url: '/api/payments/refresh-subscriptions', token })).json()).toMatchObject({ state: 'never', exempt: false });
    const free = await t.request({ method: 'POST', url: `/api/payments/provide-free-subscription?organization_id=${profile.company.organization.id}`, token: t.tokenFor(admin) });
    expect(free.json()).toMatchObject({ state: 'active' });

    expect((await t.request({ method: 'GET', url: '/api/company', token })).statusCode).toBe(200);
    const after = (await t.request({ method: 'GET', url: '/api/auth/profile', token })).json();
    expect(after.approval_status).toBe('approved');
    expect((await latestEmailTo('nora-1001@example.com'))?.subject).toBe('Smile 1001 is approved');
  });

  it('answers a sign-up with an e-mail or phone that has an account exactly as a new one, writes nothing and tells the owner by e-mail', async () => {
    const fresh = await t.request({ method: 'POST', url: '/api/auth/signup', payload: signupBody('2002') });
    expect(fresh.statusCode).toBe(201);
    const owner = signupBody('2002');
    const admin = t.tokenFor(await createUser(t.db, { role: 'admin' }));
    const attempts = [
      { ...signupBody('2003'), organization_name: 'Taken e-mail', email: owner.email.toUpperCase() },
      { ...signupBody('2004'), organization_name: 'Taken phone', phone: owner.phone },
      { ...signupBody('2002'), organization_name: 'Taken both', password: 'another-password' },
    ];
    for (const payload of attempts) {
      const again = await t.request({ method: 'POST', url: '/api/auth/signup', payload });
      expect(again.statusCode).toBe(fresh.statusCode);
      expect(again.json()).toEqual(fresh.json());
      const orgs = await t.request({ method: 'GET', url: `/api/organization?search=${encodeURIComponent(payload.organization_name)}`, token: admin });
      expect(orgs.json().total).toBe(0);
    }
    const { records } = await listOutbox(t.db, { offset: 0, limit: 200 });
    const toOwner = records.filter((r) => r.to === owner.email);
    expect(toOwner.map((r) => r.subject).sort()).toEqual([...Array(3).fill('Someone tried to register with your account'), 'Your organization is registered']);
    expect(toOwner.find((r) => r.subject.startsWith('Someone'))!.text).toContain('http://clinic.test/recover-account');
    // Whoever gave a new e-mail with the owner's phone hears why nothing was registered; the owner's password stays.
    expect((await latestEmailTo(signupBody('2004').email))?.subject).toBe('Your registration could not be completed');
    expect((await login(owner.email, 'another-password')).statusCode).toBe(401);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('rejects bad sign-up input with the field and reason', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/signup', payload: { ...signupBody('3003'), email: 'not-an-email', password: 'short' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Enter a valid email address' },
        { field: 'password', message: 'Password must be at least 8 characters' },
      ]),
    );
  });

  it('rejecting an organization keeps its users out', async () => {
    expect((await t.request({ method: 'POST', url: '/api/auth/signup', payload: signupBody('4004') })).statusCode).toBe(201);
    const token = (await login('nora-4004@example.com', 'a-long-password')).json().access_token;
    const orgId = (await t.request({ method: 'GET', url: '/api/auth/profile', token })).json().company.organization.id;
    const admin = await createUser(t.db, { role: 'admin' });
    await t.request({ method: 'PATCH', url: `/api/organization/${orgId}`, token: t.tokenFor(admin), payload: { approvalStatus: 'rejected' } });
    expect((await t.request({ method: 'GET', url: '/api/auth/profile', token })).statusCode).toBe(401);
    expect((await login('nora-4004@example.com', 'a-long-password')).json().message).toBe(AUTH_MESSAGES.accountRejected);
  });
});

describe('password recovery', () => {
  it('sends one person at most three reset links per window however often they are asked for, and slows a client that keeps asking', async () => {
    const user = await createUser(t.db, { role: 'company_member', email: 'much-reset@example.com' });
    for (let i = 0; i < 30; i += 1) {
      const res = await t.request({ method: 'POST', url: '/api/password', payload: { email: user.email }, remoteAddress: `10.3.0.${i}` });
      expect(res.statusCode).toBe(202);
      expect(res.json().message).toBe(AUTH_MESSAGES.resetEmailSent);
    }
    const { records } = await listOutbox(t.db, { offset: 0, limit: 200 });
    expect(records.filter((r) => r.to === user.email)).toHaveLength(3);

    const fromOne = [];
    for (let i = 0; i < 11; i += 1) fromOne.push((await t.request({ method: 'POST', url: '/api/password', payload: { email: `someone-${i}@example.com` }, remoteAddress: '10.3.9.9' })).statusCode);
    expect(fromOne.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(fromOne[10]).toBe(429);
  });

  it('e-mails a single-use link that sets a new password', async () => {
    const user = await createUser(t.db, { role: 'admin', email: 'forgetful@example.com' });
    const res = await t.request({ method: 'POST', url: '/api/password', payload: { email: 'forgetful@example.com' } });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(AUTH_MESSAGES.resetEmailSent);
    const email = await latestEmailTo('forgetful@example.com');
    const token = /token=([\w-]+)/.exec(email!.text)![1]!;
    expect(email!.text).toContain('http://clinic.test/reset-password?token=');

    const before = (await login(user.email, user.password)).json().access_token as string;
    const reset = await t.request({ method: 'POST', url: '/api/password/reset', payload: { token, password: 'brand-new-password' } });
    expect(reset.statusCode).toBe(200);
    // The sessions from before the reset end, on this server and any other.
    expect((await t.request({ method: 'GET', url: '/api/auth/profile', token: before })).statusCode).toBe(401);
    const after = await login(user.email, 'brand-new-password');
    expect(after.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/profile', token: after.json().access_token })).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);

    const reuse = await t.request({ method: 'POST', url: '/api/password/reset', payload: { token, password: 'another-password' } });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().errors).toEqual([{ field: 'token', message: AUTH_MESSAGES.resetLinkInvalid }]);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const res = await t.request({ method: 'POST', url: '/api/password', payload: { email: 'ghost@example.com' } });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(AUTH_MESSAGES.resetEmailSent);
    expect(await latestEmailTo('ghost@example.com')).toBeUndefined();
  });

  it('refuses an expired link', async () => {
    let clock = new Date('2026-01-01T10:00:00Z');
    const timed = await createTestApp({ now: () => clock });
    try {
      await createUser(timed.db, { role: 'admin', email: 'late@example.com' });
      await timed.request({ method: 'POST', url: '/api/password', payload: { email: 'late@example.com' } });
      const { records } = await listOutbox(timed.db, { offset: 0, limit: 5 });
      const token = /token=([\w-]+)/.exec(records[0]!.text)![1]!;
      clock = new Date('2026-01-01T11:01:00Z');
      const res = await timed.request({ method: 'POST', url: '/api/password/reset', payload: { token, password: 'too-late-password' } });
      expect(res.statusCode).toBe(400);
    } finally {
      await timed.close();
    }
  });
});

describe('POST /auth/switch-locations', () => {
  it('gives an organization admin a token for another location of their organization', async () => {
    const org = await createOrganization(t.db, { locations: [{ name: 'A', city: 'Austin', state: 'TX' }, { name: 'B', city: 'Houston', state: 'TX' }] });
    const owner = await createUser(t.db, { role: 'organization_admin', organizationId: org.id, companyId: org.locations[0]!.id });
    const res = await t.request({ method: 'POST', url: '/api/auth/switch-locations', token: t.tokenFor(owner), payload: { company_id: org.locations[1]!.id } });
    expect(res.statusCode).toBe(200);
    const profile = (await t.request({ method: 'GET', url: '/api/auth/profile', token: res.json().access_token })).json();
    expect(profile.company).toMatchObject({ id: org.locations[1]!.id, city: 'Houston', state: 'TX' });
  });

  it('refuses another organization\'s location with 404 and other roles with 403', async () => {
    const org = await createOrganization(t.db);
    const other = await createOrganization(t.db);
    const owner = await createUser(t.db, { role: 'organization_admin', organizationId: org.id, companyId: org.locations[0]!.id });
    const member = await createUser(t.db, { role: 'company_member', organizationId: org.id, companyId: org.locations[0]!.id });
    const foreign = await t.request({ method: 'POST', url: '/api/auth/switch-locations', token: t.tokenFor(owner), payload: { company_id: other.locations[0]!.id } });
    expect(foreign.statusCode).toBe(404);
    const notAllowed = await t.request({ method: 'POST', url: '/api/auth/switch-locations', token: t.tokenFor(member), payload: { company_id: org.locations[0]!.id } });
    expect(notAllowed.statusCode).toBe(403);
  });
});

describe('GET /auth/permissions', () => {
  it('returns the role map, without purchase history for assistants', async () => {
    const org = await createOrganization(t.db);
    const assistant = await createUser(t.db, { role: 'assistant', organizationId: org.id, companyId: org.locations[0]!.id });
    const member = await createUser(t.db, { role: 'company_member', organizationId: org.id, companyId: org.locations[0]!.id });
    const a = (await t.request({ method: 'GET', url: '/api/auth/permissions', token: t.tokenFor(assistant) })).json();
    const m = (await t.request({ method: 'GET', url: '/api/auth/permissions', token: t.tokenFor(member) })).json();
    expect(a.role).toBe('assistant');
    expect(a.permissions.purchaseHistory).toBeUndefined();
    expect(m.permissions.purchaseHistory).toEqual(['read']);
  });
});

describe('POST /auth/logout', () => {
  it('ends the session for every server process while the user\'s other sessions go on', async () => {
    const user = await createUser(t.db, { role: 'admin' });
    const tablet = (await login(user.email, user.password, '10.9.0.1')).json().access_token as string;
    const desk = (await login(user.email, user.password, '10.9.0.2')).json().access_token as string;
    const other = await t.sibling();
    try {
      expect((await other.request({ method: 'GET', url: '/api/auth/profile', token: tablet })).statusCode).toBe(200);
      expect((await t.request({ method: 'POST', url: '/api/auth/logout', token: tablet })).statusCode).toBe(204);
      for (const server of [t, other]) {
        const res = await server.request({ method: 'GET', url: '/api/auth/profile', token: tablet });
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe(AUTH_MESSAGES.sessionExpired);
        expect((await server.request({ method: 'GET', url: '/api/auth/profile', token: desk })).statusCode).toBe(200);
      }
      // Signing out twice, or without a session, is not an error the user can do anything about.
      expect((await t.request({ method: 'POST', url: '/api/auth/logout', token: tablet })).statusCode).toBe(401);
      expect((await t.request({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('GET /config', () => {
  it('tells anyone, without a token, that no booking page or support address is configured', async () => {
    const res = await t.request({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ booking_url: null, support_email: null, idle_logoff_minutes: 30 });
  });

  it('serves the configured booking page and support address', async () => {
    const configured = await createTestApp({ support: { bookingUrl: 'https://cal.example/clinic/onboarding', email: 'help@clinic.example' }, idleLogoffMinutes: 10 });
    try {
      const res = await configured.request({ method: 'GET', url: '/api/config' });
      expect(res.json()).toEqual({ booking_url: 'https://cal.example/clinic/onboarding', support_email: 'help@clinic.example', idle_logoff_minutes: 10 });
    } finally {
      await configured.close();
    }
  });
});
