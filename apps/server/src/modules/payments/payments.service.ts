import {
  effectiveSubscription,
  formatCents,
  FREE_TRIAL_DAYS,
  planOffer,
  planOffers,
  PLANS,
  SETUP_FEE_CENTS_PER_LOCATION,
  SUBSCRIPTION_MESSAGES,
  TRIAL_REMINDER_DAYS,
  type CheckoutSessionQuery,
  type LocalCheckout,
  type PaymentProvider as ProviderName,
  type PlanId,
  type SubscriptionOverview,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import { addMonths } from '../../clock';
import type { Actor } from '../../core/actor';
import { assertOrganization, requireBuyer } from '../../core/access';
import { badRequest, conflict, notFound } from '../../core/errors';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../audit/audit.writes';
import { enqueueEmail } from '../mail/mail.writes';
import { emailTemplates } from '../mail/templates';
import type { BillingAccount, PaymentEvent, PaymentProvider, SubscriptionSnapshot } from './payment-provider';
import {
  closeCheckout,
  claimPaymentEvent,
  endLapsedLocalSubscriptions,
  findBillingOrganization,
  findCheckout,
  findOrganizationIdByCustomer,
  insertCheckout,
  listInvoices,
  listSubscriptions,
  markTrialReminded,
  setCancelAtPeriodEnd,
  setCheckoutReference,
  trialsEndingBy,
  updateBilling,
  upsertInvoice,
  upsertSubscription,
  type BillingOrganization,
  type CheckoutRow,
} from './payments.repo';
import { toInvoiceResponse, toSubscriptionResponse } from './payments.mapper';

const DAY_MS = 24 * 60 * 60 * 1000;

const mmddyyyy = (date: Date) =>
  `${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}-${date.getUTCFullYear()}`;

/**
 * Subscriptions: what the dialog and the company page read, checkouts, cancellation, the admin's
 * free subscription, and every change the payment provider reports. Whatever changes an
 * organization's subscriptions ends in `recompute`, which stores until when its users may work
 * (organizations.subscription_active_until, read by the gate on every request).
 */
export function createPaymentsService(deps: ServiceDeps, provider: PaymentProvider) {
  const { db } = deps;
  const successUrl = `${deps.publicUrl}/dashboard?success=true`;
  const cancelUrl = `${deps.publicUrl}/dashboard?cancelled=true`;

  const account = (org: BillingOrganization): BillingAccount => ({
    organizationId: org.id,
    organizationName: org.name,
    billingEmail: org.billingContactEmail,
    customerId: org.billingCustomerId,
  });

  async function organizationOf(id: string, tx: DbOrTx = db, lock = false): Promise<BillingOrganization> {
    const org = await findBillingOrganization(tx, id, { lock });
    if (!org) throw notFound();
    return org;
  }

  /** The actor's own organization, for the calls that act on it (buy, manage, cancel). */
  async function ownOrganization(actor: Actor): Promise<BillingOrganization> {
    requireBuyer(actor);
    return organizationOf(actor.organizationId!);
  }

  async function recompute(tx: DbOrTx, organizationId: string): Promise<void> {
    const effective = effectiveSubscription(await listSubscriptions(tx, organizationId), deps.now());
    const until = effective.state === 'active' ? effective.subscription!.expiresAt : null;
    await updateBilling(tx, organizationId, { subscriptionActiveUntil: until });
  }

  async function overviewOf(org: BillingOrganization, exempt: boolean): Promise<SubscriptionOverview> {
    const [subscriptions, invoices] = await Promise.all([listSubscriptions(db, org.id), listInvoices(db, org.id)]);
    const effective = effectiveSubscription(subscriptions, deps.now());
    const locations = Math.max(1, org.numberOfLocations);
    return {
      organization_id: org.id,
      exempt,
      state: effective.state,
      needs_management: effective.needsManagement,
      effective: effective.subscription ? toSubscriptionResponse(effective.subscription) : null,
      subscriptions: subscriptions.map(toSubscriptionResponse),
      invoices: invoices.map(toInvoiceResponse),
      plans: planOffers(org),
      number_of_locations: org.numberOfLocations,
      setup_fee: {
        per_location_cents: SETUP_FEE_CENTS_PER_LOCATION,
        locations,
        total_cents: SETUP_FEE_CENTS_PER_LOCATION * locations,
        due: org.setupFeePaidAt === null,
      },
      free_trial_days: FREE_TRIAL_DAYS,
      provider: provider.name,
    };
  }

  /** The product admin (and anyone without an organization) works without a subscription. */
  function exemptOverview(): SubscriptionOverview {
    return {
      organization_id: null,
      exempt: true,
      state: 'active',
      needs_management: false,
      effective: null,
      subscriptions: [],
      invoices: [],
      plans: [],
      number_of_locations: 0,
      setup_fee: { per_location_cents: SETUP_FEE_CENTS_PER_LOCATION, locations: 0, total_cents: 0, due: false },
      free_trial_days: FREE_TRIAL_DAYS,
      provider: provider.name,
    };
  }

  async function overview(actor: Actor, organizationId?: string): Promise<SubscriptionOverview> {
    const id = organizationId ?? actor.organizationId;
    if (!id) return exemptOverview();
    assertOrganization(actor, id);
    return overviewOf(await organizationOf(id), actor.role === 'admin');
  }

  /**
   * Applies one provider event exactly once: its id is recorded in the same transaction as its
   * effect, and the organization's row is locked so two events for it take turns. Snapshots are
   * the provider's current state (re-read on arrival), so an event arriving late changes nothing
   * a newer one already wrote.
   */
  /**
   * A provider's event (or a local checkout's completion) applied once. It writes an audit row on
   * the organization's subscription: the buyer's own completion names them, a webhook no user.
   */
  async function apply(event: PaymentEvent, providerName: ProviderName, actor: Actor | null = null): Promise<{ applied: boolean }> {
    return db.transaction(async (tx) => {
      const organizationId =
        event.organizationId ??
        event.subscriptions.find((s) => s.organizationId)?.organizationId ??
        (event.customerId ? await findOrganizationIdByCustomer(tx, event.customerId) : null);
      if (!(await claimPaymentEvent(tx, event.id, event.type, organizationId))) return { applied: false };
      if (!organizationId) return { applied: true };
      const org = await findBillingOrganization(tx, organizationId, { lock: true });
      if (!org) return { applied: true };
      const at = deps.now();

      const before = await listSubscriptions(tx, org.id);
      const beforeInvoices = await listInvoices(tx, org.id);
      for (const snapshot of event.subscriptions) await upsertSubscription(tx, org.id, providerName, snapshot, at);
      for (const invoice of event.invoices) await upsertInvoice(tx, org.id, providerName, invoice);

      if (event.checkoutId) {
        const closed = await closeCheckout(tx, event.checkoutId, 'completed', at);
        if (closed && closed.setupFeeCents > 0) await updateBilling(tx, org.id, { setupFeePaidAt: at });
      }
      if (event.customerId && org.billingCustomerId === null) await updateBilling(tx, org.id, { billingCustomerId: event.customerId });

      const link = `${deps.publicUrl}/users/company#subscription`;
      for (const invoice of event.invoices) {
        const wasPaid = beforeInvoices.some((i) => i.providerInvoiceId === invoice.providerInvoiceId && i.status === 'paid');
        if (invoice.status === 'paid' && invoice.amountCents > 0 && !wasPaid) {
          await enqueueEmail(tx, deps.jobs, emailTemplates.paymentReceived(org.billingContactEmail, org.name, formatCents(invoice.amountCents), invoice.description, link));
        }
      }
      for (const snapshot of event.subscriptions) {
        const previous = before.find((s) => s.providerSubscriptionId === snapshot.providerSubscriptionId)?.status;
        const failing = snapshot.status === 'past_due' || snapshot.status === 'unpaid';
        if (failing && previous !== 'past_due' && previous !== 'unpaid') {
          await enqueueEmail(tx, deps.jobs, emailTemplates.paymentFailed(org.billingContactEmail, org.name, link));
        }
      }
      await recompute(tx, org.id);
      await recordAudit(tx, actor, {
        entity: 'subscription',
        entityId: event.checkoutId ?? event.id,
        action: actor ? 'complete_checkout' : 'provider_event',
        organizationId: org.id,
        changes: { provider: providerName, event: event.type, subscriptions: event.subscriptions.map((x) => ({ id: x.providerSubscriptionId, status: x.status })) },
      });
      return { applied: true };
    });
  }

  async function openLocalCheckout(actor: Actor, id: string): Promise<{ checkout: CheckoutRow; org: BillingOrganization }> {
    const checkout = await findCheckout(db, id);
    if (!checkout || checkout.provider !== 'local' || checkout.organizationId !== actor.organizationId) throw notFound();
    return { checkout, org: await organizationOf(checkout.organizationId) };
  }

  /** What a completed local checkout changes, in the shape a provider's webhook has. */
  function localCompletion(checkout: CheckoutRow, running: SubscriptionSnapshot[], at: Date): PaymentEvent {
    const plan = checkout.planId;
    const expiresAt = checkout.isTrial ? new Date(at.getTime() + FREE_TRIAL_DAYS * DAY_MS) : addMonths(at, PLANS[plan].months);
    const subscription: SubscriptionSnapshot = {
      providerSubscriptionId: `local_sub_${checkout.id}`,
      organizationId: checkout.organizationId,
      customerId: null,
      planId: plan,
      status: checkout.isTrial ? 'trialing' : 'active',
      expiresAt,
      hasOpenInvoices: false,
      isTrial: checkout.isTrial,
      cancelAtPeriodEnd: false,
    };
    const amount = checkout.periodCents + checkout.setupFeeCents;
    return {
      id: `local:checkout:${checkout.id}`,
      type: 'checkout.session.completed',
      organizationId: checkout.organizationId,
      customerId: null,
      checkoutId: checkout.id,
      // A paid plan replaces a running free trial rather than stacking on it.
      subscriptions: [...(checkout.isTrial ? [] : running.map((s) => ({ ...s, status: 'canceled' as const }))), subscription],
      invoices: checkout.isTrial
        ? []
        : [
            {
              providerInvoiceId: `local_in_${checkout.id}`,
              providerSubscriptionId: subscription.providerSubscriptionId,
              customerId: null,
              number: `LOCAL-${checkout.id.slice(0, 8).toUpperCase()}`,
              amountCents: amount,
              status: 'paid',
              description: checkout.setupFeeCents > 0 ? `${PLANS[plan].title} and one-time set-up fee` : PLANS[plan].title,
              url: null,
              createdAt: at,
            },
          ],
    };
  }

  return {
    overview,

    /** Called when the layout loads: asks the provider for the latest state, then answers the overview. */
    async refresh(actor: Actor): Promise<SubscriptionOverview> {
      if (!actor.organizationId) return exemptOverview();
      const org = await organizationOf(actor.organizationId);
      const current = await provider.readSubscriptions(account(org));
      await db.transaction(async (tx) => {
        await findBillingOrganization(tx, org.id, { lock: true });
        for (const snapshot of current ?? []) await upsertSubscription(tx, org.id, provider.name, snapshot, deps.now());
        await endLapsedLocalSubscriptions(tx, org.id, deps.now());
        await recompute(tx, org.id);
      });
      return overview(actor);
    },

    async createCheckout(actor: Actor, query: CheckoutSessionQuery): Promise<{ url: string }> {
      const org = await ownOrganization(actor);
      const isTrial = query.isFree === true;
      const planId: PlanId = query.product_id ?? (org.numberOfLocations > 1 ? 'twelve_months_multiple' : 'twelve_months_single');
      if (!planOffers(org).some((p) => p.id === planId)) throw badRequest('product_id', SUBSCRIPTION_MESSAGES.planUnavailable);

      const current = effectiveSubscription(await listSubscriptions(db, org.id), deps.now());
      if (isTrial && current.state !== 'never') throw conflict(SUBSCRIPTION_MESSAGES.trialUsed);
      const running = current.state === 'active' ? current.subscription! : null;
      if (running && !running.isTrial && !running.cancelAtPeriodEnd) throw conflict(SUBSCRIPTION_MESSAGES.alreadyActive);

      const plan = planOffer(org, planId);
      const locations = Math.max(1, org.numberOfLocations);
      const setupFee = !isTrial && org.setupFeePaidAt === null ? { perLocationCents: SETUP_FEE_CENTS_PER_LOCATION, locations } : null;
      const checkout = await insertCheckout(db, {
        organizationId: org.id,
        createdBy: actor.userId,
        provider: provider.name,
        planId,
        isTrial,
        periodCents: isTrial ? 0 : plan.period_cents,
        setupFeeCents: setupFee ? setupFee.perLocationCents * setupFee.locations : 0,
        locations,
      });
      const started = await provider.startCheckout({
        checkoutId: checkout.id,
        account: account(org),
        plan,
        trialDays: isTrial ? FREE_TRIAL_DAYS : null,
        setupFee,
        successUrl,
        cancelUrl,
      });
      await setCheckoutReference(db, checkout.id, started.reference);
      if (started.customerId && started.customerId !== org.billingCustomerId) await updateBilling(db, org.id, { billingCustomerId: started.customerId });
      return { url: started.url };
    },

    async manage(actor: Actor): Promise<{ url: string }> {
      const org = await ownOrganization(actor);
      return { url: await provider.manageUrl(account(org), `${deps.publicUrl}/users/company`) };
    },

    /** Cancels at the end of the paid period: the organization keeps working until then. */
    async cancel(actor: Actor, providerSubscriptionId: string): Promise<SubscriptionOverview> {
      const org = await ownOrganization(actor);
      const row = (await listSubscriptions(db, org.id)).find((s) => s.providerSubscriptionId === providerSubscriptionId);
      if (!row) throw notFound();
      if (row.provider === 'stripe' && provider.name !== 'stripe') throw conflict(SUBSCRIPTION_MESSAGES.noBillingAccount);
      const updated = row.provider === 'stripe' ? await provider.cancelAtPeriodEnd(providerSubscriptionId) : null;
      await db.transaction(async (tx) => {
        await findBillingOrganization(tx, org.id, { lock: true });
        if (updated) await upsertSubscription(tx, org.id, 'stripe', updated, deps.now());
        else await setCancelAtPeriodEnd(tx, row.id, deps.now());
        await recompute(tx, org.id);
        await recordAudit(tx, actor, { entity: 'subscription', entityId: row.id, action: 'cancel', organizationId: org.id });
      });
      return overview(actor);
    },

    /** The product admin gives an organization twelve months without payment. */
    async provideFree(actor: Actor, organizationId: string): Promise<SubscriptionOverview> {
      const at = deps.now();
      await db.transaction(async (tx) => {
        const org = await organizationOf(organizationId, tx, true);
        const planId: PlanId = org.numberOfLocations > 1 ? 'twelve_months_multiple' : 'twelve_months_single';
        const snapshot: SubscriptionSnapshot = {
          providerSubscriptionId: `complimentary_${crypto.randomUUID()}`,
          organizationId: org.id,
          customerId: null,
          planId,
          status: 'active',
          expiresAt: addMonths(at, 12),
          hasOpenInvoices: false,
          isTrial: false,
          cancelAtPeriodEnd: false,
        };
        await upsertSubscription(tx, org.id, 'complimentary', snapshot, at);
        await recompute(tx, org.id);
        await recordAudit(tx, actor, { entity: 'organization', entityId: org.id, action: 'provide_free_subscription', organizationId: org.id, changes: { planId, expiresAt: snapshot.expiresAt.toISOString() } });
      });
      return overview(actor, organizationId);
    },

    apply,

    async localCheckout(actor: Actor, id: string): Promise<LocalCheckout> {
      requireBuyer(actor);
      const { checkout, org } = await openLocalCheckout(actor, id);
      const plan = { ...planOffer(org, checkout.planId), period_cents: checkout.periodCents || planOffer(org, checkout.planId).period_cents };
      return {
        id: checkout.id,
        status: checkout.status,
        organization_name: org.name,
        plan,
        is_trial: checkout.isTrial,
        trial_days: FREE_TRIAL_DAYS,
        setup_fee_cents: checkout.setupFeeCents,
        due_today_cents: checkout.periodCents + checkout.setupFeeCents,
        success_url: successUrl,
        cancel_url: cancelUrl,
      };
    },

    /** The local checkout's "Pay": recorded through the same path as a provider's webhook. */
    async completeLocalCheckout(actor: Actor, id: string): Promise<{ url: string }> {
      requireBuyer(actor);
      const { checkout } = await openLocalCheckout(actor, id);
      if (checkout.status !== 'open') throw conflict(SUBSCRIPTION_MESSAGES.checkoutClosed);
      const at = deps.now();
      const trials = (await listSubscriptions(db, checkout.organizationId))
        .filter((s) => s.provider === 'local' && s.status === 'trialing')
        .map((s): SubscriptionSnapshot => ({ ...s, organizationId: s.organizationId, customerId: null }));
      const { applied } = await apply(localCompletion(checkout, trials, at), 'local', actor);
      if (!applied) throw conflict(SUBSCRIPTION_MESSAGES.checkoutClosed);
      return { url: successUrl };
    },

    async cancelLocalCheckout(actor: Actor, id: string): Promise<{ url: string }> {
      requireBuyer(actor);
      const { checkout } = await openLocalCheckout(actor, id);
      await db.transaction(async (tx) => {
        if (!(await closeCheckout(tx, checkout.id, 'cancelled', deps.now()))) throw conflict(SUBSCRIPTION_MESSAGES.checkoutClosed);
        await recordAudit(tx, actor, { entity: 'subscription', entityId: checkout.id, action: 'cancel_checkout', organizationId: checkout.organizationId, changes: { plan: checkout.planId } });
      });
      return { url: cancelUrl };
    },

    /** E-mails each trial's organization once, TRIAL_REMINDER_DAYS before the trial ends. */
    async remindEndingTrials(): Promise<number> {
      const at = deps.now();
      let sent = 0;
      for (const trial of await trialsEndingBy(db, at, new Date(at.getTime() + TRIAL_REMINDER_DAYS * DAY_MS))) {
        await db.transaction(async (tx) => {
          if (!(await markTrialReminded(tx, trial.id, at))) return;
          const org = await findBillingOrganization(tx, trial.organizationId);
          if (!org) return;
          await enqueueEmail(tx, deps.jobs, emailTemplates.trialEnding(org.billingContactEmail, org.name, mmddyyyy(trial.expiresAt), `${deps.publicUrl}/users/company#subscription`));
          sent += 1;
        });
      }
      return sent;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
