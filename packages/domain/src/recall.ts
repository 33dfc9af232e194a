import { z } from './zod';
import { requiredText, UuidSchema } from './fields';
import { gs1CheckDigitValid } from './udi/gs1';

/** What a recall names: a lot number, a device's serial number, or a UDI-DI (the GTIN of the label). */
export const RECALL_KINDS = ['lot', 'serial', 'udi_di'] as const;
export const RecallKindSchema = z.enum(RECALL_KINDS);
export type RecallKind = z.infer<typeof RecallKindSchema>;

export const RECALL_KIND_LABELS: Record<RecallKind, string> = { lot: 'Lot number', serial: 'Serial number', udi_di: 'UDI-DI' };

export const RECALL_MESSAGES = {
  oneKind: 'Give exactly one of lot, serial or udi_di',
  udiDiFormat: 'UDI-DI must be a GTIN of 8, 12, 13 or 14 digits',
  udiDiCheckDigit: 'UDI-DI check digit is wrong',
  patientNotAffected: 'This patient did not receive the recalled product',
} as const;

/** A GTIN as GTIN-14: shorter forms (GTIN-8, UPC-A, EAN-13) padded with leading zeros. */
export const toGtin14 = (gtin: string): string => gtin.padStart(14, '0');

/** The forms a GTIN-14 may be printed or stored as: GTIN-14, EAN-13, UPC-A, GTIN-8. */
export function gtinStoredForms(gtin14: string): string[] {
  const forms = [gtin14];
  for (const length of [13, 12, 8]) {
    const cut = gtin14.length - length;
    if (/^0+$/.test(gtin14.slice(0, cut))) forms.push(gtin14.slice(cut));
  }
  return forms;
}

export const UdiDiSchema = z
  .string()
  .trim()
  .regex(/^(\d{8}|\d{12,14})$/, { message: RECALL_MESSAGES.udiDiFormat, abort: true })
  .refine((v) => gs1CheckDigitValid(v), RECALL_MESSAGES.udiDiCheckDigit)
  .transform(toGtin14);

/**
 * Recall tracing (beyond the spec; issue 20): from a lot number, a serial number or a UDI-DI,
 * every visit that used it. Exactly one of the three; a UDI-DI comes out as GTIN-14.
 */
export const RecallQuerySchema = z
  .object({
    lot: requiredText('Lot number', 100).optional(),
    serial: requiredText('Serial number', 100).optional(),
    udi_di: UdiDiSchema.optional(),
  })
  .superRefine((q, ctx) => {
    const given = RECALL_KINDS.filter((k) => q[k] !== undefined);
    if (given.length === 1) return;
    for (const k of given.length === 0 ? RECALL_KINDS : given) ctx.addIssue({ code: 'custom', path: [k], message: RECALL_MESSAGES.oneKind });
  });
export type RecallQuery = z.infer<typeof RecallQuerySchema>;

/** Which kind a checked query names, and its value (trimmed; a UDI-DI as GTIN-14). */
export function recallTarget(query: RecallQuery): { by: RecallKind; value: string } {
  if (query.serial !== undefined) return { by: 'serial', value: query.serial };
  if (query.udi_di !== undefined) return { by: 'udi_di', value: query.udi_di };
  return { by: 'lot', value: query.lot ?? '' };
}

export const RecallLotSchema = z.object({
  stock_id: UuidSchema,
  product: z.object({ id: UuidSchema, name: z.string() }),
  lotNumber: z.string(),
  expiry_date: z.string().nullable(),
  supplier_name: z.string().nullable(),
  received_at: z.string(),
  units_received: z.number().int(),
  units_left: z.number().int(),
  /** Set on a lot at another location of the organization, joined to this one by a transfer. */
  location_name: z.string().optional(),
});
export type RecallLot = z.infer<typeof RecallLotSchema>;

export const RecallVisitSchema = z.object({
  treatment_log_id: UuidSchema,
  patient_id: UuidSchema,
  patient_chart_number: z.string(),
  visit_at: z.string(),
  product_name: z.string(),
  lotNumber: z.string(),
  /** The implant's serial number, '' when none was recorded. */
  serial_number: z.string(),
  /** Units of the lot (or of the implanted device's visit line) this visit used. */
  quantity: z.number(),
  /** Set on a visit at another location of the organization, which used units transferred there. */
  location_name: z.string().optional(),
});
export type RecallVisit = z.infer<typeof RecallVisitSchema>;

/** A patient told of this recall: who marked it (name, or e-mail) and when. */
export const RecallContactMarkSchema = z.object({ by: z.string(), at: z.string() });
export type RecallContactMark = z.infer<typeof RecallContactMarkSchema>;

export const RecallPatientSchema = z.object({
  patient_id: UuidSchema,
  patient_chart_number: z.string(),
  /** The latest of the patient's visits in this recall. */
  last_visit_at: z.string(),
  contacted: RecallContactMarkSchema.nullable(),
});
export type RecallPatient = z.infer<typeof RecallPatientSchema>;

export const RecallSchema = z.object({
  by: RecallKindSchema,
  /** What was traced: the lot or serial number as typed (trimmed), a UDI-DI as GTIN-14. */
  value: z.string(),
  /** The location's lots matched: by number, the lots of the products with this GTIN, the lots the devices came from. */
  lots: z.array(RecallLotSchema),
  visits: z.array(RecallVisitSchema),
  /** Each affected patient once, with the contacted mark. */
  patients: z.array(RecallPatientSchema),
});
export type Recall = z.infer<typeof RecallSchema>;

export const RecallContactParamsSchema = z.object({ patient_id: UuidSchema });
export type RecallContactParams = z.infer<typeof RecallContactParamsSchema>;

export const RecallContactSchema = z.object({ patient_id: UuidSchema, contacted: RecallContactMarkSchema });
export type RecallContact = z.infer<typeof RecallContactSchema>;
