import { queryOptions } from '@tanstack/react-query';
import type { CountAccuracy } from '@clinic/domain';
import { api } from './api-client';

/**
 * Cycle counts of the signed-in location (issue 34). Shared by the counts pages and the dashboard's
 * inventory accuracy card; an approved count moves both, and the stock it adjusted.
 */
export const countKeys = {
  all: ['counts'] as const,
  accuracy: () => [...countKeys.all, 'accuracy'] as const,
};

export const countAccuracyQueryOptions = () =>
  queryOptions({
    queryKey: countKeys.accuracy(),
    queryFn: ({ signal }) => api.get<CountAccuracy>('counts/accuracy', { signal }),
    staleTime: 60_000,
  });
