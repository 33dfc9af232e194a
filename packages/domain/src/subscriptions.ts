import { z } from './zod';
import { QueryBooleanSchema } from './pagination';
import { UuidSchema } from './fields';
import { decimalToCents } from './money';
import { PLAN_IDS, PLANS, type PlanId } from './plans';

/** Statuses of a card-payment subscription, as the payment provider names them (spec section 4). */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
] as const;
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** Statuses that need the customer to act in the provider's portal: 'Manage Subscriptions'. */
export const PROBLEM_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['past_due', 'unpaid', 'incomplete', 'incomplete_expired'];

export const PAYMENT_PROVIDERS = ['local', 'stripe', 'complimentary'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** The plans of spec section 9 and the messages live in plans.ts, which holds no schema. */
export { PLAN_IDS, PLANS, SUBSCRIPTION_MESSAGES, type PlanDefinition, type PlanId } from './plans';
export const PlanIdSchema = z.enum(PLAN_IDS, { message: 'Choose a plan' });

/** One-time set-up fee, per location, charged with an organization's first paid plan. */
export const SETUP_FEE_CENTS_PER_LOCATION = 50_000;
/** Length of the free trial offered to an organization that never subscribed (docs/decisions.md). */
export const FREE_TRIAL_DAYS = 14;
/** A trialing organization is e-mailed this many days before its trial ends. */
export const TRIAL_REMINDER_DAYS = 7;

export interface PlanOrganization {
  numberOfLocations: number;
  /** The product admin's price per location per month for the multiple-location plan, e.g. "140.00". */
  customPrice: string | null;
}

export const PlanOfferSchema = z.object({
  id: PlanIdSchema,
  title: z.string(),
  months: z.number().int(),
  monthly_cents: z.number().int(),
  /** Locations the price covers (1 for single-location plans). */
  locations: z.number().int(),
  /** What each billing period charges: monthly x months x locations. */
  period_cents: z.number().int(),
  billing: z.string(),
  discount_offer: z.string().nullable(),
  benefits: z.array(z.string()),
  custom_price: z.boolean(),
});
export type PlanOffer = z.infer<typeof PlanOfferSchema>;

/** The plans an organization is offered: the multiple-location plan only when it has more than one location. */
export function planOffers(organization: PlanOrganization): PlanOffer[] {
  return PLAN_IDS.filter((id) => !PLANS[id].multipleLocations || organization.numberOfLocations > 1).map((id) =>
    planOffer(organization, id),
  );
}

export function planOffer(organization: PlanOrganization, id: PlanId): PlanOffer {
  const plan = PLANS[id];
  const custom = plan.multipleLocations && organization.customPrice !== null;
  const monthly = custom ? decimalToCents(organization.customPrice!) : plan.monthlyCents;
  const locations = plan.multipleLocations ? Math.max(1, organization.numberOfLocations) : 1;
  return {
    id,
    title: plan.title,
    months: plan.months,
    monthly_cents: monthly,
    locations,
    period_cents: monthly * plan.months * locations,
    billing: plan.billing,
    discount_offer: plan.discountOffer,
    benefits: plan.benefits,
    custom_price: custom,
  };
}

export function setupFeeCents(numberOfLocations: number): number {
  return SETUP_FEE_CENTS_PER_LOCATION * Math.max(1, numberOfLocations);
}

/** The facts of one subscription the effective rule reads. */
export interface SubscriptionEntry {
  status: SubscriptionStatus;
  expiresAt: Date;
  hasOpenInvoices: boolean;
  createdAt: Date;
}

export type SubscriptionState = 'active' | 'inactive' | 'never';

export interface EffectiveSubscription<T extends SubscriptionEntry> {
  state: SubscriptionState;
  /** The entry the state was read from; null when never subscribed. */
  subscription: T | null;
  /** A problem status or open invoices: the user is sent to 'Manage Subscriptions'. */
  needsManagement: boolean;
}

const latestFirst = (a: SubscriptionEntry, b: SubscriptionEntry) =>
  b.expiresAt.getTime() - a.expiresAt.getTime() || b.createdAt.getTime() - a.createdAt.getTime();

/**
 * Spec section 4: among active or trialing entries take the one with the latest expiresAt; it
 * counts as active only without open invoices (and, our addition, while it has not expired).
 * Otherwise take the latest of all entries. Ties on expiresAt go to the newer entry.
 */
export function effectiveSubscription<T extends SubscriptionEntry>(entries: readonly T[], now: Date): EffectiveSubscription<T> {
  if (entries.length === 0) return { state: 'never', subscription: null, needsManagement: false };
  const running = entries.filter((e) => e.status === 'active' || e.status === 'trialing').sort(latestFirst);
  const chosen = running[0] ?? [...entries].sort(latestFirst)[0]!;
  const active = running[0] !== undefined && !chosen.hasOpenInvoices && chosen.expiresAt.getTime() > now.getTime();
  const needsManagement = chosen.hasOpenInvoices || PROBLEM_SUBSCRIPTION_STATUSES.includes(chosen.status);
  return { state: active ? 'active' : 'inactive', subscription: chosen, needsManagement };
}

// ---- API contracts -------------------------------------------------------------------------

export const SubscriptionSchema = z.object({
  id: UuidSchema,
  /** The provider's subscription id (Stripe's sub_..., or the local one). */
  subscription_id: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  plan_id: PlanIdSchema,
  status: SubscriptionStatusSchema,
  expiresAt: z.string(),
  hasOpenInvoices: z.boolean(),
  is_trial: z.boolean(),
  cancel_at_period_end: z.boolean(),
  created_at: z.string(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES);

export const InvoiceSchema = z.object({
  id: UuidSchema,
  number: z.string().nullable(),
  amount_cents: z.number().int(),
  status: InvoiceStatusSchema,
  description: z.string(),
  created_at: z.string(),
  /** The provider's page for the invoice, when it has one. */
  url: z.string().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** What the subscription dialog and the company page read: GET payments/my-subscriptions and refresh-subscriptions. */
export const SubscriptionOverviewSchema = z.object({
  organization_id: UuidSchema.nullable(),
  /** The product admin (and anyone without an organization) is never blocked. */
  exempt: z.boolean(),
  state: z.enum(['active', 'inactive', 'never']),
  needs_management: z.boolean(),
  effective: SubscriptionSchema.nullable(),
  subscriptions: z.array(SubscriptionSchema),
  invoices: z.array(InvoiceSchema),
  plans: z.array(PlanOfferSchema),
  number_of_locations: z.number().int(),
  setup_fee: z.object({ per_location_cents: z.number().int(), locations: z.number().int(), total_cents: z.number().int(), due: z.boolean() }),
  free_trial_days: z.number().int(),
  /** 'local' when payments are test payments recorded by the app itself (no card is charged). */
  provider: z.enum(['local', 'stripe']),
});
export type SubscriptionOverview = z.infer<typeof SubscriptionOverviewSchema>;

export const CheckoutSessionQuerySchema = z.object({
  product_id: PlanIdSchema.optional(),
  isFree: QueryBooleanSchema.optional(),
});
export type CheckoutSessionQuery = z.infer<typeof CheckoutSessionQuerySchema>;

export const UrlResponseSchema = z.object({ url: z.string() });

export const CancelSubscriptionQuerySchema = z.object({ subscription_id: z.string().trim().min(1, 'Required').max(255) });
export const OrganizationIdQuerySchema = z.object({ organization_id: UuidSchema.optional() });
export const ProvideFreeSubscriptionQuerySchema = z.object({ organization_id: UuidSchema });

/** The local checkout page reads its session: what is bought, for whom, and the amounts due today. */
export const LocalCheckoutSchema = z.object({
  id: UuidSchema,
  status: z.enum(['open', 'completed', 'cancelled']),
  organization_name: z.string(),
  plan: PlanOfferSchema,
  is_trial: z.boolean(),
  trial_days: z.number().int(),
  setup_fee_cents: z.number().int(),
  due_today_cents: z.number().int(),
  success_url: z.string(),
  cancel_url: z.string(),
});
export type LocalCheckout = z.infer<typeof LocalCheckoutSchema>;
