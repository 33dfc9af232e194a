import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditEntity, AuditRow, Page, User } from '@clinic/domain';
import { api } from '../../../lib/api-client';

/** What the audit page asks for: GET /api/audit's filters (from and to are ISO days, inclusive). */
export interface AuditParams {
  currentPage: number;
  perPage: number;
  user_id?: string;
  entity?: AuditEntity;
  from?: string;
  to?: string;
}

export const auditKeys = {
  all: ['audit'] as const,
  list: (params: AuditParams) => [...auditKeys.all, params] as const,
  users: () => [...auditKeys.all, 'users'] as const,
};

export const auditQueryOptions = (params: AuditParams) =>
  queryOptions({
    queryKey: auditKeys.list(params),
    queryFn: ({ signal }) => api.get<Page<AuditRow>>('audit', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

/** The people the user filter offers: GET /api/user answers the organization admin their organization's (the product admin the first hundred of everyone). */
export const auditUsersQueryOptions = () =>
  queryOptions({
    queryKey: auditKeys.users(),
    queryFn: ({ signal }) => api.get<Page<User>>('user', { query: { currentPage: 1, perPage: 100 }, signal }),
    staleTime: 60_000,
  });
