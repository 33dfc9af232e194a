import { queryOptions } from '@tanstack/react-query';
import type { Place, PlaceList } from '@clinic/domain';
import { api } from './api-client';

/**
 * Storage places of the signed-in location (issue 34), shared by the places page, the stock and
 * receiving forms' place pickers and the inventory filter. A move or a receipt changes their units.
 */
export const placeKeys = {
  all: ['places'] as const,
  list: (includeRetired: boolean) => [...placeKeys.all, { includeRetired }] as const,
};

export const placesQueryOptions = (includeRetired = false) =>
  queryOptions({
    queryKey: placeKeys.list(includeRetired),
    queryFn: async ({ signal }) => (await api.get<PlaceList>('places', { query: { include_retired: includeRetired }, signal })).places,
    staleTime: 30_000,
  });

/** The place a lot goes to when none is chosen. */
export const defaultPlaceOf = (places: readonly Place[] | undefined) => places?.find((p) => p.is_default);
