import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PRODUCT_SEARCH_PAGE_SIZE,
  PRODUCT_SEARCH_STALE_TIME_MS,
  STOCK_PAGE_SIZE,
  type Product,
  type ProductListItem,
  type ProductListOrder,
  type AlertKind,
  type AlertPage,
  type ConsumeStockRequest,
  type Consumption,
  type CreatedStocks,
  type CycleUnitPrice,
  type CreateStockRequest,
  type LotStatusBody,
  type MoveStockRequest,
  type Page,
  type Stock,
  type StockPage,
  type TrackingReport,
  type UpdateStockRequest,
} from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { useStockMoved } from '../../../lib/stock-moved';
import { alertKeys } from './alert-keys';

export const stockKeys = {
  all: ['stock'] as const,
  product: (productId: string) => [...stockKeys.all, 'product', productId] as const,
  page: (productId: string, currentPage: number, placeId = '') => [...stockKeys.product(productId), currentPage, ...(placeId ? [{ placeId }] : [])] as const,
};

/** Spec section 9: the stock grid shows 5 rows, newest first. */
export const stockPageQueryOptions = (productId: string, currentPage: number, placeId = '') =>
  queryOptions({
    queryKey: stockKeys.page(productId, currentPage, placeId),
    queryFn: ({ signal }) => api.get<StockPage>('stock', { query: { productId, currentPage, perPage: STOCK_PAGE_SIZE, place_id: placeId || undefined }, signal }),
    placeholderData: keepPreviousData,
  });

export const alertsQueryOptions = (kind: AlertKind | undefined, currentPage: number, perPage: number) =>
  queryOptions({
    queryKey: alertKeys.list(kind, currentPage, perPage),
    queryFn: ({ signal }) => api.get<AlertPage>('alert', { query: { kind, currentPage, perPage }, signal }),
    placeholderData: keepPreviousData,
  });

/** A stock change moves the product's grid, its alerts and "in stock" searches, and the places' units. */
export const useInvalidateStock = () => useStockMoved();

export function useCreateStock() {
  const invalidate = useInvalidateStock();
  return useMutation({ mutationFn: (body: CreateStockRequest) => api.post<CreatedStocks>('stock', body), onSuccess: invalidate });
}

export function useUpdateStock() {
  const invalidate = useInvalidateStock();
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: UpdateStockRequest }) => api.patch<Stock>(`stock/${id}`, body), onSuccess: invalidate });
}

export function useDeleteStock() {
  const invalidate = useInvalidateStock();
  return useMutation({ mutationFn: (id: string) => api.delete(`stock/${id}`), onSuccess: invalidate });
}

/** Recall, quarantine or release a lot; the grid, the lot pickers and the alerts follow. */
export function useSetLotStatus() {
  const invalidate = useInvalidateStock();
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: LotStatusBody }) => api.post<Stock>(`stock/${id}/status`, body), onSuccess: invalidate });
}

/** Issue 34: units of a lot moved to another place; the answer is the lot they went to. */
export function useMoveStock() {
  const invalidate = useInvalidateStock();
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: MoveStockRequest }) => api.post<Stock>(`stock/${id}/move`, body), onSuccess: invalidate });
}

export function useConsumeStock() {
  const invalidate = useInvalidateStock();
  return useMutation({ mutationFn: (body: ConsumeStockRequest) => api.post<Consumption>('stock/consume', body), onSuccess: invalidate });
}

export function useDismissAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`alert/${id}/dismiss`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export const trackingQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: [...stockKeys.product(productId), 'tracking'] as const,
    queryFn: ({ signal }) => api.get<TrackingReport>(`product/${productId}/tracking-reports`, { signal }),
  });

/** The consumable panel's estimate: the next use's unit price and the latest cycle (spec section 7). */
export const cycleUnitPriceQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: [...stockKeys.product(productId), 'cycle-unit-price'] as const,
    queryFn: ({ signal }) => api.get<CycleUnitPrice>(`product/${productId}/estimated-cycle-unit-price`, { query: { 'get-last-tracker': true }, signal }),
  });

export interface InventoryProduct {
  id: string;
  name: string;
  brand: string;
  barcode: string;
  /** Where an HIBC label's labeler code + product number is found: the add-stock scan compares with it. */
  manufacturer_code: string;
  type: 'disposable' | 'consumable';
  basic_unit: Product['basic_unit'];
  product_image_url: string | null;
}

/** A product as the inventory page lists it: with its days of cover here (issue 35). */
export type InventoryListProduct = InventoryProduct & Pick<ProductListItem, 'days_of_cover'>;

/**
 * The inventory page's product lookup: the catalog search, optionally only what is in stock here
 * or in one place, in the list's own order or by days of cover.
 */
export const inventorySearchQueryOptions = (term: string, inStockOnly: boolean, currentPage: number, placeId = '', order: ProductListOrder = { order: 'asc' }) =>
  queryOptions({
    queryKey: ['products', 'inventory', term, inStockOnly, currentPage, placeId, order.sort ?? null, order.order] as const,
    queryFn: ({ signal }) =>
      api.get<Page<InventoryListProduct>>('product/v2', {
        query: { fuzzySearchQuery: term, in_stock_only: inStockOnly, currentPage, perPage: PRODUCT_SEARCH_PAGE_SIZE, place_id: placeId || undefined, sort: order.sort, order: order.sort ? order.order : undefined },
        signal,
      }),
    staleTime: PRODUCT_SEARCH_STALE_TIME_MS,
    placeholderData: keepPreviousData,
  });
