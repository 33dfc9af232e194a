import type { PlanId, PlanOffer, SubscriptionStatus } from '@clinic/domain';

/** A subscription as the provider reports it, in the app's words. */
export interface SubscriptionSnapshot {
  providerSubscriptionId: string;
  /** From the subscription's metadata; null when only the customer tells whose it is. */
  organizationId: string | null;
  customerId: string | null;
  planId: PlanId;
  status: SubscriptionStatus;
  expiresAt: Date;
  hasOpenInvoices: boolean;
  isTrial: boolean;
  cancelAtPeriodEnd: boolean;
}

export interface InvoiceSnapshot {
  providerInvoiceId: string;
  providerSubscriptionId: string | null;
  customerId: string | null;
  number: string | null;
  amountCents: number;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  description: string;
  url: string | null;
  createdAt: Date;
}

/** One provider event (a verified webhook) reduced to what it changes; applied once by its id. */
export interface PaymentEvent {
  id: string;
  type: string;
  organizationId: string | null;
  customerId: string | null;
  /** The app's checkout the event completes, when it completes one. */
  checkoutId: string | null;
  subscriptions: SubscriptionSnapshot[];
  invoices: InvoiceSnapshot[];
}

export interface BillingAccount {
  organizationId: string;
  organizationName: string;
  billingEmail: string;
  customerId: string | null;
}

export interface CheckoutOrder {
  checkoutId: string;
  account: BillingAccount;
  plan: PlanOffer;
  trialDays: number | null;
  /** The one-time set-up fee charged with this checkout (null when already paid, or a trial). */
  setupFee: { perLocationCents: number; locations: number } | null;
  successUrl: string;
  cancelUrl: string;
}

/**
 * The card-payment provider. Stripe in production (stripe-payments.ts); the local default
 * (local-payments.ts) has the app record test payments itself, through the same event path.
 */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /** Starts a checkout; answers where to send the browser and the customer it was made for. */
  startCheckout(order: CheckoutOrder): Promise<{ url: string; reference: string | null; customerId: string | null }>;
  /** Where 'Manage Subscriptions' sends the browser. */
  manageUrl(account: BillingAccount, returnUrl: string): Promise<string>;
  /** Cancels at the end of the period; answers the subscription as it now is, or null when the app records it. */
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<SubscriptionSnapshot | null>;
  /** The customer's subscriptions as the provider has them now, or null when the app's rows are the truth. */
  readSubscriptions(account: BillingAccount): Promise<SubscriptionSnapshot[] | null>;
  /** Verifies a webhook's signature and reads what it changes; throws on a bad signature. */
  readWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent>;
}
