import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  TREATMENTS_STALE_TIME_MS,
  type CreateTreatmentCategoryRequest,
  type CreateTreatmentRequest,
  type Treatment,
  type TreatmentCategory,
  type TreatmentCategoryPage,
  type TreatmentPage,
  type UpdateTreatmentCategoryRequest,
  type UpdateTreatmentRequest,
} from '@clinic/domain';
import { api } from '../../../lib/api-client';

export const treatmentKeys = {
  all: ['treatments'] as const,
  categories: () => [...treatmentKeys.all, 'categories'] as const,
  categoryList: (search: string, currentPage: number, perPage: number) => [...treatmentKeys.categories(), 'list', search, currentPage, perPage] as const,
  category: (id: string) => [...treatmentKeys.categories(), id] as const,
  list: (filter: { search: string; categoryId?: string | undefined }, currentPage: number, perPage: number) =>
    [...treatmentKeys.all, 'list', filter.search, filter.categoryId ?? 'all', currentPage, perPage] as const,
  detail: (id: string) => [...treatmentKeys.all, 'detail', id] as const,
};

export const treatmentCategoriesQueryOptions = (search: string, currentPage: number, perPage: number) =>
  queryOptions({
    queryKey: treatmentKeys.categoryList(search, currentPage, perPage),
    queryFn: ({ signal }) => api.get<TreatmentCategoryPage>('treatment/category', { query: { search: search || undefined, currentPage, perPage }, signal }),
    placeholderData: keepPreviousData,
  });

export const treatmentCategoryQueryOptions = (id: string) =>
  queryOptions({ queryKey: treatmentKeys.category(id), queryFn: ({ signal }) => api.get<TreatmentCategory>(`treatment/category/${id}`, { signal }) });

/** Spec section 9: the treatments list is fresh for 1 second. */
export const treatmentsQueryOptions = (filter: { search: string; categoryId?: string | undefined }, currentPage: number, perPage: number) =>
  queryOptions({
    queryKey: treatmentKeys.list(filter, currentPage, perPage),
    queryFn: ({ signal }) => api.get<TreatmentPage>('treatment', { query: { search: filter.search || undefined, category_id: filter.categoryId, currentPage, perPage }, signal }),
    staleTime: TREATMENTS_STALE_TIME_MS,
    placeholderData: keepPreviousData,
  });

export const treatmentQueryOptions = (id: string) =>
  queryOptions({ queryKey: treatmentKeys.detail(id), queryFn: ({ signal }) => api.get<Treatment>(`treatment/${id}`, { signal }), staleTime: TREATMENTS_STALE_TIME_MS });

/** Any change to designs moves the lists, the counts and the products' Associated Treatments. */
function useInvalidateTreatments() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: treatmentKeys.all }), queryClient.invalidateQueries({ queryKey: ['products'] })]);
}

export function useSaveTreatmentCategory() {
  const invalidate = useInvalidateTreatments();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: CreateTreatmentCategoryRequest | UpdateTreatmentCategoryRequest }) =>
      id ? api.patch<TreatmentCategory>(`treatment/category/${id}`, body) : api.post<TreatmentCategory>('treatment/category', body),
    onSuccess: invalidate,
  });
}

export function useDeleteTreatmentCategory() {
  const invalidate = useInvalidateTreatments();
  return useMutation({ mutationFn: (id: string) => api.delete(`treatment/category/${id}`), onSuccess: invalidate });
}

export function useSaveTreatment() {
  const invalidate = useInvalidateTreatments();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: CreateTreatmentRequest | UpdateTreatmentRequest }) =>
      id ? api.patch<Treatment>(`treatment/${id}`, body) : api.post<Treatment>('treatment', body),
    onSuccess: invalidate,
  });
}

export function useDeleteTreatment() {
  const invalidate = useInvalidateTreatments();
  return useMutation({ mutationFn: (id: string) => api.delete(`treatment/${id}`), onSuccess: invalidate });
}
