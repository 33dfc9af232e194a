import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ApprovalStatus,
  ChangeCustomPriceRequest,
  Company,
  CreateLocationRequest,
  Organization,
  Page,
  SubscriptionOverview,
  UpdateOrganizationRequest,
} from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { companyKeys } from '../../../lib/companies';

export interface OrganizationListParams {
  currentPage: number;
  perPage: number;
  approval_status?: ApprovalStatus;
  search?: string;
}

export const organizationKeys = {
  all: ['organizations'] as const,
  lists: () => [...organizationKeys.all, 'list'] as const,
  list: (params: OrganizationListParams) => [...organizationKeys.lists(), params] as const,
  detail: (id: string) => [...organizationKeys.all, 'detail', id] as const,
};

export const organizationsQueryOptions = (params: OrganizationListParams) =>
  queryOptions({
    queryKey: organizationKeys.list(params),
    queryFn: ({ signal }) => api.get<Page<Organization>>('organization', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const organizationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: organizationKeys.detail(id),
    queryFn: ({ signal }) => api.get<Organization>(`organization/${id}`, { signal }),
  });

function useInvalidateOrganizations() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
      queryClient.invalidateQueries({ queryKey: companyKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);
}

export function useUpdateOrganization() {
  const invalidate = useInvalidateOrganizations();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateOrganizationRequest }) =>
      api.patch<Organization>(`organization/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useChangeCustomPrice() {
  const invalidate = useInvalidateOrganizations();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ChangeCustomPriceRequest }) =>
      api.patch<Organization>(`organization/${id}/change-custom-price`, body),
    onSuccess: invalidate,
  });
}

export function useAddLocation() {
  const invalidate = useInvalidateOrganizations();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CreateLocationRequest }) =>
      api.post<Company>(`organization/${id}/location`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteOrganization() {
  const invalidate = useInvalidateOrganizations();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`organization/${id}`),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: organizationKeys.detail(id) });
      return invalidate();
    },
  });
}

/** The product admin gives a client a free subscription (spec section 6); the client's subscription views read again. */
export function useProvideFreeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) =>
      api.post<SubscriptionOverview>('payments/provide-free-subscription', {}, { query: { organization_id: organizationId } }),
    // ['payments']: every subscription view (features/subscriptions keeps its queries under it).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payments'] }),
  });
}
