import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderedSuggestions, OrderSuggestionsRequest, SuggestedOrder, UpdateSuggestedLine } from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { answerInCache } from '../../../lib/write-answer';

const SUGGESTIONS_KEY = ['reorder', 'suggestions'] as const;

/** The location's open suggested order (issue 35): what to order now, per vendor. */
export const suggestionsQueryOptions = () =>
  queryOptions({ queryKey: SUGGESTIONS_KEY, queryFn: ({ signal }) => api.get<SuggestedOrder>('reorder/suggestions', { signal }), staleTime: 30_000 });

/** Every change to the draft answers with the draft as it now stands. */
function useDraftMutation<T>(send: (input: T) => Promise<SuggestedOrder>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, ...answerInCache<SuggestedOrder>(queryClient, SUGGESTIONS_KEY) });
}

export const useRefreshSuggestions = () => useDraftMutation(() => api.post<SuggestedOrder>('reorder/suggestions/refresh'));
export const useUpdateSuggestedLine = () => useDraftMutation(({ id, change }: { id: string; change: UpdateSuggestedLine }) => api.patch<SuggestedOrder>(`reorder/suggestions/lines/${id}`, change));
export const useRemoveSuggestedLine = () => useDraftMutation((id: string) => api.delete<SuggestedOrder>(`reorder/suggestions/lines/${id}`));

/** The one tap: the draft's waiting lines out as purchase orders; purchasing's lists follow. */
export function useOrderSuggestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderSuggestionsRequest) => api.post<OrderedSuggestions>('reorder/suggestions/order', body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SUGGESTIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['purchase-orders'] }),
        queryClient.invalidateQueries({ queryKey: ['marketplace'] }),
        queryClient.invalidateQueries({ queryKey: ['stock'] }),
      ]),
  });
}
