import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  MapProcedureCode,
  MonthlyProduction,
  PickPmsPatient,
  PmsConnection,
  PmsConnectionTest,
  ProcedureCodes,
  ProcedureImportResult,
  ProductionImportResult,
  SavePmsConnection,
  ScheduleImportResult,
  TestPmsConnection,
  Treatment,
  UpcomingTrays,
  WaitingVisits,
} from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { answerInCache } from '../../../lib/write-answer';
import { useStockMoved } from '../../../lib/stock-moved';
import { keptOnDevice } from '../../../lib/kept/kept-on-device';

const WAITING_KEY = ['pms', 'waiting'] as const;

/**
 * Procedures completed in the practice-management system, waiting at the chair (issue 36), kept
 * on the device for the chair offline (issue 52).
 */
export const waitingVisitsQueryOptions = () =>
  queryOptions({ queryKey: WAITING_KEY, queryFn: ({ signal }) => api.get<WaitingVisits>('pms/waiting', { signal }), staleTime: 30_000, refetchInterval: 60_000, ...keptOnDevice<WaitingVisits, typeof WAITING_KEY>() });

/** A design with its tray, to load a waiting visit into the chair's form. */
export const fetchTreatment = (id: string) => api.get<Treatment>(`treatment/${id}`);

/**
 * The visit recorded from the procedures (sent by the chair's outbox, outbox/deliver-entry.ts):
 * stock, patients and the chair's list move with it.
 */
export const useProceduresRecorded = () => useStockMoved([WAITING_KEY, ['visits']]);

export function useDismissProcedure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<void>(`pms/procedures/${id}/dismiss`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WAITING_KEY }),
  });
}

/** The patient picked for a procedure whose patient has no chart number in Open Dental: the visit becomes ready for a tap. */
export function usePickPmsPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ procedureId, ...body }: PickPmsPatient & { procedureId: string }) => api.put<void>(`pms/procedures/${procedureId}/patient`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WAITING_KEY }),
  });
}

const CODES_KEY = ['pms', 'codes'] as const;

/** The procedure codes seen from the PMS and mapped here, each with its treatment or a suggestion. */
export const procedureCodesQueryOptions = () => queryOptions({ queryKey: CODES_KEY, queryFn: ({ signal }) => api.get<ProcedureCodes>('pms/codes', { signal }) });

/** A code mapped (or unmapped): the waiting visits may become ready. */
export function useMapProcedureCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MapProcedureCode) => api.put<ProcedureCodes>('pms/codes', body),
    ...answerInCache<ProcedureCodes>(queryClient, CODES_KEY, () => queryClient.invalidateQueries({ queryKey: WAITING_KEY })),
  });
}

/** The daily "procedures completed" CSV of any PMS. */
export function useImportProcedures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileUrl: string) => api.post<ProcedureImportResult>('pms/procedures/import', { file_url: fileUrl }),
    onSuccess: () => Promise.all([WAITING_KEY, CODES_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

const UPCOMING_KEY = ['pms', 'upcoming'] as const;

/** The next 14 days' appointments planned against the shelf (issue 36, upcoming trays). */
export const upcomingTraysQueryOptions = () => queryOptions({ queryKey: UPCOMING_KEY, queryFn: ({ signal }) => api.get<UpcomingTrays>('pms/upcoming', { signal }), staleTime: 60_000 });

/** A schedule CSV of any PMS: the days it gives are planned anew. */
export function useImportSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileUrl: string) => api.post<ScheduleImportResult>('pms/upcoming/import', { file_url: fileUrl }),
    onSuccess: () => Promise.all([UPCOMING_KEY, CODES_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** A month's production typed, or a CSV of production per day: the supply-share report follows. */
export function useSetMonthlyProduction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MonthlyProduction) => api.put<MonthlyProduction>('pms/production/monthly', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reports'] }),
  });
}

export function useImportProduction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileUrl: string) => api.post<ProductionImportResult>('pms/production/import', { file_url: fileUrl }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reports'] }),
  });
}

const CONNECTION_KEY = ['pms', 'connection'] as const;

/** The location's Open Dental connection (never its keys) and how its sync last ran; refreshed as the sync runs every 5 minutes. */
export const pmsConnectionQueryOptions = () =>
  queryOptions({ queryKey: CONNECTION_KEY, queryFn: ({ signal }) => api.get<PmsConnection>('pms/connection', { signal }), refetchInterval: 60_000 });

export function useSavePmsConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavePmsConnection) => api.put<PmsConnection>('pms/connection', body),
    ...answerInCache<PmsConnection>(queryClient, CONNECTION_KEY),
  });
}

/** "Sync now": the location's sync run while the admin waits; answers the connection with how the run went. */
export function useSyncPmsConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PmsConnection>('pms/connection/sync'),
    ...answerInCache<PmsConnection>(queryClient, CONNECTION_KEY),
  });
}

/** Whether the address and keys in the form reach Open Dental: its clinics, or why not. */
export function useTestPmsConnection() {
  return useMutation({ mutationFn: (body: TestPmsConnection) => api.post<PmsConnectionTest>('pms/connection/test', body) });
}
