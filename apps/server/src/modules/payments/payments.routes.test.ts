import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_TRIAL_DAYS, SETUP_FEE_CENTS_PER_LOCATION, SUBSCRIPTION_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createOrganization, createUser, subscribe } from '../../../test/factories/index';
import { listOutbox } from '../mail/outbox.repo';
import { listInvoices } from './payments.repo';

/**
 * Subscriptions with the local provider (the default): the dialog's calls, the app's own test
 * checkout recorded through the same path as a provider's webhook, and the 402 gate.
 */
const DAY = 86_400_000;
let clock = new Date('2026-11-25T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => t.close());

async function newClinic(options: { locations?: number } = {}) {
  const locations = Array.from({ length: options.locations ?? 1 }, (_, i) => ({ name: `Site ${i + 1}`, city: 'Austin', state: 'TX' }));
  const org = await createOrganization(t.db, { subscribed: false, locations });
  const companyId = org.locations[0]!.id;
  const owner = await createUser(t.db, { role: 'organization_admin', organizationId: org.id, companyId });
  const member = await createUser(t.db, { role: 'company_member', organizationId: org.id, companyId });
  return { org, owner: t.tokenFor(owner), member: t.tokenFor(member) };
}

const get = (url: string, token: string) => t.request({ method: 'GET', url, token });
const post = (url: string, token: string) => t.request({ method: 'POST', url, token });
const checkoutIdOf = (url: string) => url.split('/checkout/local/')[1]!;

async function emailsTo(subjectStart: string) {
  const { records } = await listOutbox(t.db, { offset: 0, limit: 200 });
  return records.filter((r) => r.subject.startsWith(subjectStart));
}

describe('a never-subscribed organization', () => {
  it('is offered the free trial and its plans, and its members get 402 everywhere but the dialog', async () => {
    const clinic = await newClinic({ locations: 2 });
    const blocked = await get('/api/company', clinic.member);
    expect(blocked.statusCode).toBe(402);
    expect(blocked.json()).toEqual({ statusCode: 402, code: 'SUBSCRIPTION_REQUIRED', message: SUBSCRIPTION_MESSAGES.required });
    expect((await get('/api/auth/profile', clinic.member)).statusCode).toBe(200);

    const overview = (await get('/api/payments/refresh-subscriptions', clinic.member)).json();
    expect(overview).toMatchObject({ state: 'never', exempt: false, needs_management: false, provider: 'local', free_trial_days: FREE_TRIAL_DAYS, number_of_locations: 2 });
    expect(overview.setup_fee).toEqual({ per_location_cents: SETUP_FEE_CENTS_PER_LOCATION, locations: 2, total_cents: 100_000, due: true });
    expect(overview.plans.map((p: { id: string }) => p.id)).toEqual(['six_months_single', 'twelve_months_single', 'twelve_months_multiple']);
    const multiple = overview.plans.find((p: { id: string }) => p.id === 'twelve_months_multiple');
    expect(multiple).toMatchObject({ monthly_cents: 15_099, locations: 2, period_cents: 15_099 * 12 * 2 });
  });

  it('offers the multiple-location plan only to organizations with more than one location', async () => {
    const clinic = await newClinic();
    const overview = (await get('/api/payments/my-subscriptions', clinic.owner)).json();
    expect(overview.plans.map((p: { id: string }) => p.id)).toEqual(['six_months_single', 'twelve_months_single']);
    const refused = await get('/api/payments/create-checkout-session?product_id=twelve_months_multiple', clinic.owner);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: SUBSCRIPTION_MESSAGES.planUnavailable, errors: [{ field: 'product_id', message: SUBSCRIPTION_MESSAGES.planUnavailable }] });
    const unknown = await get('/api/payments/create-checkout-session?product_id=lifetime', clinic.owner);
    expect(unknown.statusCode).toBe(400);
  });

  it('starts a free trial through the local checkout: nothing is due, the members get in, a second trial is refused', async () => {
    const clinic = await newClinic();
    const started = await get('/api/payments/create-checkout-session?isFree=true&product_id=twelve_months_single', clinic.owner);
    expect(started.statusCode).toBe(200);
    expect(started.json().url).toMatch(/^http:\/\/clinic\.test\/checkout\/local\/[0-9a-f-]{36}$/);
    const id = checkoutIdOf(started.json().url);

    const page = (await get(`/api/payments/local-checkout/${id}`, clinic.owner)).json();
    expect(page).toMatchObject({ status: 'open', is_trial: true, trial_days: FREE_TRIAL_DAYS, setup_fee_cents: 0, due_today_cents: 0, success_url: 'http://clinic.test/dashboard?success=true' });

    const done = await post(`/api/payments/local-checkout/${id}/complete`, clinic.owner);
    expect(done.json()).toEqual({ url: 'http://clinic.test/dashboard?success=true' });
    expect((await get('/api/company', clinic.member)).statusCode).toBe(200);

    const overview = (await get('/api/payments/my-subscriptions', clinic.member)).json();
    expect(overview).toMatchObject({ state: 'active', effective: { status: 'trialing', is_trial: true, plan_id: 'twelve_months_single', provider: 'local' } });
    expect(Date.parse(overview.effective.expiresAt)).toBe(clock.getTime() + FREE_TRIAL_DAYS * DAY);
    expect(overview.invoices).toEqual([]);
    expect(overview.setup_fee.due).toBe(true);

    const again = await get('/api/payments/create-checkout-session?isFree=true', clinic.owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SUBSCRIPTION_MESSAGES.trialUsed);
  });
});

describe('paying through the local checkout', () => {
  it('charges the plan with the set-up fee once, records the invoice, e-mails a receipt and lets everyone in', async () => {
    const clinic = await newClinic({ locations: 2 });
    const url = (await get('/api/payments/create-checkout-session?product_id=twelve_months_multiple', clinic.owner)).json().url as string;
    const id = checkoutIdOf(url);
    const page = (await get(`/api/payments/local-checkout/${id}`, clinic.owner)).json();
    const period = 15_099 * 12 * 2;
    expect(page).toMatchObject({ is_trial: false, setup_fee_cents: 100_000, due_today_cents: period + 100_000, plan: { id: 'twelve_months_multiple', period_cents: period } });

    const receiptsBefore = (await emailsTo('Payment received')).length;
    expect((await post(`/api/payments/local-checkout/${id}/complete`, clinic.owner)).statusCode).toBe(200);
    const overview = (await get('/api/payments/my-subscriptions', clinic.owner)).json();
    expect(overview).toMatchObject({ state: 'active', effective: { status: 'active', is_trial: false, plan_id: 'twelve_months_multiple' }, setup_fee: { due: false } });
    expect(overview.invoices).toHaveLength(1);
    expect(overview.invoices[0]).toMatchObject({ amount_cents: period + 100_000, status: 'paid' });
    const receipts = await emailsTo('Payment received');
    expect(receipts).toHaveLength(receiptsBefore + 1);
    expect(receipts[0]!.subject).toBe(`Payment received: $${((period + 100_000) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);

    // Completing twice (a double click, a replay) changes nothing.
    const twice = await post(`/api/payments/local-checkout/${id}/complete`, clinic.owner);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(SUBSCRIPTION_MESSAGES.checkoutClosed);
    expect(await listInvoices(t.db, clinic.org.id)).toHaveLength(1);
    expect(await emailsTo('Payment received')).toHaveLength(receiptsBefore + 1);

    const another = await get('/api/payments/create-checkout-session?product_id=six_months_single', clinic.owner);
    expect(another.statusCode).toBe(409);
    expect(another.json().message).toBe(SUBSCRIPTION_MESSAGES.alreadyActive);
  });

  it('uses the organization custom price the product admin set for the multiple-location plan', async () => {
    const clinic = await newClinic({ locations: 3 });
    const admin = t.tokenFor(await createUser(t.db, { role: 'admin' }));
    expect((await t.request({ method: 'PATCH', url: `/api/organization/${clinic.org.id}/change-custom-price`, token: admin, payload: { customPrice: '120.50' } })).statusCode).toBe(200);
    const url = (await get('/api/payments/create-checkout-session?product_id=twelve_months_multiple', clinic.owner)).json().url as string;
    const page = (await get(`/api/payments/local-checkout/${checkoutIdOf(url)}`, clinic.owner)).json();
    expect(page.plan).toMatchObject({ monthly_cents: 12_050, custom_price: true, period_cents: 12_050 * 12 * 3 });
    expect(page.setup_fee_cents).toBe(150_000);
  });

  it('a paid plan replaces a running trial and the set-up fee is charged with it', async () => {
    const clinic = await newClinic();
    const trial = (await get('/api/payments/create-checkout-session?isFree=true', clinic.owner)).json().url as string;
    await post(`/api/payments/local-checkout/${checkoutIdOf(trial)}/complete`, clinic.owner);
    const paid = (await get('/api/payments/create-checkout-session?product_id=six_months_single', clinic.owner)).json().url as string;
    expect((await get(`/api/payments/local-checkout/${checkoutIdOf(paid)}`, clinic.owner)).json()).toMatchObject({ setup_fee_cents: 50_000, due_today_cents: 18_999 * 6 + 50_000 });
    await post(`/api/payments/local-checkout/${checkoutIdOf(paid)}/complete`, clinic.owner);
    const overview = (await get('/api/payments/my-subscriptions', clinic.owner)).json();
    expect(overview.effective).toMatchObject({ status: 'active', plan_id: 'six_months_single' });
    expect(overview.subscriptions.map((s: { status: string }) => s.status).sort()).toEqual(['active', 'canceled']);
  });

  it('cancelling the checkout charges nothing and closes it', async () => {
    const clinic = await newClinic();
    const id = checkoutIdOf((await get('/api/payments/create-checkout-session?product_id=six_months_single', clinic.owner)).json().url);
    expect((await post(`/api/payments/local-checkout/${id}/cancel`, clinic.owner)).json()).toEqual({ url: 'http://clinic.test/dashboard?cancelled=true' });
    expect((await get(`/api/payments/local-checkout/${id}`, clinic.owner)).json().status).toBe('cancelled');
    expect((await post(`/api/payments/local-checkout/${id}/complete`, clinic.owner)).statusCode).toBe(409);
    expect((await get('/api/payments/my-subscriptions', clinic.owner)).json().state).toBe('never');
  });

  it("another organization's checkout is not found, and members may not buy", async () => {
    const clinic = await newClinic();
    const other = await newClinic();
    const id = checkoutIdOf((await get('/api/payments/create-checkout-session?product_id=six_months_single', clinic.owner)).json().url);
    expect((await get(`/api/payments/local-checkout/${id}`, other.owner)).statusCode).toBe(404);
    expect((await post(`/api/payments/local-checkout/${id}/complete`, other.owner)).statusCode).toBe(404);
    expect((await get('/api/payments/create-checkout-session?product_id=six_months_single', clinic.member)).statusCode).toBe(403);
    expect((await get('/api/payments/my-subscriptions', clinic.owner)).json().state).toBe('never');
  });
});

describe('the subscription over time', () => {
  it('cancelling keeps access until the paid period ends; then the organization is blocked again', async () => {
    const clinic = await newClinic();
    const id = checkoutIdOf((await get('/api/payments/create-checkout-session?product_id=six_months_single', clinic.owner)).json().url);
    await post(`/api/payments/local-checkout/${id}/complete`, clinic.owner);
    const subscriptionId = (await get('/api/payments/my-subscriptions', clinic.owner)).json().effective.subscription_id as string;

    expect((await get(`/api/payments/cancel-subscription?subscription_id=${subscriptionId}`, clinic.member)).statusCode).toBe(403);
    const cancelled = await get(`/api/payments/cancel-subscription?subscription_id=${subscriptionId}`, clinic.owner);
    expect(cancelled.json()).toMatchObject({ state: 'active', effective: { cancel_at_period_end: true } });
    expect((await get('/api/company', clinic.member)).statusCode).toBe(200);

    const saved = clock;
    try {
      clock = new Date(saved.getTime() + 200 * DAY);
      expect((await get('/api/company', clinic.member)).statusCode).toBe(402);
      const later = (await get('/api/payments/refresh-subscriptions', clinic.owner)).json();
      expect(later).toMatchObject({ state: 'inactive', effective: { status: 'canceled' } });
      // Renewing after a lapse: the set-up fee was paid once and is not charged again.
      const renew = checkoutIdOf((await get('/api/payments/create-checkout-session?product_id=six_months_single', clinic.owner)).json().url);
      expect((await get(`/api/payments/local-checkout/${renew}`, clinic.owner)).json().setup_fee_cents).toBe(0);
    } finally {
      clock = saved;
    }
  });

  it('past due or open invoices block and ask to manage the subscription', async () => {
    const pastDue = await newClinic();
    await subscribe(t.db, pastDue.org.id, { status: 'past_due', expiresAt: new Date(clock.getTime() + 20 * DAY) });
    expect((await get('/api/company', pastDue.member)).statusCode).toBe(402);
    expect((await get('/api/payments/my-subscriptions', pastDue.member)).json()).toMatchObject({ state: 'inactive', needs_management: true, effective: { status: 'past_due' } });
    expect((await get('/api/payments/manage', pastDue.owner)).json()).toEqual({ url: 'http://clinic.test/users/company#subscription' });

    const openInvoice = await newClinic();
    await subscribe(t.db, openInvoice.org.id, { status: 'active', hasOpenInvoices: true, expiresAt: new Date(clock.getTime() + 20 * DAY) });
    expect((await get('/api/payments/my-subscriptions', openInvoice.owner)).json()).toMatchObject({ state: 'inactive', needs_management: true });
    expect((await get('/api/company', openInvoice.owner)).statusCode).toBe(402);
  });

  it('e-mails a trial ending within a week once', async () => {
    const clinic = await newClinic();
    await subscribe(t.db, clinic.org.id, { status: 'trialing', expiresAt: new Date(clock.getTime() + 5 * DAY) });
    await t.payments.remindEndingTrials();
    await t.payments.remindEndingTrials();
    const { records } = await listOutbox(t.db, { offset: 0, limit: 200 });
    const reminders = records.filter((r) => r.text.includes(clinic.org.name) && r.subject.startsWith('Your free trial ends on'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe('Your free trial ends on 11-30-2026');
  });
});

describe('the product admin', () => {
  it('is exempt, and gives an organization a free twelve-month subscription', async () => {
    const admin = t.tokenFor(await createUser(t.db, { role: 'admin' }));
    expect((await get('/api/payments/refresh-subscriptions', admin)).json()).toMatchObject({ exempt: true, state: 'active', organization_id: null });
    expect((await get('/api/organization', admin)).statusCode).toBe(200);

    const clinic = await newClinic();
    const given = await post(`/api/payments/provide-free-subscription?organization_id=${clinic.org.id}`, admin);
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ organization_id: clinic.org.id, state: 'active', effective: { provider: 'complimentary', status: 'active' } });
    expect(Date.parse(given.json().effective.expiresAt)).toBe(Date.parse('2027-11-25T12:00:00Z'));
    expect((await get('/api/company', clinic.member)).statusCode).toBe(200);
    expect((await post(`/api/payments/provide-free-subscription?organization_id=${clinic.org.id}`, clinic.owner)).statusCode).toBe(403);
    expect((await post('/api/payments/provide-free-subscription?organization_id=not-a-uuid', admin)).statusCode).toBe(400);
  });
});
