import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChooseRequestSupplier, ProductRequest, ProductRequestList, RequestsWithoutSupplier, SendProductRequest } from '@clinic/domain';
import { api } from '../../../lib/api-client';

/** Request Product: the caller's requests per product; purchasing's list and order writes invalidate the prefix. */
export const productRequestKeys = {
  all: ['product-requests'] as const,
  ofProduct: (productId: string) => [...productRequestKeys.all, productId] as const,
  withoutSupplier: () => [...productRequestKeys.all, 'without-supplier'] as const,
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

/** The location's requests no vendor could take, for its admins to choose a supplier (issue 50). */
export const requestsWithoutSupplierQueryOptions = () =>
  queryOptions({
    queryKey: productRequestKeys.withoutSupplier(),
    queryFn: ({ signal }) => api.get<RequestsWithoutSupplier>('purchase/product-requests/without-supplier', { signal }),
  });

/** A chosen supplier puts the request on its running list; a declined one is cancelled: lists, requests and alerts follow. */
function useSettleRequest<T>(mutationFn: (variables: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(['product-requests', 'running-lists', 'alerts'].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}

export const useChooseRequestSupplier = () =>
  useSettleRequest(({ id, body }: { id: string; body: ChooseRequestSupplier }) => api.post<ProductRequest>(`purchase/product-requests/${id}/supplier`, body));

export const useDeclineRequest = () => useSettleRequest((id: string) => api.delete(`purchase/product-requests/${id}`));
