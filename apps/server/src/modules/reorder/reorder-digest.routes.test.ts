import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { REORDER_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { createOrganization, createProduct, createStock, createSupplier, createUser } from '../../../test/factories/index';
import { setMinimumStock } from '../products/products.repo';
import { QUEUES } from '../../jobs/queues';
import { createReorderDigestService, weekStart } from './reorder-digest.service';

// Issue 35: the reorder digest e-mail, a location admin's choice, sent by the hourly job.
const MONDAY = new Date('2026-11-23T15:00:00Z');
const DAY_MS = 86_400_000;
let now = MONDAY;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => now });
});
afterAll(async () => t.close());
afterEach(() => {
  now = MONDAY;
});

/** A clinic of its own per test (the job reads every subscription): a location, its admin and a member. */
async function clinic() {
  const org = await createOrganization(t.db, { name: `Digest ${randomUUID().slice(0, 8)}`, locations: [{ name: 'Downtown Clinic', city: 'Austin', state: 'TX' }, { name: 'Uptown Clinic', city: 'Austin', state: 'TX' }] });
  const companyId = org.locations[0]!.id;
  const admin = await createUser(t.db, { role: 'company_admin', organizationId: org.id, companyId, email: `digest-admin-${randomUUID().slice(0, 8)}@example.com` });
  const member = await createUser(t.db, { role: 'company_member', organizationId: org.id, companyId, email: `digest-member-${randomUUID().slice(0, 8)}@example.com` });
  return { org, companyId, admin, member, adminToken: t.tokenFor(admin), memberToken: t.tokenFor(member) };
}
type Clinic = Awaited<ReturnType<typeof clinic>>;

const choose = (token: string, frequency: unknown) => t.request({ method: 'PUT', url: '/api/reorder/digest', token, payload: { frequency } });
const choice = async (token: string) => (await t.request({ method: 'GET', url: '/api/reorder/digest', token })).json<{ frequency: string }>().frequency;
const mailsTo = (to: string) => queryRows<{ subject: string; text: string }>(t.db, sql`select subject, text from email_outbox where "to" = ${to} order by created_at, id`);
const subscription = async (c: Clinic) =>
  (await queryRows<{ frequency: string; token: string; last_sent_on: string | null }>(t.db, sql`select frequency, token, last_sent_on::text from reorder_digest_subscriptions where user_id = ${c.admin.id} and company_id = ${c.companyId}`))[0];
/** The job as the engine runs it: the hourly schedule, then the per-location jobs it queued (issue 53). */
async function runJob() {
  await t.jobs.send(QUEUES.reorderDigest, {});
  await t.jobs.drain(QUEUES.reorderDigest.name);
  await t.jobs.drain(QUEUES.reorderDigestLocation.name);
}

/** Three items at risk, one lot expiring, and a suggested order of two lines to order (and three that are not). */
async function somethingToSay(c: Clinic) {
  const product = (name: string) => createProduct(t.db, { companyId: c.companyId, name });
  const lidocaine = await product('Lidocaine 2%');
  await createStock(t.db, { companyId: c.companyId, productId: lidocaine.id, unitsPerContainer: 6 });
  // 2 units a day, 5 days to deliver: 6 units run out first (3 days of cover).
  await t.db.execute(sql`insert into reorder_forecasts (company_id, product_id, method, daily_use, lead_time_days, reorder_point, order_up_to, computed_at)
                         values (${c.companyId}, ${lidocaine.id}, 'steady', 2, 5, 12, 26, now())`);
  const gauze = await product('Gauze 4x4');
  await createStock(t.db, { companyId: c.companyId, productId: gauze.id, unitsPerContainer: 4 });
  await setMinimumStock(t.db, gauze.id, c.companyId, 10);
  const gloves = await product('Nitrile Gloves');
  await setMinimumStock(t.db, gloves.id, c.companyId, 5);
  const varnish = await product('Fluoride Varnish');
  await createStock(t.db, { companyId: c.companyId, productId: varnish.id, unitsPerContainer: 10, expiryDate: '2026-12-10', lotNumber: 'FV-0425' });
  await createStock(t.db, { companyId: c.companyId, productId: varnish.id, unitsPerContainer: 10, expiryDate: '2027-06-30', lotNumber: 'FV-0601' });
  await t.alerts.scan();

  const [draft] = await queryRows<{ id: string }>(t.db, sql`insert into suggested_orders (company_id) values (${c.companyId}) returning id`);
  const line = (productId: string, quantity: number, price: number) =>
    t.db.execute(sql`insert into suggested_order_lines (suggested_order_id, company_id, product_id, quantity, price, units_needed, usable_units, on_order_units, reorder_point, order_up_to)
                     values (${draft!.id}, ${c.companyId}, ${productId}, ${quantity}, ${price}, 10, 0, 0, 5, 15)`);
  await line(lidocaine.id, 2, 15.5);
  await line(gauze.id, 1, 20);
  await t.db.execute(sql`insert into suggested_order_lines (suggested_order_id, company_id, product_id, quantity, price, units_needed, usable_units, on_order_units, reorder_point, order_up_to, removed)
                         values (${draft!.id}, ${c.companyId}, ${gloves.id}, 3, 9, 10, 0, 0, 5, 15, true)`);
  await t.db.execute(sql`insert into suggested_order_lines (suggested_order_id, company_id, product_id, quantity, price, units_needed, usable_units, on_order_units, reorder_point, order_up_to, problem)
                         values (${draft!.id}, ${c.companyId}, ${varnish.id}, 0, null, 10, 0, 0, 5, 15, 'No supplier to order it from')`);
  const supplier = await createSupplier(t.db, { companyId: c.companyId });
  const [po] = await queryRows<{ id: string }>(t.db, sql`insert into purchase_orders (company_id, number, supplier_id, total) values (${c.companyId}, 1, ${supplier.id}, 40) returning id`);
  const ordered = await product('Prophy Angles');
  await t.db.execute(sql`insert into suggested_order_lines (suggested_order_id, company_id, product_id, quantity, price, units_needed, usable_units, on_order_units, reorder_point, order_up_to, purchase_order_id)
                         values (${draft!.id}, ${c.companyId}, ${ordered.id}, 4, 10, 10, 0, 0, 5, 15, ${po!.id})`);
}

describe("the admin's choice", () => {
  it('is off until chosen, saved per location, keeps its off link when changed, and is audited', async () => {
    const c = await clinic();
    expect(await choice(c.adminToken)).toBe('off');
    const daily = await choose(c.adminToken, 'daily');
    expect(daily.statusCode).toBe(200);
    expect(daily.json()).toEqual({ frequency: 'daily' });
    expect(await choice(c.adminToken)).toBe('daily');
    const { token } = (await subscription(c))!;
    expect((await choose(c.adminToken, 'weekly')).json()).toEqual({ frequency: 'weekly' });
    expect(await subscription(c)).toMatchObject({ frequency: 'weekly', token });
    // An organization admin's choice is for the location they are signed in to.
    const owner = await createUser(t.db, { role: 'organization_admin', organizationId: c.org.id, companyId: c.companyId });
    await choose(t.tokenFor(owner, c.org.locations[1]!.id), 'daily');
    expect(await choice(t.tokenFor(owner, c.org.locations[1]!.id))).toBe('daily');
    expect(await choice(t.tokenFor(owner, c.companyId))).toBe('off');
    const audit = await queryRows<{ action: string; changes: unknown }>(t.db, sql`select action, changes from audit_log where entity = 'reorder_digest' and actor_user_id = ${c.admin.id} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['update', 'update']);
    expect((await choose(c.adminToken, 'off')).json()).toEqual({ frequency: 'off' });
    expect(await subscription(c)).toBeUndefined();
    expect(await choice(c.adminToken)).toBe('off');
  });

  it('is refused to members (403) and names the field of a bad frequency (400)', async () => {
    const c = await clinic();
    expect((await t.request({ method: 'GET', url: '/api/reorder/digest', token: c.memberToken })).statusCode).toBe(403);
    expect((await choose(c.memberToken, 'daily')).statusCode).toBe(403);
    const bad = await choose(c.adminToken, 'monthly');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'frequency', message: REORDER_MESSAGES.digestFrequency }]);
    expect((await t.request({ method: 'PUT', url: '/api/reorder/digest', token: c.adminToken, payload: {} })).statusCode).toBe(400);
    expect(await subscription(c)).toBeUndefined();
  });
});

describe('the digest job', () => {
  it('e-mails the admin once a day what is at risk, expiring and waiting, with the links', async () => {
    const c = await clinic();
    await somethingToSay(c);
    await choose(c.adminToken, 'daily');
    await runJob();
    const [mail, ...others] = await mailsTo(c.admin.email);
    expect(others).toEqual([]);
    expect(mail!.subject).toBe('Downtown Clinic: 3 items at risk, 1 lot expiring, 2 products in the suggested order');
    const { token } = (await subscription(c))!;
    expect(mail!.text).toBe(
      [
        'Your daily reorder digest for Downtown Clinic, 11-23-2026.',
        [
          'Items at risk (3):',
          '- Lidocaine 2%: 6 units left, 3 days of cover, runs out before a delivery ordered today would arrive (lead time 5 days)',
          '- Nitrile Gloves: out of stock, below the minimum of 5 units',
          '- Gauze 4x4: 4 units left, below the minimum of 10 units',
        ].join('\n'),
        'Lots expiring within 30 days (1):\n- Fluoride Varnish, lot FV-0425: expires 12-10-2026, 10 units left',
        'Suggested order waiting for review: 2 products, $51.00 in total.\nReview and order: http://clinic.test/reorder/suggestions',
        `You get this e-mail because you turned on the reorder digest for Downtown Clinic. Change it in Reorder settings, or turn it off:\nhttp://clinic.test/api/reorder/digest/off?token=${token}`,
      ].join('\n\n'),
    );
    expect(await subscription(c)).toMatchObject({ last_sent_on: '2026-11-23' });
    // Not twice the same day, and never to whoever did not ask.
    await runJob();
    expect(await mailsTo(c.admin.email)).toHaveLength(1);
    expect(await mailsTo(c.member.email)).toEqual([]);
    // The next day, again.
    now = new Date(MONDAY.getTime() + DAY_MS);
    await runJob();
    expect(await mailsTo(c.admin.email)).toHaveLength(2);
  });

  it('sends one e-mail when two processes run the job at once', async () => {
    const c = await clinic();
    await somethingToSay(c);
    await choose(c.adminToken, 'daily');
    const [one, other] = [createReorderDigestService(t.deps), createReorderDigestService(t.deps)];
    await Promise.all([one.sendDigests(), other.sendDigests()]);
    expect(await mailsTo(c.admin.email)).toHaveLength(1);
    const queued = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from pgboss.job j join email_outbox o on o.id::text = j.data->>'emailId' where j.name = 'email' and o."to" = ${c.admin.email}`);
    expect(queued).toEqual([{ n: 1 }]);
  });

  it('sends nothing when there is nothing to say, and looks again at the next run', async () => {
    const c = await clinic();
    await choose(c.adminToken, 'daily');
    await runJob();
    expect(await mailsTo(c.admin.email)).toEqual([]);
    expect(await subscription(c)).toMatchObject({ last_sent_on: null });
    const p = await createProduct(t.db, { companyId: c.companyId, name: 'Sutures' });
    await setMinimumStock(t.db, p.id, c.companyId, 3);
    await t.alerts.scan();
    await runJob();
    expect((await mailsTo(c.admin.email)).map((m) => m.subject)).toEqual(['Downtown Clinic: 1 item at risk']);
  });

  it('sends weekly digests once a week from Monday, and none before the morning hour', async () => {
    const c = await clinic();
    await somethingToSay(c);
    await choose(c.adminToken, 'weekly');
    // A location without a time zone keeps UTC: 6:30 is before the 7:00 morning hour (REORDER_DIGEST_LOCAL_HOUR).
    now = new Date('2026-11-23T06:30:00Z');
    await runJob();
    expect(await mailsTo(c.admin.email)).toEqual([]);
    now = MONDAY;
    await runJob();
    now = new Date(MONDAY.getTime() + 2 * DAY_MS);
    await runJob();
    expect(await mailsTo(c.admin.email)).toHaveLength(1);
    now = new Date(MONDAY.getTime() + 7 * DAY_MS);
    await runJob();
    const mails = await mailsTo(c.admin.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toMatch(/^Your weekly reorder digest for Downtown Clinic, 11-30-2026\./);
  });

  it('is off for whoever may no longer update the location', async () => {
    const c = await clinic();
    await somethingToSay(c);
    await choose(c.adminToken, 'daily');
    await t.db.execute(sql`update users set role = 'company_member' where id = ${c.admin.id}`);
    await runJob();
    expect(await mailsTo(c.admin.email)).toEqual([]);
  });

  it('counts Mondays as the start of the week', () => {
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    expect(weekStart('2026-12-01')).toBe('2026-11-30');
  });
});

describe("the e-mail's off link", () => {
  it('asks before it turns the digest off, without signing in, once; any other token is a 404 that tells nothing', async () => {
    const c = await clinic();
    await choose(c.adminToken, 'daily');
    const { token } = (await subscription(c))!;
    // Opening the link (as a mail scanner would) asks first and changes nothing.
    const asked = await t.request({ method: 'GET', url: `/api/reorder/digest/off?token=${encodeURIComponent(token)}` });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(REORDER_MESSAGES.digestConfirmOff);
    expect(asked.body).toContain(`<form method="post" action="/api/reorder/digest/off?token=${encodeURIComponent(token)}">`);
    expect(asked.body).not.toContain('Downtown');
    expect(await subscription(c)).toBeDefined();
    const off = await t.request({ method: 'POST', url: `/api/reorder/digest/off?token=${encodeURIComponent(token)}` });
    expect(off.statusCode).toBe(200);
    expect(off.headers['content-type']).toMatch(/^text\/html/);
    expect(off.body).toContain(REORDER_MESSAGES.digestTurnedOff);
    expect(off.body).not.toContain('Downtown');
    expect(await subscription(c)).toBeUndefined();
    expect(await choice(c.adminToken)).toBe('off');
    const audit = await queryRows<{ actor: string; company: string }>(t.db, sql`select actor_user_id as actor, company_id as company from audit_log where entity = 'reorder_digest' and action = 'turn_off_by_link' and entity_id = ${c.admin.id}`);
    expect(audit).toEqual([{ actor: c.admin.id, company: c.companyId }]);

    const again = await t.request({ method: 'POST', url: `/api/reorder/digest/off?token=${encodeURIComponent(token)}` });
    expect(again.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/reorder/digest/off?token=${encodeURIComponent(token)}` })).statusCode).toBe(404);
    expect(again.body).toContain(REORDER_MESSAGES.digestLinkUnknown);
    expect((await t.request({ method: 'GET', url: '/api/reorder/digest/off?token=not-a-token' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/reorder/digest/off' })).statusCode).toBe(400);
  });
});
