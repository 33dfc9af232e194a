import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { INVOICE_STATUSES, PAYMENT_PROVIDERS, PLAN_IDS, SUBSCRIPTION_STATUSES } from '@clinic/domain';
import { organizations } from './organizations';
import { users } from './users';

export const subscriptionStatusEnum = pgEnum('subscription_status', SUBSCRIPTION_STATUSES);
export const paymentProviderEnum = pgEnum('payment_provider', PAYMENT_PROVIDERS);
export const planIdEnum = pgEnum('plan_id', PLAN_IDS);
export const invoiceStatusEnum = pgEnum('invoice_status', INVOICE_STATUSES);
export const checkoutStatusEnum = pgEnum('checkout_status', ['open', 'completed', 'cancelled']);

/** An organization's subscriptions as the payment provider last told us (or as the app recorded them locally). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    provider: paymentProviderEnum('provider').notNull(),
    /** The provider's id (Stripe's sub_...; local ones are made up by the app). */
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    planId: planIdEnum('plan_id').notNull(),
    status: subscriptionStatusEnum('status').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    hasOpenInvoices: boolean('has_open_invoices').notNull().default(false),
    isTrial: boolean('is_trial').notNull().default(false),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When the "trial ends soon" e-mail went out, so it goes once. */
    trialReminderSentAt: timestamp('trial_reminder_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_id_unique').on(t.provider, t.providerSubscriptionId),
    index('subscriptions_organization_idx').on(t.organizationId, t.expiresAt),
    index('subscriptions_trial_reminder_idx').on(t.expiresAt).where(sql`${t.status} = 'trialing' and ${t.trialReminderSentAt} is null`),
  ],
);

export const subscriptionInvoices = pgTable(
  'subscription_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    provider: paymentProviderEnum('provider').notNull(),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    number: text('number'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: invoiceStatusEnum('status').notNull(),
    description: text('description').notNull(),
    url: text('url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_invoices_provider_id_unique').on(t.provider, t.providerInvoiceId),
    index('subscription_invoices_organization_idx').on(t.organizationId, t.createdAt),
  ],
);

/** A checkout started from the subscription dialog: what is being bought, and how it ended. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    provider: paymentProviderEnum('provider').notNull(),
    providerSessionId: text('provider_session_id'),
    planId: planIdEnum('plan_id').notNull(),
    isTrial: boolean('is_trial').notNull(),
    /** What one billing period charges, and the set-up fee charged with it (0 when already paid or a trial). */
    periodCents: bigint('period_cents', { mode: 'number' }).notNull(),
    setupFeeCents: bigint('setup_fee_cents', { mode: 'number' }).notNull(),
    locations: integer('locations').notNull(),
    status: checkoutStatusEnum('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('checkout_sessions_organization_idx').on(t.organizationId, t.createdAt)],
);

/** Every payment event applied (a Stripe webhook's id, or the local checkout's), so a replay does nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  organizationId: uuid('organization_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
