import { queryOptions } from '@tanstack/react-query';
import type { ApprovalStatus, Organization, Page, User } from '@clinic/domain';
import { api } from '../../../lib/api-client';

/** Counts come from the lists' totals: one row is fetched, the total is what matters. */
const COUNT_ONLY = { currentPage: 1, perPage: 1 } as const;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  organizationsByStatus: (status: ApprovalStatus) => [...dashboardKeys.all, 'organizations', status] as const,
  usersByStatus: (status: ApprovalStatus) => [...dashboardKeys.all, 'users', status] as const,
};

export const organizationCountQueryOptions = (status: ApprovalStatus) =>
  queryOptions({
    queryKey: dashboardKeys.organizationsByStatus(status),
    queryFn: ({ signal }) =>
      api.get<Page<Organization>>('organization', { query: { ...COUNT_ONLY, approval_status: status }, signal }),
    select: (page) => page.total,
  });

export const userCountQueryOptions = (status: ApprovalStatus) =>
  queryOptions({
    queryKey: dashboardKeys.usersByStatus(status),
    queryFn: ({ signal }) => api.get<Page<User>>('user', { query: { ...COUNT_ONLY, approval_status: status }, signal }),
    select: (page) => page.total,
  });
