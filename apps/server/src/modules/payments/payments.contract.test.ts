import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_TRIAL_DAYS } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createOrganization, createUser } from '../../../test/factories/index';
import { startStripeStandIn, type StripeStandIn } from '../../../test/fixtures/stripe-stand-in';
import { listOutbox } from '../mail/outbox.repo';

/**
 * One contract for both payment providers: whatever takes the card, a checkout started from the
 * dialog ends in the same recorded subscription, invoice, receipt and access, once.
 */
interface Driver {
  name: string;
  start(): Promise<TestApp>;
  /** The customer finishes the checkout at `url`; answers how the app took it. */
  pay(t: TestApp, token: string, url: string): Promise<{ status: number }>;
  /** The same completion arriving again (a double click, a redelivered webhook). */
  replay(t: TestApp, token: string, url: string): Promise<{ status: number }>;
  stop(): Promise<void>;
}

const local: Driver = {
  name: 'local',
  start: () => createTestApp(),
  pay: (t, token, url) => t.request({ method: 'POST', url: `/api/payments/local-checkout/${url.split('/checkout/local/')[1]}/complete`, token }).then((r) => ({ status: r.statusCode })),
  replay: (t, token, url) => local.pay(t, token, url),
  stop: async () => undefined,
};

function stripeDriver(): Driver {
  let standIn: StripeStandIn;
  const delivered = new Map<string, { body: string; signature: string }>();
  const deliver = (t: TestApp, event: { body: string; signature: string }) =>
    t.request({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, payload: event.body }).then((r) => ({ status: r.statusCode }));
  return {
    name: 'stripe',
    async start() {
      standIn = await startStripeStandIn();
      return createTestApp({ stripe: { secretKey: standIn.secretKey, webhookSecret: standIn.webhookSecret, host: standIn.host, port: standIn.port, protocol: 'http' } });
    },
    async pay(t, _token, url) {
      const sessionId = url.split('/').pop()!;
      standIn.completeCheckout(sessionId);
      const { form: _form, ...session } = standIn.sessions.get(sessionId)!;
      const event = standIn.signedEvent('checkout.session.completed', session);
      delivered.set(url, event);
      return deliver(t, event);
    },
    replay: (t, _token, url) => deliver(t, delivered.get(url)!),
    stop: () => standIn.close(),
  };
}

describe.each([local, stripeDriver()])('the $name payment provider', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await driver.start();
  });
  afterAll(async () => {
    await t.close();
    await driver.stop();
  });

  async function clinic() {
    const org = await createOrganization(t.db, { subscribed: false, locations: [{ name: 'A', city: 'Austin', state: 'TX' }, { name: 'B', city: 'Waco', state: 'TX' }] });
    const owner = t.tokenFor(await createUser(t.db, { role: 'organization_admin', organizationId: org.id, companyId: org.locations[0]!.id }));
    const member = t.tokenFor(await createUser(t.db, { role: 'company_member', organizationId: org.id, companyId: org.locations[0]!.id }));
    return { org, owner, member };
  }
  const overviewOf = async (token: string) => (await t.request({ method: 'GET', url: '/api/payments/my-subscriptions', token })).json();
  const checkout = async (token: string, query: string) => {
    const res = await t.request({ method: 'GET', url: `/api/payments/create-checkout-session?${query}`, token });
    expect(res.statusCode).toBe(200);
    return res.json().url as string;
  };

  it('a free trial lets the organization in for the trial days, with nothing charged', async () => {
    const { owner, member } = await clinic();
    expect((await t.request({ method: 'GET', url: '/api/company', token: member })).statusCode).toBe(402);
    const url = await checkout(owner, 'isFree=true&product_id=twelve_months_single');
    expect((await driver.pay(t, owner, url)).status).toBe(200);
    const overview = await overviewOf(member);
    expect(overview).toMatchObject({ state: 'active', provider: driver.name, effective: { status: 'trialing', is_trial: true }, invoices: [] });
    expect(Math.abs(Date.parse(overview.effective.expiresAt) - (Date.now() + FREE_TRIAL_DAYS * 86_400_000))).toBeLessThan(120_000);
    expect((await t.request({ method: 'GET', url: '/api/company', token: member })).statusCode).toBe(200);
  });

  it('a paid plan records the subscription and one paid invoice with the set-up fee, once, and e-mails one receipt', async () => {
    const { org, owner, member } = await clinic();
    const url = await checkout(owner, 'product_id=twelve_months_multiple');
    expect((await driver.pay(t, owner, url)).status).toBe(200);
    const due = 15_099 * 12 * 2 + 50_000 * 2;
    const overview = await overviewOf(member);
    expect(overview).toMatchObject({ state: 'active', effective: { status: 'active', plan_id: 'twelve_months_multiple' }, setup_fee: { due: false } });
    expect(overview.invoices).toEqual([expect.objectContaining({ amount_cents: due, status: 'paid' })]);

    await driver.replay(t, owner, url);
    expect((await overviewOf(member)).invoices).toHaveLength(1);
    const { records } = await listOutbox(t.db, { offset: 0, limit: 100 });
    expect(records.filter((r) => r.subject.startsWith('Payment received') && r.text.includes(org.name))).toHaveLength(1);
    expect((await t.request({ method: 'GET', url: '/api/company', token: member })).statusCode).toBe(200);
  });

  it('cancelling keeps the organization working until the end of the paid period', async () => {
    const { owner, member } = await clinic();
    const url = await checkout(owner, 'product_id=six_months_single');
    await driver.pay(t, owner, url);
    const id = (await overviewOf(owner)).effective.subscription_id as string;
    const res = await t.request({ method: 'GET', url: `/api/payments/cancel-subscription?subscription_id=${id}`, token: owner });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'active', effective: { subscription_id: id, cancel_at_period_end: true } });
    expect((await t.request({ method: 'GET', url: '/api/company', token: member })).statusCode).toBe(200);
  });
});
