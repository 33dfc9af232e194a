import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A write whose answer is the resource as it now stands, put in the cache in place of a read.
 * Reads of it still on their way are cancelled first: one answered after the write (a server busy
 * with it) put the resource from before the write back on the page until the next read. A write
 * that fails has the read asked again. `after`: what else the write moves (lists to read again).
 */
export function answerInCache<TData>(queryClient: QueryClient, queryKey: QueryKey, after?: (answer: TData) => Promise<unknown>) {
  return {
    onMutate: () => queryClient.cancelQueries({ queryKey }),
    onSuccess: (answer: TData) => {
      queryClient.setQueryData(queryKey, answer);
      return after?.(answer);
    },
    onError: () => queryClient.invalidateQueries({ queryKey }),
  };
}
