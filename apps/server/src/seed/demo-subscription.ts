import { planOffer, SETUP_FEE_CENTS_PER_LOCATION } from '@clinic/domain';
import type { Db } from '../db/client';
import { findBillingOrganization, listSubscriptions } from '../modules/payments/payments.reads';
import { updateBilling, upsertInvoice, upsertSubscription } from '../modules/payments/payments.writes';
import { addMonths } from '../clock';

/**
 * Bright Smile pays for the twelve-month multiple-location plan (bought three months ago through
 * the local test checkout, set-up fee included), so its staff work without meeting the dialog.
 * Added to existing demo data directories too, which predate subscriptions.
 */
export async function seedDemoSubscription(db: Db, organizationId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const org = await findBillingOrganization(tx, organizationId, { lock: true });
    if (!org || (await listSubscriptions(tx, organizationId)).length > 0) return;
    const startedAt = addMonths(now, -3);
    const plan = planOffer(org, 'twelve_months_multiple');
    const locations = Math.max(1, org.numberOfLocations);
    const subscriptionId = 'local_sub_demo_bright_smile';
    const expiresAt = addMonths(startedAt, plan.months);
    await upsertSubscription(
      tx,
      organizationId,
      'local',
      { providerSubscriptionId: subscriptionId, organizationId, customerId: null, planId: plan.id, status: 'active', expiresAt, hasOpenInvoices: false, isTrial: false, cancelAtPeriodEnd: false },
      startedAt,
    );
    await upsertInvoice(tx, organizationId, 'local', {
      providerInvoiceId: 'local_in_demo_bright_smile',
      providerSubscriptionId: subscriptionId,
      customerId: null,
      number: 'LOCAL-DEMO0001',
      amountCents: plan.period_cents + SETUP_FEE_CENTS_PER_LOCATION * locations,
      status: 'paid',
      description: `${plan.title} and one-time set-up fee`,
      url: null,
      createdAt: startedAt,
    });
    await updateBilling(tx, organizationId, { subscriptionActiveUntil: expiresAt, setupFeePaidAt: startedAt });
  });
}
