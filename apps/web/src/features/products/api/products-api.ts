import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  PRODUCT_SEARCH_STALE_TIME_MS,
  type Attachment,
  type CreateAttachmentRequest,
  type CreateProductRequest,
  type Page,
  type Product,
  type ProductDetail,
  type ProductListPage,
  type ProductListSort,
  type SortDirection,
  type UpdateProductRequest,
} from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { optimisticUpdate } from '../../../lib/optimistic';

export interface ProductSearchParams {
  currentPage: number;
  perPage: number;
  fuzzySearchQuery?: string | undefined;
  approval?: 'approved' | 'pending' | 'all';
  include_deleted?: boolean;
  category_id?: string | undefined;
  /** Days of cover first (issue 35); left out, the list's own order (name, or best match). */
  sort?: ProductListSort | undefined;
  order?: SortDirection | undefined;
}

export const productKeys = {
  all: ['products'] as const,
  searches: () => [...productKeys.all, 'search'] as const,
  search: (params: ProductSearchParams) => [...productKeys.searches(), params] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
};

/** Spec section 9: product search pages are fresh for 3000 ms. */
export const productSearchQueryOptions = (params: ProductSearchParams) =>
  queryOptions({
    queryKey: productKeys.search(params),
    queryFn: ({ signal }) => api.get<ProductListPage>('product/v2', { query: { ...params }, signal }),
    staleTime: PRODUCT_SEARCH_STALE_TIME_MS,
    placeholderData: keepPreviousData,
  });

/** Spec section 9: the next two pages and the previous one are fetched ahead of the reader. */
export function prefetchNeighbourPages(queryClient: QueryClient, params: ProductSearchParams, lastPage: number): void {
  for (const page of [params.currentPage + 1, params.currentPage + 2, params.currentPage - 1]) {
    if (page < 1 || page > lastPage) continue;
    void queryClient.prefetchQuery(productSearchQueryOptions({ ...params, currentPage: page }));
  }
}

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => api.get<ProductDetail>(`product/${id}`, { signal }),
  });

/** Any product change can move it between pages, searches, categories and the pending list. */
function useInvalidateProducts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: productKeys.all });
}

export function useCreateProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: CreateProductRequest) => api.post<Product>('product', body),
    onSuccess: invalidate,
  });
}

export function useUpdateProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateProductRequest }) => api.patch<Product>(`product/${id}`, body),
    onSuccess: invalidate,
  });
}

/**
 * The consumable panel's usage-tracking switch: a location's own choice (the server keeps it per
 * location, as minimum stock). The page shows it at once and takes it back if the server refuses.
 */
export function useSetUsageTracking(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => api.patch<Product>(`product/${productId}`, { is_usage_tracking_on: on } satisfies UpdateProductRequest),
    ...optimisticUpdate<ProductDetail, boolean>(queryClient, productKeys.detail(productId), (product, on) => ({ ...product, is_usage_tracking_on: on })),
  });
}

export function useApproveProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (id: string) => api.patch<Product>(`product/${id}/approve`),
    onSuccess: invalidate,
  });
}

export function useRejectProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (id: string) => api.patch(`product/${id}/reject`),
    onSuccess: invalidate,
  });
}

export function useDeleteProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (id: string) => api.delete(`product/${id}`),
    onSuccess: invalidate,
  });
}

export function useAddAttachment(productId: string) {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: CreateAttachmentRequest) => api.post<Attachment>(`product/${productId}/attachment`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteAttachment(productId: string) {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (attachmentId: string) => api.delete(`product/${productId}/attachment/${attachmentId}`),
    onSuccess: invalidate,
  });
}

export interface CategoryOption {
  id: string;
  name: string;
}

/** Categories for the product form's picker (first 100 by name; the list is short in practice). */
export const categoryOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['categories', 'options'] as const,
    queryFn: async ({ signal }) => (await api.get<Page<CategoryOption>>('category', { query: { perPage: 100 }, signal })).results,
    staleTime: 60_000,
  });
