import { z } from 'zod';
import { requiredText, UuidSchema } from './fields';

/** Recall tracing (beyond the spec): from a lot number, every visit that used it. */
export const RecallQuerySchema = z.object({ lot: requiredText('Lot number', 100) });
export type RecallQuery = z.infer<typeof RecallQuerySchema>;

export const RecallLotSchema = z.object({
  stock_id: UuidSchema,
  product: z.object({ id: UuidSchema, name: z.string() }),
  lotNumber: z.string(),
  expiry_date: z.string().nullable(),
  supplier_name: z.string().nullable(),
  received_at: z.string(),
  units_received: z.number().int(),
  units_left: z.number().int(),
});
export type RecallLot = z.infer<typeof RecallLotSchema>;

export const RecallVisitSchema = z.object({
  treatment_log_id: UuidSchema,
  patient_id: UuidSchema,
  patient_chart_number: z.string(),
  visit_at: z.string(),
  product_name: z.string(),
  lotNumber: z.string(),
  /** Units of the lot this visit used. */
  quantity: z.number(),
});
export type RecallVisit = z.infer<typeof RecallVisitSchema>;

export const RecallSchema = z.object({ lot: z.string(), lots: z.array(RecallLotSchema), visits: z.array(RecallVisitSchema) });
export type Recall = z.infer<typeof RecallSchema>;
