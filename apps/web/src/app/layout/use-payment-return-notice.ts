import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '@clinic/domain';
import { useNotify } from '../../components/notifications/use-notify';
import { subscriptionKeys } from '../../features/subscriptions/api/subscriptions-api';

const PARAMS = ['success', 'cancelled'] as const;

/**
 * The payment provider sends the user back with ?success=true or ?cancelled=true; say so once, then
 * tidy the URL. After a payment the subscription is read again, so the subscription dialog closes.
 */
export function usePaymentReturnNotice(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const handled = useRef<string | null>(null);
  const search = searchParams.toString();

  useEffect(() => {
    if (!PARAMS.some((param) => searchParams.has(param))) return;
    if (handled.current === search) return;
    handled.current = search;

    if (searchParams.get('success') === 'true') {
      notify.success(MESSAGES.paymentSuccess);
      // A read already under way started after the payment: let it answer rather than start another.
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }, { cancelRefetch: false });
    } else if (searchParams.get('cancelled') === 'true') {
      notify.info(MESSAGES.paymentCancelled);
    }

    const next = new URLSearchParams(searchParams);
    for (const param of PARAMS) next.delete(param);
    setSearchParams(next, { replace: true });
  }, [search, searchParams, setSearchParams, notify, queryClient]);
}
