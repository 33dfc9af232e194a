import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddedRunningListProducts,
  AddRunningListProductRequest,
  BulkRunningListProductsRequest,
  PurchaseOrderDetail,
  PurchaseOrderPage,
  PurchaseOrderStatus,
  ReceivePurchaseOrderRequest,
  ReorderSuggestions,
  ReorderSuggestionsRequest,
  RunningListDetail,
  RunningListPage,
  RunningListProduct,
  RunningListProductInput,
  UpdateRunningListProductRequest,
} from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { answerInCache } from '../../../lib/write-answer';
import { optimisticUpdate } from '../../../lib/optimistic';
import { productRequestKeys } from './product-requests-api';

export const runningListKeys = {
  all: ['running-lists'] as const,
  list: (filter: { notOrdered: boolean; supplierId?: string | undefined }, currentPage: number, perPage: number) =>
    [...runningListKeys.all, 'list', filter.notOrdered, filter.supplierId ?? 'all', currentPage, perPage] as const,
  detail: (id: string) => [...runningListKeys.all, 'detail', id] as const,
};

export const purchaseOrderKeys = {
  all: ['purchase-orders'] as const,
  list: (status: PurchaseOrderStatus | undefined, currentPage: number, perPage: number) => [...purchaseOrderKeys.all, 'list', status ?? 'all', currentPage, perPage] as const,
  detail: (id: string) => [...purchaseOrderKeys.all, 'detail', id] as const,
};

export const runningListsQueryOptions = (filter: { notOrdered: boolean; supplierId?: string | undefined }, currentPage: number, perPage: number) =>
  queryOptions({
    queryKey: runningListKeys.list(filter, currentPage, perPage),
    queryFn: ({ signal }) =>
      api.get<RunningListPage>('purchase/running-list', { query: { is_not_ordered: filter.notOrdered || undefined, supplier_id: filter.supplierId, currentPage, perPage }, signal }),
    placeholderData: keepPreviousData,
  });

export const runningListQueryOptions = (id: string) =>
  queryOptions({
    queryKey: runningListKeys.detail(id),
    queryFn: ({ signal }) => api.get<RunningListDetail>(`purchase/running-list/${id}`, { signal }),
  });

export const purchaseOrdersQueryOptions = (status: PurchaseOrderStatus | undefined, currentPage: number, perPage: number) =>
  queryOptions({
    queryKey: purchaseOrderKeys.list(status, currentPage, perPage),
    queryFn: ({ signal }) => api.get<PurchaseOrderPage>('purchase/purchase-order', { query: { status, currentPage, perPage }, signal }),
    placeholderData: keepPreviousData,
  });

export const purchaseOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: purchaseOrderKeys.detail(id),
    queryFn: ({ signal }) => api.get<PurchaseOrderDetail>(`purchase/purchase-order/${id}`, { signal }),
  });

function useInvalidateRunningLists() {
  const queryClient = useQueryClient();
  // A requested product's state follows its line (removed: cancelled).
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: runningListKeys.all }), queryClient.invalidateQueries({ queryKey: productRequestKeys.all })]);
}

export function useCreateRunningList() {
  const invalidate = useInvalidateRunningLists();
  return useMutation({ mutationFn: (supplierId: string) => api.post<RunningListDetail>('purchase/running-list', { supplier_id: supplierId }), onSuccess: invalidate });
}

export function useRemoveRunningList() {
  const invalidate = useInvalidateRunningLists();
  return useMutation({ mutationFn: (id: string) => api.delete(`purchase/running-list/${id}`), onSuccess: invalidate });
}

export function useAddToRunningList() {
  const invalidate = useInvalidateRunningLists();
  return useMutation({ mutationFn: (body: AddRunningListProductRequest) => api.post<AddedRunningListProducts>('purchase/running-list/product', body), onSuccess: invalidate });
}

/** The dialog's "New running list": a list of its own for the supplier, then the product on it. */
export function useAddToNewRunningList() {
  const invalidate = useInvalidateRunningLists();
  return useMutation({
    mutationFn: async ({ supplierId, ...line }: RunningListProductInput & { supplierId: string }) => {
      const list = await api.post<RunningListDetail>('purchase/running-list', { supplier_id: supplierId });
      return api.post<AddedRunningListProducts>('purchase/running-list/product', { ...line, running_list_id: list.id });
    },
    onSuccess: invalidate,
  });
}

export function useAddToRunningListInBulk() {
  const invalidate = useInvalidateRunningLists();
  return useMutation({ mutationFn: (body: BulkRunningListProductsRequest) => api.post<AddedRunningListProducts>('purchase/running-list/product/bulk', body), onSuccess: invalidate });
}

/**
 * A line's quantity, price or priority. The priority switch shows its change at once (written into
 * the list's cache, put back if the server refuses); numbers wait for the server, as their cells
 * keep what was typed themselves.
 */
export function useUpdateRunningListProduct(listId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateRunningLists();
  const optimistic = optimisticUpdate<RunningListDetail, { id: string; body: UpdateRunningListProductRequest }>(queryClient, runningListKeys.detail(listId), (list, { id, body }) =>
    body.high_priority === undefined ? list : { ...list, runningListProducts: list.runningListProducts.map((line) => (line.id === id ? { ...line, high_priority: body.high_priority ?? line.high_priority } : line)) },
  );
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateRunningListProductRequest }) => api.patch<RunningListProduct>(`purchase/running-list/product/${id}`, body),
    onMutate: optimistic.onMutate,
    onError: optimistic.onError,
    onSettled: invalidate,
  });
}

export function useRemoveRunningListProduct() {
  const invalidate = useInvalidateRunningLists();
  return useMutation({ mutationFn: (id: string) => api.delete(`purchase/running-list/product/${id}`), onSuccess: invalidate });
}

export function useReorderSuggestions() {
  const invalidate = useInvalidateRunningLists();
  return useMutation({ mutationFn: (body: ReorderSuggestionsRequest) => api.post<ReorderSuggestions>('purchase/running-list/reorder-suggestions', body), onSuccess: invalidate });
}

export function useGeneratePurchaseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runningListId: string) => api.post<PurchaseOrderDetail>('purchase/running-list/purchase-order', { runningListId }),
    onSuccess: () => Promise.all([runningListKeys.all, purchaseOrderKeys.all, productRequestKeys.all, ['alerts']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** Receiving adds stock: the product pages, alerts and product searches move with it, and a marketplace order's receiving status. */
export function useReceivePurchaseOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceivePurchaseOrderRequest) => api.post<PurchaseOrderDetail>(`purchase/purchase-order/${id}/receive`, body),
    ...answerInCache<PurchaseOrderDetail>(queryClient, purchaseOrderKeys.detail(id), () =>
      Promise.all(['purchase-orders', 'stock', 'alerts', 'products', 'marketplace', 'product-requests'].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
    ),
  });
}
