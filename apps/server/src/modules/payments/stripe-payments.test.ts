import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { SUBSCRIPTION_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createOrganization, createUser } from '../../../test/factories/index';
import { startStripeStandIn, type StripeStandIn } from '../../../test/fixtures/stripe-stand-in';
import { paymentEvents, subscriptions } from '../../db/schema/index';
import { listOutbox } from '../mail/outbox.repo';

/** Stripe through its official SDK against a stand-in on 127.0.0.1, with webhooks signed as Stripe signs them. */
let standIn: StripeStandIn;
let t: TestApp;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({ stripe: { secretKey: standIn.secretKey, webhookSecret: standIn.webhookSecret, host: standIn.host, port: standIn.port, protocol: 'http' } });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

async function clinic(locations = 2) {
  const org = await createOrganization(t.db, { subscribed: false, locations: Array.from({ length: locations }, (_, i) => ({ name: `L${i}`, city: 'Austin', state: 'TX' })) });
  const owner = t.tokenFor(await createUser(t.db, { role: 'organization_admin', organizationId: org.id, companyId: org.locations[0]!.id }));
  return { org, owner };
}

const deliver = (event: { body: string; signature: string }) =>
  t.request({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, payload: event.body });
const overviewOf = async (token: string) => (await t.request({ method: 'GET', url: '/api/payments/my-subscriptions', token })).json();

/** A paying organization: checkout started in the app, paid on Stripe's page, confirmed by webhook. */
async function payingClinic() {
  const c = await clinic();
  const url = (await t.request({ method: 'GET', url: '/api/payments/create-checkout-session?product_id=twelve_months_multiple', token: c.owner })).json().url as string;
  const sessionId = url.split('/').pop()!;
  const { subscription } = standIn.completeCheckout(sessionId);
  const { form: _form, ...session } = standIn.sessions.get(sessionId)!;
  expect((await deliver(standIn.signedEvent('checkout.session.completed', session))).statusCode).toBe(200);
  return { ...c, subscription, sessionId };
}

describe('Stripe Checkout', () => {
  it('opens a subscription-mode session with the plan and the set-up fee per location as a one-time line', async () => {
    const { org, owner } = await clinic(3);
    const res = await t.request({ method: 'GET', url: '/api/payments/create-checkout-session?product_id=twelve_months_multiple', token: owner });
    expect(res.statusCode).toBe(200);
    const sessionId = res.json().url.split('/').pop();
    expect(res.json().url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
    const form = standIn.sessions.get(sessionId)!.form;
    expect(form.get('mode')).toBe('subscription');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe(String(15_099 * 12 * 3));
    expect(form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(form.get('line_items[0][price_data][recurring][interval_count]')).toBe('12');
    expect(form.get('line_items[1][price_data][unit_amount]')).toBe('50000');
    expect(form.get('line_items[1][quantity]')).toBe('3');
    expect(form.get('line_items[1][price_data][recurring][interval]')).toBeNull();
    expect(form.get('subscription_data[metadata][organization_id]')).toBe(org.id);
    expect(form.get('success_url')).toBe('http://clinic.test/dashboard?success=true');
    expect(form.get('cancel_url')).toBe('http://clinic.test/dashboard?cancelled=true');
    // The customer is made once and reused.
    await t.request({ method: 'GET', url: '/api/payments/create-checkout-session?product_id=six_months_single', token: owner });
    expect(standIn.requests.filter((r) => r.path === '/v1/customers' && r.form.get('metadata[organization_id]') === org.id)).toHaveLength(1);
  });

  it('a trial collects no card up front and charges no set-up fee', async () => {
    const { owner } = await clinic(1);
    const url = (await t.request({ method: 'GET', url: '/api/payments/create-checkout-session?isFree=true&product_id=six_months_single', token: owner })).json().url as string;
    const form = standIn.sessions.get(url.split('/').pop()!)!.form;
    expect(form.get('subscription_data[trial_period_days]')).toBe('14');
    expect(form.get('payment_method_collection')).toBe('if_required');
    expect(form.has('line_items[1][quantity]')).toBe(false);
  });
});

describe('Stripe webhooks', () => {
  it('refuses a bad signature with 400 and writes nothing', async () => {
    const { subscription } = await payingClinic();
    const eventsBefore = (await t.db.select({ n: count() }).from(paymentEvents))[0]!.n;
    standIn.setSubscription(subscription.id, { status: 'canceled' });
    const forged = standIn.signedEvent('customer.subscription.deleted', subscription, { secret: 'whsec_someone_else' });
    const res = await deliver(forged);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: SUBSCRIPTION_MESSAGES.webhookSignature });
    const unsigned = await t.request({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json' }, payload: forged.body });
    expect(unsigned.statusCode).toBe(400);
    expect((await t.db.select({ n: count() }).from(paymentEvents))[0]!.n).toBe(eventsBefore);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subscription.id));
    expect(row!.status).toBe('active');
  });

  it('applies a replayed event once', async () => {
    const { owner, subscription } = await payingClinic();
    const invoice = standIn.addInvoice(subscription.id, 'paid', 362_376);
    const event = standIn.signedEvent('invoice.paid', invoice);
    expect((await deliver(event)).json()).toEqual({ received: true, applied: true });
    expect((await deliver(event)).json()).toEqual({ received: true, applied: false });
    expect((await overviewOf(owner)).invoices.filter((i: { number: string }) => i.number === invoice.number)).toHaveLength(1);
  });

  it('resolves out-of-order events by re-reading the subscription: a late "active" does not undo past due', async () => {
    const { org, owner, subscription } = await payingClinic();
    const staleActive = standIn.signedEvent('customer.subscription.updated', { ...subscription, status: 'active' });
    standIn.setSubscription(subscription.id, { status: 'past_due' });
    const open = standIn.addInvoice(subscription.id, 'open', 362_376);
    expect((await deliver(standIn.signedEvent('invoice.payment_failed', open))).statusCode).toBe(200);
    expect((await deliver(staleActive)).statusCode).toBe(200);

    const overview = await overviewOf(owner);
    expect(overview).toMatchObject({ state: 'inactive', needs_management: true, effective: { status: 'past_due', hasOpenInvoices: true } });
    expect((await t.request({ method: 'GET', url: '/api/company', token: owner })).statusCode).toBe(402);
    const { records } = await listOutbox(t.db, { offset: 0, limit: 100 });
    expect(records.filter((r) => r.subject === `Payment failed for ${org.name}`)).toHaveLength(1);

    // 'Manage Subscriptions' opens Stripe's customer portal for the organization's customer.
    const manage = await t.request({ method: 'GET', url: '/api/payments/manage', token: owner });
    expect(manage.json().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(standIn.requests.at(-1)!.form.get('return_url')).toBe('http://clinic.test/users/company');

    // Paid at last in the portal: the next event brings the organization back.
    open.status = 'paid';
    standIn.setSubscription(subscription.id, { status: 'active' });
    expect((await deliver(standIn.signedEvent('invoice.paid', open))).statusCode).toBe(200);
    expect((await overviewOf(owner)).state).toBe('active');
  });

  it('refresh-subscriptions re-reads the customer from Stripe (a missed webhook heals on the next layout load)', async () => {
    const { owner, subscription } = await payingClinic();
    standIn.setSubscription(subscription.id, { status: 'canceled' });
    const refreshed = (await t.request({ method: 'GET', url: '/api/payments/refresh-subscriptions', token: owner })).json();
    expect(refreshed).toMatchObject({ state: 'inactive', effective: { status: 'canceled' } });
    expect((await t.request({ method: 'GET', url: '/api/company', token: owner })).statusCode).toBe(402);
  });

  it('cancels at the period end on Stripe', async () => {
    const { owner, subscription } = await payingClinic();
    const res = await t.request({ method: 'GET', url: `/api/payments/cancel-subscription?subscription_id=${subscription.id}`, token: owner });
    expect(res.json()).toMatchObject({ state: 'active', effective: { cancel_at_period_end: true } });
    expect(standIn.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(true);
    const foreign = await clinic();
    expect((await t.request({ method: 'GET', url: `/api/payments/cancel-subscription?subscription_id=${subscription.id}`, token: foreign.owner })).statusCode).toBe(404);
  });
});
