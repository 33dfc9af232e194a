import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import type { CreateTransferRequest, ReceiveTransferRequest, ShipTransferRequest, StockPage, Transfer, TransferLocationList, TransferPage } from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { useStockMoved } from '../../../lib/stock-moved';

/** Issue 34, item 3: transfers to and from the signed-in location. */
export const transferKeys = {
  all: ['transfers'] as const,
  page: (currentPage: number, perPage: number, direction: string) => [...transferKeys.all, 'page', { currentPage, perPage, direction }] as const,
  locations: () => [...transferKeys.all, 'locations'] as const,
  lots: (productId: string) => [...transferKeys.all, 'lots', productId] as const,
};

export const transfersPageQueryOptions = (currentPage: number, perPage: number, direction: '' | 'incoming' | 'outgoing') =>
  queryOptions({
    queryKey: transferKeys.page(currentPage, perPage, direction),
    queryFn: ({ signal }) => api.get<TransferPage>('transfers', { query: { currentPage, perPage, direction: direction || undefined }, signal }),
    placeholderData: keepPreviousData,
  });

export const transferLocationsQueryOptions = () =>
  queryOptions({
    queryKey: transferKeys.locations(),
    queryFn: async ({ signal }) => (await api.get<TransferLocationList>('transfers/locations', { signal })).locations,
    staleTime: 60_000,
  });

/** The location's lots of a product (first expiry first), from which a shipment's lots are proposed. */
export const productLotsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: transferKeys.lots(productId),
    queryFn: async ({ signal }) => (await api.get<StockPage>('stock', { query: { productId, perPage: 100 }, signal })).results,
  });

/** A transfer changes stock at both ends: the lists follow, and this location's stock views. */
const useInvalidate = () => useStockMoved([transferKeys.all]);

export function useCreateTransfer() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: CreateTransferRequest) => api.post<Transfer>('transfers', body), onSuccess: invalidate });
}

export function useShipTransfer() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: ShipTransferRequest }) => api.post<Transfer>(`transfers/${id}/ship`, body), onSuccess: invalidate });
}

export function useReceiveTransfer() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: ReceiveTransferRequest }) => api.post<Transfer>(`transfers/${id}/receive`, body), onSuccess: invalidate });
}

export function useCancelTransfer() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.post<Transfer>(`transfers/${id}/cancel`), onSuccess: invalidate });
}
