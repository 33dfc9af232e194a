import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Company, Page } from '@clinic/domain';
import { api } from './api-client';

export interface CompanyListParams {
  currentPage?: number;
  perPage?: number;
  organization_id?: string;
}

export const companyKeys = {
  all: ['companies'] as const,
  lists: () => [...companyKeys.all, 'list'] as const,
  list: (params: CompanyListParams) => [...companyKeys.lists(), params] as const,
};

/** Largest page the API serves; an organization's locations fit in one. */
export const ALL_LOCATIONS_PAGE = { currentPage: 1, perPage: 100 } as const;

export const companiesQueryOptions = (params: CompanyListParams) =>
  queryOptions({
    queryKey: companyKeys.list(params),
    queryFn: ({ signal }) => api.get<Page<Company>>('company', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export function locationOptionLabel(company: Pick<Company, 'name' | 'city' | 'state'>): string {
  return `${company.name} (${company.city}, ${company.state})`;
}

/**
 * Locations in the order they were opened, so "Location 1" is always the first one.
 * Locations created together (same timestamp) fall back to name order.
 */
export function byOpeningOrder(a: Pick<Company, 'created_at' | 'name'>, b: Pick<Company, 'created_at' | 'name'>): number {
  return a.created_at.localeCompare(b.created_at) || a.name.localeCompare(b.name);
}
