import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useOnline } from '../../lib/use-online';
import { keptTreatmentsQueryOptions, trayLotsQueryOptions } from './api/visits-api';

/** Lots fetched for keeping are not asked again within this time (a chair opened many times a day). */
const KEEP_LOTS_FRESH_MS = 5 * 60_000;

/**
 * The lots of every product on the location's trays, fetched one product at a time once the
 * chair is idle and online, and kept on the device with them (issue 52): offline, the lot picker
 * still offers them. Stops when the page goes or the network does.
 */
export function useKeepTrayLots(): void {
  const queryClient = useQueryClient();
  const online = useOnline();
  const treatments = useQuery(keptTreatmentsQueryOptions()).data;
  useEffect(() => {
    if (!online || !treatments) return;
    const products = [...new Set(treatments.flatMap((t) => t.treatmentProducts.map((line) => line.product.id)))];
    let stopped = false;
    const keep = async () => {
      for (const productId of products) {
        if (stopped || !navigator.onLine) return;
        await queryClient.prefetchQuery({ ...trayLotsQueryOptions(productId), staleTime: KEEP_LOTS_FRESH_MS });
      }
    };
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(() => { void keep(); }, { timeout: 5000 }) : null;
    const timer = idle === null ? setTimeout(() => { void keep(); }, 2000) : null;
    return () => {
      stopped = true;
      if (idle !== null) cancelIdleCallback(idle);
      if (timer !== null) clearTimeout(timer);
    };
  }, [online, treatments, queryClient]);
}
