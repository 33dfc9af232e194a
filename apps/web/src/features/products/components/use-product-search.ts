import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PRODUCT_SEARCH_PAGE_SIZE } from '@clinic/domain';
import type { PageState } from '../../../components/paged-table';
import { afterNextPaint } from '../../../lib/use-after-paint';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { prefetchNeighbourPages, productSearchQueryOptions, type ProductSearchParams } from '../api/products-api';

/** The searchable, paged product list of spec section 9: 10 per page, neighbours prefetched. */
export function useProductSearch(filter: Pick<ProductSearchParams, 'approval' | 'include_deleted' | 'category_id' | 'sort' | 'order'>) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [pageState, setPageState] = useState<PageState>({ page: 0, perPage: PRODUCT_SEARCH_PAGE_SIZE });
  const term = useDebouncedValue(search.trim());
  const params: ProductSearchParams = { ...filter, fuzzySearchQuery: term || undefined, currentPage: pageState.page + 1, perPage: pageState.perPage };
  const query = useQuery(productSearchQueryOptions(params));
  // A capped total ("3,000+") has more pages than its lastPage: prefetch on past it.
  const lastPage = query.data?.totalIsCapped ? Number.POSITIVE_INFINITY : query.data?.lastPage;
  const key = JSON.stringify(params);

  // Once the page asked for is on screen: the requests and their answers' work would otherwise
  // share the task that draws it (issue 37: /products' largest paint).
  useEffect(() => {
    if (lastPage === undefined) return;
    return afterNextPaint(() => { prefetchNeighbourPages(queryClient, JSON.parse(key) as ProductSearchParams, lastPage); });
  }, [queryClient, key, lastPage]);

  return {
    query,
    params,
    search,
    setSearch: (value: string) => {
      setSearch(value);
      setPageState((state) => ({ ...state, page: 0 }));
    },
    pageState,
    setPageState,
  };
}
