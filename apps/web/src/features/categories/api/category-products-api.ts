import { useEffect } from 'react';
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { PRODUCT_SEARCH_STALE_TIME_MS, type ProductListPage } from '@clinic/domain';
import { api } from '../../../lib/api-client';

export interface CategoryProductsParams {
  categoryId: string;
  currentPage: number;
  perPage: number;
  search?: string;
}

/**
 * Products are keyed under 'products', the server resource they come from, so whatever changes
 * products (here or in the products feature) refreshes this list by invalidating that prefix.
 */
export const categoryProductKeys = {
  all: ['products'] as const,
  list: (params: CategoryProductsParams) => [...categoryProductKeys.all, 'list', { view: 'category', ...params }] as const,
};

/** One page of a category's products from the fuzzy product search (product/v2). */
export const categoryProductsQueryOptions = ({ categoryId, currentPage, perPage, search }: CategoryProductsParams) =>
  queryOptions({
    queryKey: categoryProductKeys.list({ categoryId, currentPage, perPage, search }),
    queryFn: ({ signal }) =>
      api.get<ProductListPage>('product/v2', {
        query: { category_id: categoryId, fuzzySearchQuery: search, currentPage, perPage },
        signal,
      }),
    placeholderData: keepPreviousData,
    // Spec section 9: product search answers stay fresh for 3 s (so prefetched pages are reused).
    staleTime: PRODUCT_SEARCH_STALE_TIME_MS,
  });

/** Spec section 9: around the page on screen, the previous page and the next two are fetched ahead. */
export function usePrefetchNeighbourPages(params: CategoryProductsParams, lastPage: number | undefined) {
  const queryClient = useQueryClient();
  const { categoryId, currentPage, perPage, search } = params;
  useEffect(() => {
    if (lastPage === undefined) return;
    for (const page of [currentPage - 1, currentPage + 1, currentPage + 2]) {
      if (page < 1 || page > lastPage) continue;
      void queryClient.prefetchQuery(categoryProductsQueryOptions({ categoryId, currentPage: page, perPage, search }));
    }
  }, [queryClient, categoryId, currentPage, perPage, search, lastPage]);
}
