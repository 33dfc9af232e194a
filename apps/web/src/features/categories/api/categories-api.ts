import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CreateCategoryRequest, Page, UpdateCategoryRequest } from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { categoryProductKeys } from './category-products-api';

export interface CategoryListParams {
  currentPage: number;
  perPage: number;
  search?: string;
}

export const categoryKeys = {
  all: ['categories'] as const,
  lists: () => [...categoryKeys.all, 'list'] as const,
  list: (params: CategoryListParams) => [...categoryKeys.lists(), params] as const,
  detail: (id: string) => [...categoryKeys.all, 'detail', id] as const,
};

export const categoriesQueryOptions = (params: CategoryListParams) =>
  queryOptions({
    queryKey: categoryKeys.list(params),
    queryFn: ({ signal }) => api.get<Page<Category>>('category', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const categoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: categoryKeys.detail(id),
    queryFn: ({ signal }) => api.get<Category>(`category/${id}`, { signal }),
  });

/**
 * A new, renamed or removed category changes every page, search and detail of the categories;
 * renaming or removing one also changes the category its products show (removed ones read 'Default').
 */
function useInvalidateCategories({ products }: { products: boolean }) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
      products ? queryClient.invalidateQueries({ queryKey: categoryProductKeys.all }) : null,
    ]);
}

export function useCreateCategory() {
  const invalidate = useInvalidateCategories({ products: false });
  return useMutation({
    mutationFn: (body: CreateCategoryRequest) => api.post<Category>('category', body),
    onSuccess: invalidate,
  });
}

export function useUpdateCategory() {
  const invalidate = useInvalidateCategories({ products: true });
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateCategoryRequest }) => api.patch<Category>(`category/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteCategory() {
  const invalidate = useInvalidateCategories({ products: true });
  return useMutation({
    mutationFn: (id: string) => api.delete(`category/${id}`),
    onSuccess: invalidate,
  });
}
