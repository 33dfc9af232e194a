import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchPriceListItemRequest, PriceListItem, PriceListPage, PriceListSummary } from '@clinic/domain';
import { api } from '../../../lib/api-client';

export interface PriceListParams {
  search?: string | undefined;
  /** true: matched items only; false: unmatched only; undefined: all. */
  matched?: boolean | undefined;
  currentPage: number;
  perPage: number;
}

export const priceListKeys = {
  all: ['price-lists'] as const,
  supplier: (supplierId: string) => [...priceListKeys.all, supplierId] as const,
  items: (supplierId: string, params: PriceListParams) => [...priceListKeys.supplier(supplierId), params] as const,
};

export const priceListQueryOptions = (supplierId: string, params: PriceListParams) =>
  queryOptions({
    queryKey: priceListKeys.items(supplierId, params),
    queryFn: ({ signal }) => api.get<PriceListPage>(`supplier/${supplierId}/price-list`, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

/** A new or removed price list (or a matched item) changes the supplier's items and the marketplace's offers. */
function useInvalidatePriceList(supplierId: string) {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: priceListKeys.supplier(supplierId) }), queryClient.invalidateQueries({ queryKey: ['marketplace'] })]);
}

/** The file goes as multipart/form-data in the field `file`; the answer counts what matched the catalog. */
export function useUploadPriceList(supplierId: string) {
  const invalidate = useInvalidatePriceList(supplierId);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.postForm<PriceListSummary>(`supplier/${supplierId}/price-list`, form);
    },
    onSuccess: invalidate,
  });
}

export function useRemovePriceList(supplierId: string) {
  const invalidate = useInvalidatePriceList(supplierId);
  return useMutation({ mutationFn: () => api.delete(`supplier/${supplierId}/price-list`), onSuccess: invalidate });
}

/** Matches an item to a catalog product by hand (null unmatches it): the item is offered in the marketplace as that product. */
export function useMatchPriceListItem(supplierId: string) {
  const invalidate = useInvalidatePriceList(supplierId);
  return useMutation({
    mutationFn: ({ itemId, product_id }: MatchPriceListItemRequest & { itemId: string }) =>
      api.patch<PriceListItem>(`supplier/${supplierId}/price-list/items/${itemId}`, { product_id }),
    onSuccess: invalidate,
  });
}
