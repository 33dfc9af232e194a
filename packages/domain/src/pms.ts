import { z } from './zod';
import { IsoDateTimeSchema, IsoDaySchema, UuidSchema } from './fields';
import { IdempotencyKeySchema } from './stock';
import { PMS_MESSAGES } from './pms-messages';
import { ChartNumberSchema, TreatmentLogProductInputSchema } from './treatment-logs';

export * from './pms-messages';

// The link to the practice-management system (issue 36): its connection, the procedures that come
// in and wait at the chair, the codes mapped to treatments and the monthly production.

/** Open Dental's hosted API (docs/open-dental.md); the practice's own keys say which office answers. */
export const OPEN_DENTAL_API_URL = 'https://api.opendental.com/api/v1';

const LOCAL_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * An address the keys may be sent to: https, or plain http to this computer only (the tests' stand-in).
 * The server's Open Dental client keeps the same rule before every request, and on a production
 * server refuses plain http altogether (the contract cannot tell which server it is on).
 */
export function isKeySafeAddress(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.includes(url.hostname));
}

/** The daily "procedures completed" export any PMS can produce: one row per procedure. */
export const PROCEDURE_IMPORT_COLUMNS = [
  { key: 'date', header: 'Date', required: true, example: '2026-11-27' },
  { key: 'chart_number', header: 'Chart Number', required: true, example: 'PT-1042' },
  { key: 'procedure_code', header: 'Procedure Code', required: true, example: 'D2391' },
  { key: 'fee', header: 'Fee', required: false, example: '185.00' },
  /** The PMS's own id of the procedure, when the export has one: a re-imported row counts once. */
  { key: 'procedure_id', header: 'Procedure ID', required: false, example: '88231' },
] as const;
export type ProcedureImportField = (typeof PROCEDURE_IMPORT_COLUMNS)[number]['key'];
export const MAX_PROCEDURE_IMPORT_ROWS = 5_000;

export const ImportProceduresRequestSchema = z.object({
  /** The public_url of an upload of type procedure_csv_import (schedule_csv_import, production_csv_import for those imports; product_csv_import from older clients). */
  file_url: z.string().trim().min(1, 'Required').max(500),
});
export type ImportProceduresRequest = z.infer<typeof ImportProceduresRequestSchema>;

export const ProcedureImportResultSchema = z.object({
  total_rows: z.number().int(),
  imported: z.number().int(),
  /** Rows read before (the same procedure id, or the same date, chart, code and fee): counted once. */
  already_imported: z.number().int(),
  failed: z.number().int(),
  rows: z.array(z.object({ row_number: z.number().int(), status: z.enum(['imported', 'already_imported', 'failed']), reason: z.string().nullable() })),
});
export type ProcedureImportResult = z.infer<typeof ProcedureImportResultSchema>;

export const PmsProcedureSchema = z.object({
  id: UuidSchema,
  source: z.enum(['open_dental', 'csv']),
  code: z.string(),
  fee: z.number(),
  treatment: z.object({ id: UuidSchema, name: z.string(), code: z.string() }).nullable(),
  problem: z.string().nullable(),
});
export type PmsProcedure = z.infer<typeof PmsProcedureSchema>;

/** A patient's procedures of one day waiting at the chair, with the tray their treatments need. */
export const WaitingVisitSchema = z.object({
  /** '' while the patient is not known here (see `pms_patient`). */
  chart_number: z.string(),
  /**
   * Open Dental's patient number when that patient has no chart number there (issue 50): the
   * visit waits until a person picks the patient; null otherwise.
   */
  pms_patient: z.string().nullable(),
  performed_on: IsoDaySchema,
  procedures: z.array(PmsProcedureSchema),
  tray: z.array(z.object({ product_id: UuidSchema, product_name: z.string(), treatment_id: UuidSchema, quantity: z.number(), usable_units: z.number() })),
  /** Every procedure is mapped: one tap records it. */
  ready: z.boolean(),
});
export type WaitingVisit = z.infer<typeof WaitingVisitSchema>;

export const WaitingVisitsSchema = z.object({ visits: z.array(WaitingVisitSchema) });
export type WaitingVisits = z.infer<typeof WaitingVisitsSchema>;

/** One tap: the procedures' treatments and their trays as a visit (or the tray as edited). */
export const ConfirmProceduresRequestSchema = z.object({
  procedure_ids: z.array(UuidSchema).min(1, 'Choose the procedures to record').max(20, 'At most 20 procedures in one visit'),
  /** The tray as edited at the chair (lots, quantities); the treatments' trays when absent. */
  products: z.array(TreatmentLogProductInputSchema).max(200, 'At most 200 products in one visit').optional(),
  idempotency_key: IdempotencyKeySchema,
});
export type ConfirmProceduresRequest = z.infer<typeof ConfirmProceduresRequestSchema>;

export const ConfirmedProceduresSchema = z.object({ treatment_log_id: UuidSchema });

/** The patient picked for a procedure whose patient has no chart number in the PMS: their chart number here. */
export const PickPmsPatientSchema = z.object({ chart_number: ChartNumberSchema });
export type PickPmsPatient = z.infer<typeof PickPmsPatientSchema>;

/** A procedure code as the PMS sends it, how often it was seen here, and the treatment it is. */
export const ProcedureCodeSchema = z.object({
  code: z.string(),
  seen: z.number().int(),
  treatment: z.object({ id: UuidSchema, name: z.string(), code: z.string() }).nullable(),
  /** The location's treatment with this code, when one matches (treatment_code) and none is mapped. */
  suggested: z.object({ id: UuidSchema, name: z.string(), code: z.string() }).nullable(),
});
export type ProcedureCode = z.infer<typeof ProcedureCodeSchema>;
export const ProcedureCodesSchema = z.object({ codes: z.array(ProcedureCodeSchema) });
export type ProcedureCodes = z.infer<typeof ProcedureCodesSchema>;

export const PmsCodeSchema = z.string().trim().min(1, PMS_MESSAGES.codeRequired).max(20, 'Use at most 20 characters').regex(/^[A-Za-z0-9.-]+$/, 'Use letters, digits, dots and dashes');
export const MapProcedureCodeSchema = z.object({ code: PmsCodeSchema, treatment_id: UuidSchema.nullable() });
export type MapProcedureCode = z.infer<typeof MapProcedureCodeSchema>;

export const PmsBaseUrlSchema = z.string().trim().min(1, 'Required').max(300, 'Use at most 300 characters').refine(isKeySafeAddress, PMS_MESSAGES.httpsOnly);
/** A key as Open Dental issues it; write-only: the API never answers one. */
const PmsKeySchema = z.string().trim().min(1, 'Required').max(200, 'Use at most 200 characters');

/** The location's link to Open Dental as its admins see it: never the keys, only whether they are saved. */
export const PmsConnectionSchema = z.object({
  kind: z.enum(['open_dental', 'csv']),
  base_url: z.string().nullable(),
  /** Open Dental's clinic this location is; null: the whole office (a practice without clinics). */
  clinic_num: z.number().int().nullable(),
  enabled: z.boolean(),
  /** Completed procedures of mapped codes are recorded as visits at once instead of waiting at the chair. */
  take_stock_on_complete: z.boolean(),
  /** A patient without a chart number in Open Dental is filed under its patient number ("Open Dental patient 9002") instead of waiting to be picked. */
  use_patient_number: z.boolean(),
  /** Procedures recorded in the last this many days are read again from Open Dental once a day. */
  recheck_days: z.number().int(),
  has_keys: z.boolean(),
  last_run_at: IsoDateTimeSchema.nullable(),
  last_success_at: IsoDateTimeSchema.nullable(),
  last_error: z.string().nullable(),
});
export type PmsConnection = z.infer<typeof PmsConnectionSchema>;

/** PUT /api/pms/connection: a key left out keeps the one saved. */
export const SavePmsConnectionSchema = z.object({
  base_url: PmsBaseUrlSchema,
  clinic_num: z.number().int('Use a whole number').min(1, 'Use the clinic number Open Dental shows (1 or more)').max(2_147_483_647).nullable(),
  developer_key: PmsKeySchema.optional(),
  customer_key: PmsKeySchema.optional(),
  enabled: z.boolean(),
  take_stock_on_complete: z.boolean(),
  /** Left out: as saved (off at first). */
  use_patient_number: z.boolean().optional(),
  /** Left out: as saved (7 at first). */
  recheck_days: z.number({ error: PMS_MESSAGES.recheckDays }).int(PMS_MESSAGES.recheckDays).min(1, PMS_MESSAGES.recheckDays).max(30, PMS_MESSAGES.recheckDays).optional(),
});
export type SavePmsConnection = z.infer<typeof SavePmsConnectionSchema>;

/** POST /api/pms/connection/test: what the form holds; anything left out is taken from the saved connection. */
export const TestPmsConnectionSchema = z.object({
  base_url: PmsBaseUrlSchema.optional(),
  developer_key: PmsKeySchema.optional(),
  customer_key: PmsKeySchema.optional(),
});
export type TestPmsConnection = z.infer<typeof TestPmsConnectionSchema>;

/** The connector's answer: the clinics to choose from (none when the practice does not use them), or why not. */
export const PmsConnectionTestSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), clinics: z.array(z.object({ clinic_num: z.number().int(), name: z.string() })) }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type PmsConnectionTest = z.infer<typeof PmsConnectionTestSchema>;

/** The template users download next to the procedures upload. */
export function procedureImportTemplateCsv(): string {
  return `${PROCEDURE_IMPORT_COLUMNS.map((c) => c.header).join(',')}\n${PROCEDURE_IMPORT_COLUMNS.map((c) => c.example).join(',')}\n`;
}

/** A month's production the clinic types (from its PMS's month-end report), or null to clear it. */
export const MonthlyProductionSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month like 2026-11'),
  amount: z.number({ error: 'Enter the production in dollars' }).min(0, 'Production cannot be negative').max(100_000_000, 'Production must be at most $100,000,000').nullable(),
});
export type MonthlyProduction = z.infer<typeof MonthlyProductionSchema>;

/** A PMS's production per day, as a CSV: the day's figure replaces that day's procedure fees. */
export const PRODUCTION_IMPORT_COLUMNS = [
  { key: 'date', header: 'Date', required: true, example: '2026-11-27' },
  { key: 'production', header: 'Production', required: true, example: '4210.50' },
] as const;
export type ProductionImportField = (typeof PRODUCTION_IMPORT_COLUMNS)[number]['key'];

export const ProductionImportResultSchema = z.object({
  total_rows: z.number().int(),
  imported: z.number().int(),
  failed: z.number().int(),
  rows: z.array(z.object({ row_number: z.number().int(), status: z.enum(['imported', 'failed']), reason: z.string().nullable() })),
});
export type ProductionImportResult = z.infer<typeof ProductionImportResultSchema>;
