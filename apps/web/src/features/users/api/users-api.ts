import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ApprovalStatus,
  CreateUserRequest,
  OutboxEmail,
  Page,
  ReassignLocationRequest,
  UpdateUserRequest,
  User,
} from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { authKeys } from '../../../lib/profile';

export interface UserListParams {
  currentPage: number;
  perPage: number;
  search?: string;
  approval_status?: ApprovalStatus;
  deleted?: boolean;
  company_id?: string;
  organization_id?: string;
}

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: UserListParams) => [...userKeys.lists(), params] as const,
  emails: (params: { currentPage: number; perPage: number }) => [...userKeys.all, 'test-emails', params] as const,
};

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => api.get<Page<User>>('user', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const testEmailsQueryOptions = (params: { currentPage: number; perPage: number }) =>
  queryOptions({
    queryKey: userKeys.emails(params),
    queryFn: ({ signal }) => api.get<Page<OutboxEmail>>('user/test-emails', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

/** Any change to a user can move them between lists (status, approval, location), so all user lists refresh. */
function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: userKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: CreateUserRequest) => api.post<User>('user', body),
    onSuccess: invalidate,
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUserRequest }) => api.patch<User>(`user/${id}`, body),
    onSuccess: () => Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: authKeys.profile() })]),
  });
}

export function useResetUserPassword() {
  return useMutation({
    mutationFn: (id: string) => api.post<{ message: string }>(`user/${id}/reset-password`),
  });
}

export function useReassignLocation() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReassignLocationRequest }) =>
      api.patch<User>(`user/${id}/reassign-location`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string) => api.delete(`user/${id}`),
    onSuccess: invalidate,
  });
}
