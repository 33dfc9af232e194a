import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryFillRates, FillRateTarget, PinReorderLevels, ProductReorder, ReorderDigest, ReorderSettings, SupplierShipping, SupplierShippingView } from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { answerInCache } from '../../../lib/write-answer';

/** A product's reorder facts at the location (issue 35); a stock change moves them, as it moves the stock grid. */
export const productReorderQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['stock', 'product', productId, 'reorder'] as const,
    queryFn: ({ signal }) => api.get<ProductReorder>(`product/${productId}/reorder`, { signal }),
    staleTime: 60_000,
  });

/** Levels set by hand (or cleared with null): the answer is the product's reorder facts with them. */
export function usePinLevels(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (levels: PinReorderLevels | null) =>
      levels ? api.put<ProductReorder>(`product/${productId}/reorder-levels`, levels) : api.delete<ProductReorder>(`product/${productId}/reorder-levels`),
    ...answerInCache<ProductReorder>(queryClient, productReorderQueryOptions(productId).queryKey),
  });
}

export const reorderSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['reorder', 'settings'] as const, queryFn: ({ signal }) => api.get<ReorderSettings>('reorder/settings', { signal }), staleTime: 60_000 });

/** The location's service level and review period: every product's levels move with them. */
export function useSaveReorderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReorderSettings) => api.put<ReorderSettings>('reorder/settings', settings),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['reorder'] }), queryClient.invalidateQueries({ queryKey: ['stock'] })]),
  });
}

/** The signed-in admin's own reorder digest e-mail at this location: off, daily or weekly. */
export const reorderDigestQueryOptions = () =>
  queryOptions({ queryKey: ['reorder', 'digest'] as const, queryFn: ({ signal }) => api.get<ReorderDigest>('reorder/digest', { signal }), staleTime: 60_000 });

export function useSaveReorderDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (digest: ReorderDigest) => api.put<ReorderDigest>('reorder/digest', digest),
    ...answerInCache<ReorderDigest>(queryClient, reorderDigestQueryOptions().queryKey),
  });
}

/** Issue 51: the categories with a fill-rate target of their own at the location. */
export const categoryFillRatesQueryOptions = () =>
  queryOptions({ queryKey: ['reorder', 'category-fill-rates'] as const, queryFn: ({ signal }) => api.get<CategoryFillRates>('reorder/category-fill-rates', { signal }), staleTime: 60_000 });

/** Issue 51: this product's own fill-rate target here (null: its category's or the location's again). */
export function useSaveProductFillRate(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: FillRateTarget | null) => (target ? api.put<ProductReorder>(`product/${productId}/fill-rate`, target) : api.delete<ProductReorder>(`product/${productId}/fill-rate`)),
    ...answerInCache<ProductReorder>(queryClient, productReorderQueryOptions(productId).queryKey),
  });
}

/** A category's fill-rate target here (null: the location's again): every product of it moves. */
export function useSaveCategoryFillRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ categoryId, target }: { categoryId: string; target: FillRateTarget | null }) =>
      target ? api.put<CategoryFillRates>(`reorder/category-fill-rates/${categoryId}`, target) : api.delete<CategoryFillRates>(`reorder/category-fill-rates/${categoryId}`),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['reorder'] }), queryClient.invalidateQueries({ queryKey: ['stock'] })]),
  });
}

/** A supplier's shipping fee and free-shipping threshold here (null: none): the order sizes of its products, and its order on the draft, move. */
export function useSaveSupplierShipping(supplierId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (terms: SupplierShipping | null) => (terms ? api.put<SupplierShippingView>(`supplier/${supplierId}/shipping`, terms) : api.delete<SupplierShippingView>(`supplier/${supplierId}/shipping`)),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['stock'] }), queryClient.invalidateQueries({ queryKey: ['reorder'] })]),
  });
}
