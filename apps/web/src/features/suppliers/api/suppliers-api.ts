import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSupplierRequest, Page, Supplier, UpdateSupplierRequest } from '@clinic/domain';
import { api } from '../../../lib/api-client';

export interface SupplierListParams {
  currentPage: number;
  perPage: number;
  search?: string;
}

export const supplierKeys = {
  all: ['suppliers'] as const,
  lists: () => [...supplierKeys.all, 'list'] as const,
  list: (params: SupplierListParams) => [...supplierKeys.lists(), params] as const,
};

export const suppliersQueryOptions = (params: SupplierListParams) =>
  queryOptions({
    queryKey: supplierKeys.list(params),
    queryFn: ({ signal }) => api.get<Page<Supplier>>('supplier', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

/** A new, renamed or removed supplier changes every page and search of the list. */
function useInvalidateSuppliers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: supplierKeys.all });
}

export function useCreateSupplier() {
  const invalidate = useInvalidateSuppliers();
  return useMutation({
    mutationFn: (body: CreateSupplierRequest) => api.post<Supplier>('supplier', body),
    onSuccess: invalidate,
  });
}

export function useUpdateSupplier() {
  const invalidate = useInvalidateSuppliers();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateSupplierRequest }) => api.patch<Supplier>(`supplier/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteSupplier() {
  const invalidate = useInvalidateSuppliers();
  return useMutation({
    mutationFn: (id: string) => api.delete(`supplier/${id}`),
    onSuccess: invalidate,
  });
}
