import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useOnline } from '../../lib/use-online';
import { keptTreatmentsQueryOptions, trayLotsQueryOptions } from './api/visits-api';

/** Lots fetched for keeping are not asked again within this time (a chair opened many times a day). */
const KEEP_LOTS_FRESH_MS = 5 * 60_000;

/**
 * How long the chair is open before its lots are fetched for keeping: a visit typed and saved
 * right away meets no extra requests, nor IndexedDB writes (Chromium keeps an origin's databases
 * in one store, so the outbox's writes would wait behind them).
 */
export const KEEP_LOTS_AFTER_MS = 30_000;

const whenIdle = (work: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 5000 });
    return () => { cancelIdleCallback(id); };
  }
  const timer = setTimeout(work, 0);
  return () => { clearTimeout(timer); };
};

/**
 * The lots of every product on the location's trays, fetched one product at a time while the
 * chair is idle and online, KEEP_LOTS_AFTER_MS after it opened, and kept on the device with them
 * (issue 52): offline, the lot picker still offers them. Stops when the page goes or the network does.
 */
export function useKeepTrayLots(): void {
  const queryClient = useQueryClient();
  const online = useOnline();
  const treatments = useQuery(keptTreatmentsQueryOptions()).data;
  useEffect(() => {
    if (!online || !treatments) return;
    const products = [...new Set(treatments.flatMap((t) => t.treatmentProducts.map((line) => line.product.id)))];
    let stopped = false;
    let cancel: () => void = () => undefined;
    const keepFrom = (index: number) => {
      const productId = products[index];
      if (stopped || productId === undefined || !navigator.onLine) return;
      cancel = whenIdle(() => {
        void queryClient.prefetchQuery({ ...trayLotsQueryOptions(productId), staleTime: KEEP_LOTS_FRESH_MS }).then(() => { keepFrom(index + 1); });
      });
    };
    const timer = setTimeout(() => { keepFrom(0); }, KEEP_LOTS_AFTER_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
      cancel();
    };
  }, [online, treatments, queryClient]);
}
