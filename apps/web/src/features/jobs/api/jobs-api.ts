import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job, JobState, JobsOverview, Page } from '@clinic/domain';
import { api } from '../../../lib/api-client';

export interface JobListParams {
  currentPage: number;
  perPage: number;
  queue?: string;
  state?: JobState;
}

export const jobKeys = {
  all: ['jobs'] as const,
  overview: () => [...jobKeys.all, 'overview'] as const,
  list: (params: JobListParams) => [...jobKeys.all, 'list', params] as const,
};

/** Jobs come and go on their own: the page follows them every ten seconds while it is open. */
const REFRESH_MS = 10_000;

export const jobsOverviewQueryOptions = () =>
  queryOptions({
    queryKey: jobKeys.overview(),
    queryFn: ({ signal }) => api.get<JobsOverview>('jobs', { signal }),
    refetchInterval: REFRESH_MS,
  });

export const jobsQueryOptions = (params: JobListParams) =>
  queryOptions({
    queryKey: jobKeys.list(params),
    queryFn: ({ signal }) => api.get<Page<Job>>('jobs/list', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (job: Pick<Job, 'queue' | 'id'>) => api.post<Job>(`jobs/${job.queue}/${job.id}/retry`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
