import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Recall, RecallContact, RecallKind } from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { optimisticUpdate } from '../../../lib/optimistic';
import { visitKeys } from './visits-api';

interface ContactChange {
  patientId: string;
  contacted: boolean;
}

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

/**
 * Marks (or unmarks) an affected patient as told of the recall; the trace shows who and when. The
 * mark shows at once, as `markBy` now, and is taken back if the server refuses it.
 */
export function useRecallContact(search: RecallSearch, markBy: string) {
  const queryClient = useQueryClient();
  const optimistic = optimisticUpdate<Recall, ContactChange>(queryClient, recallKeys.trace(search), (trace, { patientId, contacted }) => ({
    ...trace,
    patients: trace.patients.map((p) => (p.patient_id === patientId ? { ...p, contacted: contacted ? { by: markBy, at: new Date().toISOString() } : null } : p)),
  }));
  return useMutation({
    mutationFn: async ({ patientId, contacted }: ContactChange) => {
      if (contacted) return (await api.put<RecallContact>(`recall/contacts/${patientId}`, {}, { query: recallQuery(search) })).contacted;
      await api.delete(`recall/contacts/${patientId}`, { query: recallQuery(search) });
      return null;
    },
    ...optimistic,
  });
}
