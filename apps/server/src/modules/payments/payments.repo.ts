import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { PaymentProvider as ProviderName, PlanId } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import { checkoutSessions, organizations, paymentEvents, subscriptionInvoices, subscriptions } from '../../db/schema/index';
import type { InvoiceSnapshot, SubscriptionSnapshot } from './payment-provider';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof subscriptionInvoices.$inferSelect;
export type CheckoutRow = typeof checkoutSessions.$inferSelect;

const billingColumns = {
  id: organizations.id,
  name: organizations.name,
  billingContactEmail: organizations.billingContactEmail,
  billingCustomerId: organizations.billingCustomerId,
  numberOfLocations: organizations.numberOfLocations,
  customPrice: organizations.customPrice,
  setupFeePaidAt: organizations.setupFeePaidAt,
  approvalStatus: organizations.approvalStatus,
};
export interface BillingOrganization {
  id: string;
  name: string;
  billingContactEmail: string;
  billingCustomerId: string | null;
  numberOfLocations: number;
  customPrice: string | null;
  setupFeePaidAt: Date | null;
  approvalStatus: 'approved' | 'pending' | 'rejected';
}

export async function findBillingOrganization(db: DbOrTx, id: string, options: { lock?: boolean } = {}): Promise<BillingOrganization | null> {
  const query = db.select(billingColumns).from(organizations).where(and(eq(organizations.id, id), isNull(organizations.deletedAt))).limit(1);
  // Changes to one organization's subscriptions take turns, so two webhooks at once cannot interleave.
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findOrganizationIdByCustomer(db: DbOrTx, customerId: string): Promise<string | null> {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.billingCustomerId, customerId)).limit(1);
  return row?.id ?? null;
}

export async function updateBilling(db: DbOrTx, id: string, patch: { subscriptionActiveUntil?: Date | null; billingCustomerId?: string; setupFeePaidAt?: Date }): Promise<void> {
  await db.update(organizations).set(patch).where(eq(organizations.id, id));
}

export async function listSubscriptions(db: DbOrTx, organizationId: string): Promise<SubscriptionRow[]> {
  return db.select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId)).orderBy(desc(subscriptions.expiresAt), desc(subscriptions.createdAt)).limit(50);
}

export async function listInvoices(db: DbOrTx, organizationId: string): Promise<InvoiceRow[]> {
  return db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.organizationId, organizationId)).orderBy(desc(subscriptionInvoices.createdAt)).limit(24);
}

export async function upsertSubscription(db: DbOrTx, organizationId: string, provider: ProviderName, s: SubscriptionSnapshot, at: Date): Promise<void> {
  const values = {
    planId: s.planId,
    status: s.status,
    expiresAt: s.expiresAt,
    hasOpenInvoices: s.hasOpenInvoices,
    isTrial: s.isTrial,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    updatedAt: at,
  };
  await db
    .insert(subscriptions)
    .values({ organizationId, provider, providerSubscriptionId: s.providerSubscriptionId, createdAt: at, ...values })
    .onConflictDoUpdate({ target: [subscriptions.provider, subscriptions.providerSubscriptionId], set: values });
}

export async function setCancelAtPeriodEnd(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(subscriptions).set({ cancelAtPeriodEnd: true, updatedAt: at }).where(eq(subscriptions.id, id));
}

/** Local subscriptions do not renew by themselves: once past their end they read as canceled. */
export async function endLapsedLocalSubscriptions(db: DbOrTx, organizationId: string, at: Date): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status: 'canceled', updatedAt: at })
    .where(
      and(
        eq(subscriptions.organizationId, organizationId),
        sql`${subscriptions.provider} <> 'stripe'`,
        sql`${subscriptions.status} in ('active', 'trialing')`,
        lte(subscriptions.expiresAt, at),
      ),
    );
}

export async function upsertInvoice(db: DbOrTx, organizationId: string, provider: ProviderName, i: InvoiceSnapshot): Promise<void> {
  const values = { number: i.number, amountCents: i.amountCents, status: i.status, description: i.description, url: i.url, providerSubscriptionId: i.providerSubscriptionId };
  await db
    .insert(subscriptionInvoices)
    .values({ organizationId, provider, providerInvoiceId: i.providerInvoiceId, createdAt: i.createdAt, ...values })
    .onConflictDoUpdate({ target: [subscriptionInvoices.provider, subscriptionInvoices.providerInvoiceId], set: values });
}

/** Records an event id; false when it was applied before (a replayed webhook). */
export async function claimPaymentEvent(db: DbOrTx, id: string, type: string, organizationId: string | null): Promise<boolean> {
  const rows = await db.insert(paymentEvents).values({ id, type, organizationId }).onConflictDoNothing().returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export interface NewCheckout {
  organizationId: string;
  createdBy: string;
  provider: ProviderName;
  planId: PlanId;
  isTrial: boolean;
  periodCents: number;
  setupFeeCents: number;
  locations: number;
}

export async function insertCheckout(db: DbOrTx, values: NewCheckout): Promise<CheckoutRow> {
  const [row] = await db.insert(checkoutSessions).values(values).returning();
  return row!;
}

export async function setCheckoutReference(db: DbOrTx, id: string, providerSessionId: string | null): Promise<void> {
  await db.update(checkoutSessions).set({ providerSessionId }).where(eq(checkoutSessions.id, id));
}

export async function findCheckout(db: DbOrTx, id: string): Promise<CheckoutRow | null> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
  return row ?? null;
}

/** Closes an open checkout; null when it was not open any more (completed twice, or cancelled). */
export async function closeCheckout(db: DbOrTx, id: string, status: 'completed' | 'cancelled', at: Date): Promise<CheckoutRow | null> {
  const [row] = await db
    .update(checkoutSessions)
    .set({ status, completedAt: at })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
    .returning();
  return row ?? null;
}

/** Trials ending within the reminder window whose reminder has not gone out. */
export async function trialsEndingBy(db: DbOrTx, now: Date, by: Date): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'trialing'), isNull(subscriptions.trialReminderSentAt), gt(subscriptions.expiresAt, now), lte(subscriptions.expiresAt, by)))
    .limit(100);
}

/** Marks a trial reminded; false when another process got there first. */
export async function markTrialReminded(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ trialReminderSentAt: at })
    .where(and(eq(subscriptions.id, id), isNull(subscriptions.trialReminderSentAt)))
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}
