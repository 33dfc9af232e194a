import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionOverview } from '@clinic/domain';
import { onSubscriptionRequired } from '../../../lib/api-client';
import { useSessionClaims } from '../../../lib/auth-token';
import { organizationOpen, useProfile } from '../../../lib/profile';
import { subscriptionKeys, subscriptionOverviewQueryOptions } from '../api/subscriptions-api';
import { isBlockedBySubscription, isSubscriptionInactive } from '../subscription-access';

// The subscription rule as the app layout reads it on every page; the dialog that shows it
// (subscription-dialog.tsx) loads once the page is on screen.

/** Many calls can answer 402 at once (a page's queries, a poll): the overview is read again at most this often. */
export const SUBSCRIPTION_RECHECK_GAP_MS = 10_000;

/**
 * Any call answering 402 SUBSCRIPTION_REQUIRED (the subscription lapsed while the app was open)
 * reads the overview again, so the dialog appears. While the dialog shows, further 402s of the
 * page behind it change nothing: that page shows its error state.
 */
export function useSubscriptionRequiredListener(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let last = Number.NEGATIVE_INFINITY;
    return onSubscriptionRequired(() => {
      const key = subscriptionKeys.overview();
      if (isSubscriptionInactive(queryClient.getQueryData<SubscriptionOverview>(key))) return;
      const now = Date.now();
      if (now - last < SUBSCRIPTION_RECHECK_GAP_MS) return;
      last = now;
      void queryClient.invalidateQueries({ queryKey: key }, { cancelRefetch: false });
    });
  }, [queryClient]);
}

/** Whether the signed-in user is blocked by the subscription rule (the layout pauses the tour meanwhile). */
export function useSubscriptionBlock() {
  const claims = useSessionClaims();
  const profile = useProfile();
  const role = profile.data?.role ?? claims?.role ?? null;
  // While the organization awaits approval the schedule-a-meeting dialog speaks instead, and the
  // overview would only answer 403: it is asked for once the profile says the organization is open.
  const overview = useQuery({ ...subscriptionOverviewQueryOptions(), enabled: role !== null && organizationOpen(profile.data) });
  return { overview, role, blocked: isBlockedBySubscription(overview.data, role, profile.data) };
}
