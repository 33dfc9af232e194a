import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductRequest, ProductRequestList, SendProductRequest } from '@clinic/domain';
import { api } from '../../../lib/api-client';

/** Request Product: the caller's requests per product; purchasing's list and order writes invalidate the prefix. */
export const productRequestKeys = {
  all: ['product-requests'] as const,
  ofProduct: (productId: string) => [...productRequestKeys.all, productId] as const,
};

export const productRequestsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: productRequestKeys.ofProduct(productId),
    queryFn: ({ signal }) => api.get<ProductRequestList>(`product/${productId}/requests`, { signal }),
  });

export function useRequestProduct(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendProductRequest) => api.post<ProductRequest>(`product/${productId}/requests`, body),
    // The request sits on a running list and raises an alert.
    onSuccess: () => Promise.all(['product-requests', 'running-lists', 'alerts'].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}
