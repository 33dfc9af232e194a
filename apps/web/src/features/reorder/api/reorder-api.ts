import { queryOptions } from '@tanstack/react-query';
import type { ProductReorder } from '@clinic/domain';
import { api } from '../../../lib/api-client';

/** A product's reorder facts at the location (issue 35); a stock change moves them, as it moves the stock grid. */
export const productReorderQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['stock', 'product', productId, 'reorder'] as const,
    queryFn: ({ signal }) => api.get<ProductReorder>(`product/${productId}/reorder`, { signal }),
    staleTime: 60_000,
  });
