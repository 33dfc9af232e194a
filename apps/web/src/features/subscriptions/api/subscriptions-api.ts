import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocalCheckout, PlanId, SubscriptionOverview } from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { hardRedirect } from '../../../lib/browser';

interface UrlResponse {
  url: string;
}

export const subscriptionKeys = {
  all: ['payments'] as const,
  /** The signed-in user's organization, re-synced with the provider (GET payments/refresh-subscriptions). */
  overview: () => [...subscriptionKeys.all, 'overview'] as const,
  /** GET payments/my-subscriptions: the user's own organization ('mine') or, for the admin, a client's. */
  organization: (organizationId: string | null) => [...subscriptionKeys.all, 'organization', organizationId ?? 'mine'] as const,
  localCheckout: (id: string) => [...subscriptionKeys.all, 'local-checkout', id] as const,
};

/** Read when the app layout loads; the subscription dialog shows from it. */
export const subscriptionOverviewQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.overview(),
    queryFn: ({ signal }) => api.get<SubscriptionOverview>('payments/refresh-subscriptions', { signal }),
    staleTime: 5 * 60_000,
  });

export const organizationSubscriptionQueryOptions = (organizationId: string | null) =>
  queryOptions({
    queryKey: subscriptionKeys.organization(organizationId),
    queryFn: ({ signal }) =>
      api.get<SubscriptionOverview>('payments/my-subscriptions', { query: { organization_id: organizationId }, signal }),
  });

export const localCheckoutQueryOptions = (id: string) =>
  queryOptions({
    queryKey: subscriptionKeys.localCheckout(id),
    queryFn: ({ signal }) => api.get<LocalCheckout>(`payments/local-checkout/${id}`, { signal }),
  });

export interface CheckoutRequest {
  planId: PlanId;
  /** The free trial, offered only to an organization that never subscribed. */
  trial: boolean;
}

/**
 * Asks for a checkout session and sends the browser there (the provider's page, or the local
 * checkout page). The mutation stays "pending" from the caller's view until the page unloads:
 * use `isPending || isSuccess` for busy buttons.
 */
export function useStartCheckout() {
  return useMutation({
    mutationFn: ({ planId, trial }: CheckoutRequest) =>
      api.get<UrlResponse>('payments/create-checkout-session', {
        query: trial ? { isFree: true, product_id: planId } : { product_id: planId },
      }),
    onSuccess: ({ url }) => {
      hardRedirect(url);
    },
  });
}

/** 'Manage Subscriptions': the provider's customer portal, or this app's own subscription section. */
export function useManageSubscription() {
  return useMutation({
    mutationFn: () => api.get<UrlResponse>('payments/manage'),
    onSuccess: ({ url }) => {
      hardRedirect(url);
    },
  });
}

/** Every view of a subscription reads again after a change (the overview re-syncs with the provider). */
function useInvalidateSubscriptions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
}

/** Cancels at the end of the paid period; `subscriptionId` is the provider's id (Subscription.subscription_id). */
export function useCancelSubscription() {
  const invalidate = useInvalidateSubscriptions();
  return useMutation({
    mutationFn: (subscriptionId: string) =>
      api.get<SubscriptionOverview>('payments/cancel-subscription', { query: { subscription_id: subscriptionId } }),
    onSuccess: invalidate,
  });
}

/** The local provider's test checkout: 'Pay' / 'Start free trial' or 'Cancel', then on to the URL the server names. */
export function useFinishLocalCheckout(checkoutId: string) {
  return useMutation({
    mutationFn: (outcome: 'complete' | 'cancel') => api.post<UrlResponse>(`payments/local-checkout/${checkoutId}/${outcome}`),
    onSuccess: ({ url }) => {
      hardRedirect(url);
    },
  });
}
