import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PATIENTS_STALE_TIME_MS,
  TREATMENT_LOG_POLL_MS,
  TREATMENTS_STALE_TIME_MS,
  type ImplantPage,
  type PatientPage,
  type StockPage,
  type TreatmentLog,
  type TreatmentLogPage,
  type TreatmentPage,
  type UpdateTreatmentLogRequest,
} from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { stockMoved } from '../../../lib/stock-moved';
import { keptOnDevice } from '../../../lib/kept/kept-on-device';

export const visitKeys = {
  all: ['visits'] as const,
  patients: (filter: PatientFilter, currentPage: number) => [...visitKeys.all, 'patients', filter.search, filter.start ?? '', filter.end ?? '', currentPage] as const,
  patientVisits: (patientId: string) => [...visitKeys.all, 'patient', patientId] as const,
  visit: (id: string) => [...visitKeys.all, 'visit', id] as const,
  implants: (patientId: string) => [...visitKeys.all, 'implants', patientId] as const,
};

/** The patient page lists this many implants, the latest first (the server's page limit). */
export const IMPLANTS_SHOWN = 100;

/** Issue 20: the devices implanted in a patient, newest first. */
export const patientImplantsQueryOptions = (patientId: string) =>
  queryOptions({
    queryKey: visitKeys.implants(patientId),
    queryFn: ({ signal }) => api.get<ImplantPage>(`patient/${patientId}/implants`, { query: { perPage: IMPLANTS_SHOWN }, signal }),
    staleTime: PATIENTS_STALE_TIME_MS,
  });

export interface PatientFilter {
  search: string;
  start?: string | undefined;
  end?: string | undefined;
}

/** Spec section 9: patients are fresh for 2 seconds, 10 a page. */
export const patientsQueryOptions = (filter: PatientFilter, currentPage: number, perPage = 10) =>
  queryOptions({
    queryKey: visitKeys.patients(filter, currentPage),
    queryFn: ({ signal }) => api.get<PatientPage>('patient', { query: { search: filter.search || undefined, start_date: filter.start, end_date: filter.end, currentPage, perPage }, signal }),
    staleTime: PATIENTS_STALE_TIME_MS,
    placeholderData: keepPreviousData,
  });

/**
 * A patient's visits, newest first (the visit picker's choices). Spec section 4: while a visit's
 * case notes are being made, it is fetched again every second.
 */
export const patientVisitsQueryOptions = (patientId: string) =>
  queryOptions({
    queryKey: visitKeys.patientVisits(patientId),
    queryFn: ({ signal }) => api.get<TreatmentLogPage>('treatment_log', { query: { patient_id: patientId, perPage: 100 }, signal }),
    staleTime: PATIENTS_STALE_TIME_MS,
    refetchInterval: (query) => (query.state.data?.results.some((v) => v.transcriptionJobStatus?.status === 'in_progress') ? TREATMENT_LOG_POLL_MS : false),
  });

/**
 * Attaches uploaded recordings to a visit, which starts making its case notes. networkMode
 * 'always': without a network it fails at once (the chair keeps the visit waiting) instead of
 * pausing with its spinner on.
 */
export function useAttachRecordings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, recordingUrls }: { id: string; recordingUrls: string[] }) => api.patch<TreatmentLog>(`treatment_log/${id}`, { recordingUrls }),
    onSuccess: (visit) => queryClient.invalidateQueries({ queryKey: visitKeys.patientVisits(visit.patient.id) }),
    networkMode: 'always',
  });
}

export function useRegenerateCaseNotes(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.patch<TreatmentLog>(`treatment_log/${id}/regenerate-casenotes`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitKeys.patientVisits(patientId) }),
  });
}

/** Treatments to pick at the chair, with their trays. */
export const treatmentChoicesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['treatments', 'choices', search] as const,
    queryFn: async ({ signal }) => (await api.get<TreatmentPage>('treatment', { query: { search: search || undefined, perPage: 20 }, signal })).results,
    staleTime: TREATMENTS_STALE_TIME_MS,
    placeholderData: keepPreviousData,
  });

/** The most treatments the chair keeps for searching offline (five of the server's largest pages). */
export const KEPT_TREATMENTS_MAX = 500;

/**
 * Every treatment of the location with its tray, kept on the device (issue 52): offline, the
 * chair searches these. Its own key, apart from ['treatments']: a visit saved does not change a
 * design, so each save does not fetch them all again.
 */
const KEPT_TREATMENTS_KEY = ['chair', 'treatments'] as const;

export const keptTreatmentsQueryOptions = () =>
  queryOptions({
    queryKey: KEPT_TREATMENTS_KEY,
    queryFn: async ({ signal }) => {
      const all: TreatmentPage['results'] = [];
      for (let currentPage = 1; all.length < KEPT_TREATMENTS_MAX; currentPage += 1) {
        const page = await api.get<TreatmentPage>('treatment', { query: { perPage: 100, currentPage }, signal });
        all.push(...page.results);
        if (currentPage >= page.lastPage) break;
      }
      return all;
    },
    staleTime: 60_000,
    ...keptOnDevice<TreatmentPage['results'], typeof KEPT_TREATMENTS_KEY>(),
  });

const trayLotsKey = (productId: string) => ['stock', 'product', productId, 'lots'] as const;

/** A tray product's lots, for the lot picker at the chair; kept on the device for the chair offline. */
export const trayLotsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: trayLotsKey(productId),
    queryFn: ({ signal }) => api.get<StockPage>('stock', { query: { productId, perPage: 100 }, signal }),
    staleTime: 10_000,
    ...keptOnDevice<StockPage, ReturnType<typeof trayLotsKey>>(),
  });

/** Notes edited from the patient page or the patient history list: both show them, so every visit query is refreshed. */
export function useUpdateCaseNotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, caseNotes }: { id: string; caseNotes: string }) => api.patch<TreatmentLog>(`treatment_log/${id}`, { caseNotes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitKeys.all }),
  });
}

export const visitQueryOptions = (id: string) =>
  queryOptions({
    queryKey: visitKeys.visit(id),
    queryFn: ({ signal }) => api.get<TreatmentLog>(`treatment_log/${id}`, { signal }),
  });

/** A saved or edited visit moves stock (its views), the patients' visits and the treatments' figures. */
const afterVisitSaved = (queryClient: ReturnType<typeof useQueryClient>) => stockMoved(queryClient, [['visits'], ['treatments']]);

/** A visit the chair's outbox sent (outbox/deliver-entry.ts): its views refresh as for any saved visit. */
export function useVisitRecorded() {
  const queryClient = useQueryClient();
  return () => afterVisitSaved(queryClient);
}

/** A saved visit's treatments and products as they really were: stock goes back or out by the difference. */
export function useReviseVisit(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTreatmentLogRequest) => api.patch<TreatmentLog>(`treatment_log/${id}`, body),
    onSuccess: () => afterVisitSaved(queryClient),
  });
}
