/**
 * The plans and the subscription messages, apart from subscriptions.ts's schemas: the web app's
 * layout offers plans and shows these messages on every page, and importing subscriptions.ts would
 * build its zod schemas there too (issue 37). subscriptions.ts re-exports all of it.
 */

/** Plans of spec section 9. Their ids are the `product_id` of create-checkout-session. */
export const PLAN_IDS = ['six_months_single', 'twelve_months_single', 'twelve_months_multiple'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanDefinition {
  id: PlanId;
  title: string;
  months: 6 | 12;
  /** Price per month in cents (per location for the multiple-location plan). */
  monthlyCents: number;
  billing: string;
  multipleLocations: boolean;
  discountOffer: string | null;
  benefits: string[];
}

export const PLANS: Record<PlanId, PlanDefinition> = {
  six_months_single: {
    id: 'six_months_single',
    title: 'Six months, single location',
    months: 6,
    monthlyCents: 18_999,
    billing: 'Billed semi-annually',
    multipleLocations: false,
    discountOffer: null,
    benefits: ['One clinic location', 'Every feature, unlimited users'],
  },
  twelve_months_single: {
    id: 'twelve_months_single',
    title: 'Twelve months, single location',
    months: 12,
    monthlyCents: 17_099,
    billing: 'Billed annually',
    multipleLocations: false,
    discountOffer: '10% discount',
    benefits: ['One clinic location', 'Every feature, unlimited users'],
  },
  twelve_months_multiple: {
    id: 'twelve_months_multiple',
    title: 'Twelve months, multiple location',
    months: 12,
    monthlyCents: 15_099,
    billing: 'Billed annually',
    multipleLocations: true,
    discountOffer: '10% discount',
    benefits: ['Every location of your organization', 'Assisted set-up', 'Concierge benefits'],
  },
};

export const SUBSCRIPTION_MESSAGES = {
  required: 'Your organization needs an active subscription to continue.',
  askOwner: 'Ask your organization admin to choose a plan.',
  chooseOnLargerScreen: 'Sign in on a computer or tablet to choose a plan.',
  trialUsed: 'The free trial has already been used. Please choose a plan.',
  planUnavailable: 'This plan is for organizations with more than one location.',
  alreadyActive: 'Your organization already has an active subscription.',
  noBillingAccount: 'There is no billing account yet. Choose a plan first.',
  checkoutClosed: 'This checkout is no longer open.',
  canceled: 'Your subscription will end on its expiry date.',
  freeGiven: 'Free subscription given',
  freeGiveError: 'Failed to give a free subscription',
  webhookSignature: 'Invalid webhook signature',
} as const;
