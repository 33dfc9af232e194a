import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Count, CountLinePage, CountLineQuery, CountListQuery, CountPage, StartCountRequest } from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { countKeys } from '../../../lib/counts';
import { stockMoved } from '../../../lib/stock-moved';

export const countQueryKeys = {
  list: (query: CountListQuery) => [...countKeys.all, 'list', query] as const,
  one: (id: string) => [...countKeys.all, 'one', id] as const,
  lines: (id: string, query: CountLineQuery) => [...countKeys.all, 'one', id, 'lines', query] as const,
};

export const countsQueryOptions = (query: CountListQuery) =>
  queryOptions({
    queryKey: countQueryKeys.list(query),
    queryFn: ({ signal }) => api.get<CountPage>('counts', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });

export const countQueryOptions = (id: string) =>
  queryOptions({
    queryKey: countQueryKeys.one(id),
    queryFn: ({ signal }) => api.get<Count>(`counts/${id}`, { signal }),
  });

export const countLinesQueryOptions = (id: string, query: CountLineQuery) =>
  queryOptions({
    queryKey: countQueryKeys.lines(id, query),
    queryFn: ({ signal }) => api.get<CountLinePage>(`counts/${id}/lines`, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });

/** Every change to a count refreshes the counts, and an approval the stock it adjusted. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return async (stockToo = false) => {
    await queryClient.invalidateQueries({ queryKey: countKeys.all });
    // The lots adjusted: their grids and histories, alerts, "in stock" searches, the places' units.
    if (stockToo) await stockMoved(queryClient);
  };
}

export function useStartCount() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: StartCountRequest) => api.post<Count>('counts', body), onSuccess: () => invalidate() });
}

export function useCountAction(countId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (action: 'submit' | 'approve' | 'cancel') => api.post<Count>(`counts/${countId}/${action}`),
    onSuccess: (_count, action) => invalidate(action === 'approve'),
  });
}
