import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Recall, RecallContact, RecallKind } from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { visitKeys } from './visits-api';

/** What the recall page traces: a lot number, a serial number or a UDI-DI. */
export interface RecallSearch {
  by: RecallKind;
  value: string;
}

export const recallKeys = {
  all: [...visitKeys.all, 'recall'] as const,
  trace: (search: RecallSearch) => [...recallKeys.all, search.by, search.value] as const,
};

/** The query string the recall routes take: ?lot=, ?serial= or ?udi_di=. */
export const recallQuery = (search: RecallSearch) => ({ [search.by]: search.value });

export const recallQueryOptions = (search: RecallSearch) =>
  queryOptions({
    queryKey: recallKeys.trace(search),
    queryFn: ({ signal }) => api.get<Recall>('recall', { query: recallQuery(search), signal }),
    enabled: search.value !== '',
  });

/** Marks (or unmarks) an affected patient as told of the recall; the trace shows who and when. */
export function useRecallContact(search: RecallSearch) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ patientId, contacted }: { patientId: string; contacted: boolean }) => {
      if (contacted) return (await api.put<RecallContact>(`recall/contacts/${patientId}`, {}, { query: recallQuery(search) })).contacted;
      await api.delete(`recall/contacts/${patientId}`, { query: recallQuery(search) });
      return null;
    },
    onSuccess: (mark, { patientId }) => {
      queryClient.setQueryData<Recall>(recallKeys.trace(search), (trace) =>
        trace ? { ...trace, patients: trace.patients.map((p) => (p.patient_id === patientId ? { ...p, contacted: mark } : p)) } : trace,
      );
      return queryClient.invalidateQueries({ queryKey: recallKeys.trace(search) });
    },
  });
}
