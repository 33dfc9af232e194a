import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, FixImportRowRequest, Page, ProductImport, ProductImportDetail, ProductImportRow, TreatmentImportResult } from '@clinic/domain';
import { api } from '../../../lib/api-client';

export const importKeys = {
  all: ['imports'] as const,
  list: (page: number, perPage: number) => [...importKeys.all, 'list', page, perPage] as const,
  detail: (id: string, params: ImportRowsParams) => [...importKeys.all, 'detail', id, params] as const,
};

export interface ImportRowsParams {
  currentPage: number;
  perPage: number;
  status?: 'succeeded' | 'failed' | undefined;
}

const running = (status: ProductImport['status']) => status === 'queued' || status === 'processing';

/** Imports refresh every second while one of them is still running, so progress moves on its own. */
export const importsQueryOptions = (currentPage: number, perPage: number) =>
  queryOptions({
    queryKey: importKeys.list(currentPage, perPage),
    queryFn: ({ signal }) => api.get<Page<ProductImport>>('import/product', { query: { currentPage, perPage }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.results.some((i) => running(i.status)) ? 1000 : false),
  });

export const importDetailQueryOptions = (id: string, params: ImportRowsParams) =>
  queryOptions({
    queryKey: importKeys.detail(id, params),
    queryFn: ({ signal }) => api.get<ProductImportDetail>(`import/product/${id}`, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data && running(query.state.data.status) ? 1000 : false),
  });

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileUrl, locationId }: { fileUrl: string; locationId: string | null }) => api.post<ProductImport>('import/product', { file_url: fileUrl, ...(locationId && { location_id: locationId }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}

export function useFixImportRow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: FixImportRowRequest }) => api.patch<ProductImportRow>(`import/product/csv_product/${id}`, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: importKeys.all });
      // A fixed row is a new product in the catalog.
      await queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
}

/** Treatment designs for a location, answered at once with every row's result. */
export function useImportTreatments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileUrl, locationId }: { fileUrl: string; locationId: string }) => api.post<TreatmentImportResult>('import/treatment', { file_url: fileUrl, location_id: locationId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['treatments'] }),
  });
}

/**
 * The shared catalog's category names (an import's rows go to the shared catalog), the choices of
 * the Fix row dialog's Category; the first 100, which is more than the catalog holds.
 */
export const importCategoryNamesQueryOptions = () =>
  queryOptions({
    queryKey: [...importKeys.all, 'category-names'] as const,
    queryFn: async ({ signal }) => (await api.get<Page<Category>>('category', { query: { currentPage: 1, perPage: 100 }, signal })).results.map((c) => c.name),
    staleTime: 60_000,
  });
