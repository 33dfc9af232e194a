import type { Profile, Role, SubscriptionOverview, SubscriptionStatus } from '@clinic/domain';

/**
 * Who chooses, pays for, manages and cancels the organization's plan: its organization admins and
 * location admins. Everyone else of the organization is asked to turn to them.
 */
export const SUBSCRIPTION_BUYER_ROLES: readonly Role[] = ['organization_admin', 'company_admin'];

export function mayBuySubscription(role: Role | null | undefined): boolean {
  return role != null && SUBSCRIPTION_BUYER_ROLES.includes(role);
}

/** The overview says the organization has no active subscription (and the user is not exempt). */
export function isSubscriptionInactive(overview: SubscriptionOverview | undefined): overview is SubscriptionOverview {
  return overview !== undefined && !overview.exempt && (overview.state === 'inactive' || overview.state === 'never');
}

/**
 * Spec section 4: a non-admin user of an approved organization without an active subscription is
 * blocked. The profile may be missing (not loaded, or refused): then the token's role decides and
 * the overview, which the server computes for the user's own organization, is trusted.
 */
export function isBlockedBySubscription(
  overview: SubscriptionOverview | undefined,
  role: Role | null,
  profile: Profile | undefined,
): overview is SubscriptionOverview {
  if (role === null || role === 'admin') return false;
  if (profile?.company && profile.company.organization.approvalStatus !== 'approved') return false;
  return isSubscriptionInactive(overview);
}

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  trialing: 'Free trial',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
  incomplete_expired: 'Incomplete, expired',
  canceled: 'Canceled',
  paused: 'Paused',
};

export const CHECKOUT_ERROR = 'Could not open the checkout. Please try again.';
export const MANAGE_ERROR = 'Could not open Manage Subscriptions. Please try again.';
