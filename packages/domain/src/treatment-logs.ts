import { z } from './zod';
import { IsoDaySchema, requiredText, UuidSchema } from './fields';
import { PageQuerySchema, pageOf } from './pagination';
import { REPORT_MESSAGES, startsAfterEnd } from './report-range';
import { IdempotencyKeySchema, STOCK_MESSAGES } from './stock';
import { IMPLANT_MESSAGES, PATIENTS_PAGE_SIZE, TREATMENT_LOG_MESSAGES } from './treatment-log-messages';

export * from './treatment-log-messages';

/** The device as scanned (GS1 element string or HIBC) and where it went. */
export const ImplantInputSchema = z.object({
  udi: z.string({ error: IMPLANT_MESSAGES.udiRequired }).trim().min(1, IMPLANT_MESSAGES.udiRequired).max(200, 'The UDI must be at most 200 characters'),
  site: z.string({ error: IMPLANT_MESSAGES.siteRequired }).trim().min(1, IMPLANT_MESSAGES.siteRequired).max(60, 'The site must be at most 60 characters'),
});
export type ImplantInput = z.infer<typeof ImplantInputSchema>;


export const TRANSCRIPTION_STATUSES = ['in_progress', 'completed', 'failed'] as const;
export const TranscriptionStatusSchema = z.enum(TRANSCRIPTION_STATUSES);
export type TranscriptionStatus = z.infer<typeof TranscriptionStatusSchema>;

export const ChartNumberSchema = requiredText('Patient chart number', 40);

/** One product of the tray as performed: the quantity used, from a named lot or first-expiry-first. */
export const TreatmentLogProductInputSchema = z.object({
  product_id: UuidSchema,
  quantity: z.number({ error: 'Required' }).min(0.001, STOCK_MESSAGES.consumeQuantityMin).max(100_000, 'Must be at most 100000'),
  /** The treatment whose tray it belongs to; none for a product added at the chair. */
  treatment_id: UuidSchema.nullable().optional(),
  /** A lot the clinician named (used even when expired); otherwise first expiry first. */
  stock_id: UuidSchema.optional(),
  /**
   * Required for a product marked implantable (a new line; a saved line keeps its record): the
   * UDI names the lot the unit is taken from when that lot is on the shelf.
   */
  implant: ImplantInputSchema.optional(),
});
export type TreatmentLogProductInput = z.infer<typeof TreatmentLogProductInputSchema>;

export const CreateTreatmentLogRequestSchema = z.object({
  patient_chart_number: ChartNumberSchema,
  treatments: z.array(UuidSchema).min(1, TREATMENT_LOG_MESSAGES.chooseTreatment).max(20, 'At most 20 treatments in one visit'),
  products: z.array(TreatmentLogProductInputSchema).max(200, 'At most 200 products in one visit'),
  caseNotes: z.string().max(20_000, 'Case notes must be at most 20000 characters').optional(),
  /** A retried save records the visit once. */
  idempotency_key: IdempotencyKeySchema,
});
export type CreateTreatmentLogRequest = z.infer<typeof CreateTreatmentLogRequestSchema>;

/** A product of a saved visit as edited: `id` names the visit's line it changes; without it, a product added. */
export const RevisedTreatmentLogProductSchema = TreatmentLogProductInputSchema.extend({ id: UuidSchema.optional() });
export type RevisedTreatmentLogProduct = z.infer<typeof RevisedTreatmentLogProductSchema>;

/**
 * Spec section 7: `PATCH treatment_log/{id}` with recordingUrls or caseNotes; and, from
 * /treatment-execution/edit/{logId}, the visit's treatments and products as they really were
 * (lines left out are returned to stock, changed quantities return or take the difference).
 */
export const UpdateTreatmentLogRequestSchema = z
  .object({
    caseNotes: z.string().max(20_000, 'Case notes must be at most 20000 characters').optional(),
    /** Addresses returned by POST upload (type treatment_execution_recording, audio/wav); saving them starts the case notes. */
    recordingUrls: z.array(z.string().trim().min(1).max(500)).min(1, 'Add a recording').max(10, 'At most 10 recordings').optional(),
    treatments: CreateTreatmentLogRequestSchema.shape.treatments.optional(),
    products: z.array(RevisedTreatmentLogProductSchema).max(200, 'At most 200 products in one visit').optional(),
  })
  .refine((body) => body.caseNotes !== undefined || body.recordingUrls !== undefined || body.treatments !== undefined || body.products !== undefined, { message: 'Send caseNotes, recordingUrls or the treatments and products' })
  .refine((body) => (body.treatments === undefined) === (body.products === undefined), { path: ['products'], message: 'Send the treatments and the products together' })
  .refine((body) => new Set(body.products?.flatMap((p) => (p.id ? [p.id] : []))).size === (body.products?.filter((p) => p.id).length ?? 0), { path: ['products'], message: 'Each product of the visit at most once' });
export type UpdateTreatmentLogRequest = z.infer<typeof UpdateTreatmentLogRequestSchema>;

const TreatmentRefSchema = z.object({ id: UuidSchema, treatment_code: z.string(), name: z.string() });

/** Spec section 3: treatment_log_products. */
export const TreatmentLogProductSchema = z.object({
  id: UuidSchema,
  treatment: TreatmentRefSchema.nullable(),
  product: z.object({ id: UuidSchema, name: z.string(), product_image_url: z.string().nullable() }),
  quantity: z.number(),
  /** Dollars, two decimals. */
  cost: z.number(),
  /** The lot's unit price; -1 when several lots were used ('Multiple Stocks used'). */
  unit_price: z.number(),
  is_editable: z.boolean(),
  label: z.string(),
  /** The lots used, comma separated. */
  lot_number: z.string(),
  /** The device implanted with this line (issue 20); null for other products. */
  implant: z.object({ id: UuidSchema, udi: z.string(), site: z.string() }).nullable().optional(),
});
export type TreatmentLogProduct = z.infer<typeof TreatmentLogProductSchema>;

export const TreatmentLogSchema = z.object({
  id: UuidSchema,
  created_at: z.string(),
  patient: z.object({ id: UuidSchema, patient_chart_number: z.string() }),
  treatments: z.array(TreatmentRefSchema),
  caseNotes: z.string(),
  summary: z.string(),
  recordingTranscript: z.string(),
  recordingUrls: z.array(z.string()),
  /**
   * Null when the visit has no recording (the spec's "missing status shows nothing"). `configured`:
   * whether this server can make case notes from recordings at all (no transcription endpoint:
   * the job fails, and re-generating would fail the same way).
   */
  transcriptionJobStatus: z.object({ status: TranscriptionStatusSchema, configured: z.boolean() }).nullable(),
  treatment_log_products: z.array(TreatmentLogProductSchema),
  /** Dollars, two decimals: the visit's products at the prices of the lots used. */
  total_cost: z.number(),
});
export type TreatmentLog = z.infer<typeof TreatmentLogSchema>;

/** A device implanted in the patient (GET /patient/{id}/implants). */
export const ImplantSchema = z.object({
  id: UuidSchema,
  treatment_log_id: UuidSchema,
  product: z.object({ id: UuidSchema, name: z.string(), brand: z.string() }),
  /** The product's manufacturer name, or its brand when none is set. */
  manufacturer_name: z.string(),
  manufacturer_address: z.string(),
  udi: z.string(),
  /** UDI-DI (the GTIN of a GS1 label). */
  device_identifier: z.string(),
  lot_number: z.string(),
  serial_number: z.string(),
  /** ISO date from the label, or null. */
  expiry_date: z.string().nullable(),
  site: z.string(),
  implanted_at: z.string(),
  clinician: z.object({ id: UuidSchema, name: z.string() }).nullable(),
});
export type Implant = z.infer<typeof ImplantSchema>;
export const ImplantPageSchema = pageOf(ImplantSchema);
export type ImplantPage = z.infer<typeof ImplantPageSchema>;
export const ImplantListQuerySchema = PageQuerySchema;

/**
 * GET /implant/{id}/card (issue 55): `card` (the default), an ID-1 card's front and back as two
 * 85.60 x 53.98 mm pages; `sheet`, both on a Letter or A4 page with cut marks; `summary`, the full
 * page kept with the record.
 */
export const IMPLANT_CARD_LAYOUTS = ['card', 'sheet', 'summary'] as const;
export type ImplantCardLayout = (typeof IMPLANT_CARD_LAYOUTS)[number];
export const IMPLANT_CARD_PAPERS = ['letter', 'a4'] as const;
export type ImplantCardPaper = (typeof IMPLANT_CARD_PAPERS)[number];
export const ImplantCardQuerySchema = z.object({
  layout: z.enum(IMPLANT_CARD_LAYOUTS).default('card'),
  paper: z.enum(IMPLANT_CARD_PAPERS).default('letter'),
});
export type ImplantCardQuery = z.infer<typeof ImplantCardQuerySchema>;
export type ImplantListQuery = z.infer<typeof ImplantListQuerySchema>;

export const TreatmentLogListQuerySchema = PageQuerySchema.extend({ patient_id: UuidSchema.optional() });
export type TreatmentLogListQuery = z.infer<typeof TreatmentLogListQuerySchema>;
export const TreatmentLogPageSchema = pageOf(TreatmentLogSchema);
export type TreatmentLogPage = z.infer<typeof TreatmentLogPageSchema>;

/** Spec section 3: Patient summary. */
export const PatientSummarySchema = z.object({
  id: UuidSchema,
  patient_chart_number: z.string(),
  total_visits: z.number().int(),
  life_time_cost: z.number(),
  last_visit: z.string(),
  last_visit_cost: z.number(),
  last_visit_treatment_log_id: UuidSchema,
  last_visit_treatment_log_transcription_job_status: TranscriptionStatusSchema.nullable(),
});
export type PatientSummary = z.infer<typeof PatientSummarySchema>;

export const PatientListQuerySchema = PageQuerySchema.extend({
  search: z.string().trim().max(40).optional(),
  /** ISO dates, inclusive: visits on those days (UTC). */
  start_date: IsoDaySchema.optional(),
  end_date: IsoDaySchema.optional(),
  perPage: PageQuerySchema.shape.perPage.default(PATIENTS_PAGE_SIZE),
}).refine((q) => !q.start_date || !q.end_date || !startsAfterEnd(q.start_date, q.end_date), { path: ['start_date'], message: REPORT_MESSAGES.startAfterEnd });
export type PatientListQuery = z.infer<typeof PatientListQuerySchema>;

export const PatientPageSchema = pageOf(PatientSummarySchema).extend({
  /** The summary cards over every matching patient, not only this page. */
  totals: z.object({ patients: z.number().int(), visits: z.number().int(), life_time_cost: z.number() }),
});
export type PatientPage = z.infer<typeof PatientPageSchema>;
