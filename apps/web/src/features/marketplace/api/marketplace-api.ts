import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CheckCheckoutPriceRequest,
  CheckedCart,
  MarketplaceOrderDetail,
  MarketplaceOrderPage,
  MarketplaceProductPage,
  OrderTracking,
  PlacedOrders,
  PlaceOrderRequest,
  UpdateOrderStatusRequest,
  VendorOrderStatus,
} from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { answerInCache } from '../../../lib/write-answer';

export interface OrderListParams {
  startDate: string;
  endDate: string;
  status?: VendorOrderStatus | undefined;
  currentPage: number;
  perPage: number;
}

export const marketplaceKeys = {
  all: ['marketplace'] as const,
  products: (search: string, currentPage: number, perPage: number) => [...marketplaceKeys.all, 'products', search, currentPage, perPage] as const,
  orders: () => [...marketplaceKeys.all, 'orders'] as const,
  orderList: (params: OrderListParams) => [...marketplaceKeys.orders(), 'list', params] as const,
  order: (id: string) => [...marketplaceKeys.orders(), 'detail', id] as const,
  tracking: (url: string) => [...marketplaceKeys.orders(), 'tracking', url] as const,
};

/**
 * Products the vendors offer, each with every vendor's offer. A page of the same search stays on
 * screen while the next loads; a new search never shows the old one's rows, which would not match
 * what was typed.
 */
export const marketplaceProductsQueryOptions = (search: string, currentPage: number, perPage: number) =>
  queryOptions({
    queryKey: marketplaceKeys.products(search, currentPage, perPage),
    queryFn: ({ signal }) => api.get<MarketplaceProductPage>('marketplace/products', { query: { search, currentPage, perPage }, signal }),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === search ? previous : undefined),
  });

/**
 * One look-up of the offers from outside the marketplace page (a running list, a low-stock alert):
 * the first few products for a barcode or a name, fresh each time, since their prices go into the cart.
 */
export const lookupMarketplaceProducts = (search: string, perPage: number) =>
  api.get<MarketplaceProductPage>('marketplace/products', { query: { search, currentPage: 1, perPage } });

export const marketplaceOrdersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: marketplaceKeys.orderList(params),
    queryFn: ({ signal }) => api.get<MarketplaceOrderPage>('order-status', { query: { ...params }, signal }),
    placeholderData: (previous, previousQuery) => {
      // Paging keeps the rows on screen; another range or status starts empty rather than showing orders outside it.
      const before = previousQuery?.queryKey[3] as OrderListParams | undefined;
      return before?.startDate === params.startDate && before.endDate === params.endDate && before.status === params.status ? previous : undefined;
    },
  });

export const marketplaceOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: marketplaceKeys.order(id),
    queryFn: ({ signal }) => api.get<MarketplaceOrderDetail>('order-details', { query: { orderId: id }, signal }),
  });

export const orderTrackingQueryOptions = (url: string) =>
  queryOptions({
    queryKey: marketplaceKeys.tracking(url),
    queryFn: ({ signal }) => api.get<OrderTracking>('order-tracking', { query: { url }, signal }),
  });

export function useCheckPrices() {
  return useMutation({ mutationFn: (body: CheckCheckoutPriceRequest) => api.post<CheckedCart>('check-checkout-price', body) });
}

/** Placed orders are purchase orders too: purchase history lists them. */
export function usePlaceOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceOrderRequest) => api.post<PlacedOrders>('place-order', body),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: marketplaceKeys.orders() }), queryClient.invalidateQueries({ queryKey: ['purchase-orders'] })]),
  });
}

export function useUpdateOrderStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrderStatusRequest) => api.patch<MarketplaceOrderDetail>(`order-details/${id}/status`, body),
    ...answerInCache<MarketplaceOrderDetail>(queryClient, marketplaceKeys.order(id), () => queryClient.invalidateQueries({ queryKey: [...marketplaceKeys.orders(), 'list'] })),
  });
}
