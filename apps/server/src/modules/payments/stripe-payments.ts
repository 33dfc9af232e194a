import type Stripe from 'stripe';
import { lazy } from '../../core/lazy';
import { InvoiceStatusSchema, PlanIdSchema, SUBSCRIPTION_MESSAGES, SubscriptionStatusSchema, type PlanId } from '@clinic/domain';
import { AppError, badRequest } from '../../core/errors';
import type { InvoiceSnapshot, PaymentEvent, PaymentProvider, SubscriptionSnapshot } from './payment-provider';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends its requests; set only to reach a stand-in in tests. */
  host?: string | undefined;
  port?: number | undefined;
  protocol?: 'http' | 'https' | undefined;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

function planOf(metadata: Stripe.Metadata | null | undefined): PlanId {
  const parsed = PlanIdSchema.safeParse(metadata?.plan_id);
  return parsed.success ? parsed.data : 'twelve_months_single';
}

/** The end of the period paid for: on the items since Stripe's 2025 API, on the subscription before. */
function periodEnd(subscription: Stripe.Subscription): Date {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((n): n is number => typeof n === 'number');
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  const seconds = ends.length > 0 ? Math.max(...ends) : (legacy ?? subscription.trial_end ?? subscription.created);
  return new Date(seconds * 1000);
}

function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(invoice.parent?.subscription_details?.subscription ?? legacy ?? null);
}

function toInvoice(invoice: Stripe.Invoice): InvoiceSnapshot {
  const paid = invoice.status === 'paid';
  return {
    providerInvoiceId: invoice.id!,
    providerSubscriptionId: invoiceSubscriptionId(invoice),
    customerId: idOf(invoice.customer),
    number: invoice.number,
    amountCents: paid ? invoice.amount_paid : invoice.amount_due,
    status: InvoiceStatusSchema.catch('draft').parse(invoice.status ?? 'draft'),
    description: invoice.lines.data[0]?.description ?? invoice.description ?? 'Subscription',
    url: invoice.hosted_invoice_url ?? null,
    createdAt: new Date(invoice.created * 1000),
  };
}

/**
 * Card payments through Stripe with its official SDK: Checkout in subscription mode (the set-up
 * fee as a one-time line), the Customer Portal for 'Manage Subscriptions', cancellation at the
 * period's end and signed webhooks. Every webhook re-reads the subscription it names, so events
 * that arrive out of order still leave the latest state.
 */
export function createStripePayments(options: StripeOptions): PaymentProvider {
  // The SDK is loaded with the first call to Stripe (core/lazy.ts), not when the server starts.
  const connect = lazy(async () => {
    const { default: StripeSdk } = await import('stripe');
    return new StripeSdk(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
    });
  });

  async function snapshot(subscription: Stripe.Subscription): Promise<SubscriptionSnapshot> {
    const stripe = await connect();
    const open = await stripe.invoices.list({ subscription: subscription.id, status: 'open', limit: 1 });
    return {
      providerSubscriptionId: subscription.id,
      organizationId: subscription.metadata.organization_id ?? null,
      customerId: idOf(subscription.customer),
      planId: planOf(subscription.metadata),
      status: SubscriptionStatusSchema.parse(subscription.status),
      expiresAt: periodEnd(subscription),
      hasOpenInvoices: open.data.length > 0,
      isTrial: subscription.status === 'trialing',
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    };
  }

  const readSubscription = async (id: string) => snapshot(await (await connect()).subscriptions.retrieve(id));

  return {
    name: 'stripe',

    async startCheckout(order) {
      const stripe = await connect();
      const { account, plan } = order;
      const customerId =
        account.customerId ??
        (await stripe.customers.create({ email: account.billingEmail, name: account.organizationName, metadata: { organization_id: account.organizationId } })).id;
      const metadata = { organization_id: account.organizationId, plan_id: plan.id, checkout_id: order.checkoutId };
      const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [
        {
          price_data: {
            currency: 'usd',
            unit_amount: plan.period_cents,
            recurring: { interval: 'month', interval_count: plan.months },
            product_data: { name: plan.title, metadata: { plan_id: plan.id } },
          },
          quantity: 1,
        },
      ];
      if (order.setupFee) {
        lineItems.push({
          price_data: { currency: 'usd', unit_amount: order.setupFee.perLocationCents, product_data: { name: 'One-time set-up fee (per location)' } },
          quantity: order.setupFee.locations,
        });
      }
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: account.organizationId,
        line_items: lineItems,
        metadata,
        subscription_data: {
          metadata,
          ...(order.trialDays
            ? { trial_period_days: order.trialDays, trial_settings: { end_behavior: { missing_payment_method: 'cancel' } } }
            : {}),
        },
        ...(order.trialDays ? { payment_method_collection: 'if_required' as const } : {}),
        success_url: order.successUrl,
        cancel_url: order.cancelUrl,
      });
      if (!session.url) throw new AppError('CONFLICT', 'The payment provider did not open a checkout page');
      return { url: session.url, reference: session.id, customerId };
    },

    async manageUrl(account, returnUrl) {
      const stripe = await connect();
      if (!account.customerId) throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.noBillingAccount);
      const portal = await stripe.billingPortal.sessions.create({ customer: account.customerId, return_url: returnUrl });
      return portal.url;
    },

    async cancelAtPeriodEnd(providerSubscriptionId) {
      const stripe = await connect();
      return snapshot(await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true }));
    },

    async readSubscriptions(account) {
      const stripe = await connect();
      if (!account.customerId) return [];
      const list = await stripe.subscriptions.list({ customer: account.customerId, status: 'all', limit: 20 });
      return Promise.all(list.data.map(snapshot));
    },

    async readWebhook(rawBody, signature) {
      const stripe = await connect();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      } catch {
        throw badRequest('stripe-signature', SUBSCRIPTION_MESSAGES.webhookSignature);
      }
      const result: PaymentEvent = { id: event.id, type: event.type, organizationId: null, customerId: null, checkoutId: null, subscriptions: [], invoices: [] };
      const object = event.data.object as unknown as Record<string, unknown> & { object?: string };

      if (event.type === 'checkout.session.completed') {
        const session = event.data.object;
        result.organizationId = session.metadata?.organization_id ?? session.client_reference_id ?? null;
        result.customerId = idOf(session.customer);
        result.checkoutId = session.metadata?.checkout_id ?? null;
        const subscriptionId = idOf(session.subscription);
        if (subscriptionId) result.subscriptions.push(await readSubscription(subscriptionId));
        const invoiceId = idOf((session as unknown as { invoice?: string | null }).invoice ?? null);
        if (invoiceId) result.invoices.push(toInvoice(await stripe.invoices.retrieve(invoiceId)));
      } else if (object.object === 'subscription') {
        const current = await readSubscription(String(object.id));
        result.subscriptions.push(current);
        result.organizationId = current.organizationId;
        result.customerId = current.customerId;
      } else if (object.object === 'invoice') {
        const invoice = toInvoice(await stripe.invoices.retrieve(String(object.id)));
        result.invoices.push(invoice);
        result.customerId = invoice.customerId;
        if (invoice.providerSubscriptionId) {
          const current = await readSubscription(invoice.providerSubscriptionId);
          result.subscriptions.push(current);
          result.organizationId = current.organizationId;
        }
      }
      return result;
    },
  };
}
