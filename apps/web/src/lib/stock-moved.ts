import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { placeKeys } from './places';

/**
 * What shows a location's stock: the lots' grids and histories (`stock`), the alerts and the
 * navigation's badge, "in stock" searches and the product pages' figures (`products`), and the
 * units each place holds. Stated once (issue 54, item 7), so every act that moves units (a lot
 * added or edited, a write-off, a count approved, a transfer, a visit saved at the chair or
 * confirmed from the practice system) refreshes all of them.
 */
const STOCK_VIEWS: readonly QueryKey[] = [['stock'], ['alerts'], ['products'], placeKeys.all];

/** Stock moved at this location: its views refresh, with the caller's own lists (`also`) first. */
export function stockMoved(queryClient: QueryClient, also: readonly QueryKey[] = []): Promise<unknown> {
  return Promise.all([...also, ...STOCK_VIEWS].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** `stockMoved` for a component's mutations: a callback that takes no arguments, so it can be an `onSuccess`. */
export function useStockMoved(also: readonly QueryKey[] = []): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return () => stockMoved(queryClient, also);
}
