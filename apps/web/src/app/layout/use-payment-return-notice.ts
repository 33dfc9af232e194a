import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '@clinic/domain';
import { useNotify } from '../../components/notifications/use-notify';

const PARAMS = ['success', 'cancelled'] as const;

/** The payment provider sends the user back with ?success=true or ?cancelled=true; say so once, then tidy the URL. */
export function usePaymentReturnNotice(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const notify = useNotify();
  const handled = useRef<string | null>(null);
  const search = searchParams.toString();

  useEffect(() => {
    if (!PARAMS.some((param) => searchParams.has(param))) return;
    if (handled.current === search) return;
    handled.current = search;

    if (searchParams.get('success') === 'true') notify.success(MESSAGES.paymentSuccess);
    else if (searchParams.get('cancelled') === 'true') notify.info(MESSAGES.paymentCancelled);

    const next = new URLSearchParams(searchParams);
    for (const param of PARAMS) next.delete(param);
    setSearchParams(next, { replace: true });
  }, [search, searchParams, setSearchParams, notify]);
}
