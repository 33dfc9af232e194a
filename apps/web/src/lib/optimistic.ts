import { useState } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** What `onMutate` kept to put back: each changed cache entry as it was. */
export interface OptimisticContext {
  previous: [QueryKey, unknown][];
}

/**
 * TanStack Query's optimistic update for a server-driven switch: `onMutate` writes the change into
 * every cached entry under `queryKey` (after cancelling their fetches, whose answers would
 * overwrite it), `onError` puts each entry back, `onSettled` asks the server for the truth.
 * `change` returns the entry unchanged when the variables do not concern it.
 */
export function optimisticUpdate<TData, TVariables>(queryClient: QueryClient, queryKey: QueryKey, change: (data: TData, variables: TVariables) => TData) {
  return {
    onMutate: async (variables: TVariables): Promise<OptimisticContext> => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueriesData<TData>({ queryKey }).filter((entry): entry is [QueryKey, TData] => entry[1] !== undefined);
      for (const [key, data] of previous) queryClient.setQueryData<TData>(key, change(data, variables));
      return { previous };
    },
    onError: (_error: unknown, _variables: TVariables, context: OptimisticContext | undefined) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  };
}

/**
 * The value a control shows: the one just chosen, from the click's own render, until the cached
 * value changes (the optimistic write, the server's answer or a rollback). The cache alone is a
 * moment late: TanStack Query tells components of a change on a timer, after React has put a
 * controlled checkbox back, so a click would seem to do nothing (and a browser test reading the
 * box right after its click fails on a slow machine).
 */
export function useShownAtOnce<T>(cached: T): { shown: T; show: (value: T) => void; forget: () => void } {
  const [state, setState] = useState<{ basis: T; chosen: { value: T } | null }>({ basis: cached, chosen: null });
  let current = state;
  if (!Object.is(state.basis, cached)) {
    // React's pattern for state derived from a prop: reset during render, no effect and no flash.
    current = { basis: cached, chosen: null };
    setState(current);
  }
  return {
    shown: current.chosen ? current.chosen.value : cached,
    show: (value) => { setState({ basis: cached, chosen: { value } }); },
    forget: () => { setState({ basis: cached, chosen: null }); },
  };
}
