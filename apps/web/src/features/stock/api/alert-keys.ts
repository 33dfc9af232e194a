import { queryOptions } from '@tanstack/react-query';
import type { AlertKind, AlertPage } from '@clinic/domain';
import { api } from '../../../lib/api-client';

/**
 * The alerts' query keys and the navigation's badge, apart from the rest of the stock API: the
 * layout shows the badge on every page, and stock-api.ts reads the product and stock modules of
 * the domain, whose schemas would come along (issue 37: the layout without zod).
 */
export const alertKeys = {
  all: ['alerts'] as const,
  list: (kind: AlertKind | undefined, currentPage: number, perPage: number) => [...alertKeys.all, kind ?? 'all', currentPage, perPage] as const,
};

/** The navigation badge: open alerts of every kind; refreshed every minute, as the scan runs. */
export const openAlertCountQueryOptions = () =>
  queryOptions({
    queryKey: [...alertKeys.all, 'count'] as const,
    queryFn: async ({ signal }) => (await api.get<AlertPage>('alert', { query: { perPage: 1 }, signal })).total,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
