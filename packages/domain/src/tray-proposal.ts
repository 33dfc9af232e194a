import { z } from './zod';
import { UuidSchema } from './fields';
import { TRAY_PROPOSAL_ENGINES, TRAY_PROPOSAL_MESSAGES, TRAY_PROPOSAL_NOTE_MAX, TRAY_PROPOSAL_SOURCES } from './tray-proposal-messages';

export * from './tray-proposal-messages';

/**
 * Issue 55: the tray a visit's words propose. A proposal only: the chair shows it as a draft beside
 * the tray, and nothing leaves stock until the clinician accepts lines and saves the visit.
 */

/** `POST /api/treatment_log/tray-proposal`: a visit being recorded at the chair (the location is the token's). */
export const TrayProposalRequestSchema = z.object({
  /** The treatments chosen so far: their designs' lines are preferred when the note is ambiguous. */
  treatments: z.array(UuidSchema).max(20, 'At most 20 treatments in one visit').default([]),
  note: z.string().trim().min(1, TRAY_PROPOSAL_MESSAGES.noteRequired).max(TRAY_PROPOSAL_NOTE_MAX, `The note must be at most ${String(TRAY_PROPOSAL_NOTE_MAX)} characters`),
});
export type TrayProposalRequest = z.infer<typeof TrayProposalRequestSchema>;

/** `GET /api/treatment_log/{id}/tray-proposal`: a saved visit's case note, or its recording's transcript. */
export const VisitTrayProposalQuerySchema = z.object({
  /** Unset: the case note when the visit has one, else the transcript. */
  source: z.enum(['case_notes', 'transcript']).optional(),
});
export type VisitTrayProposalQuery = z.infer<typeof VisitTrayProposalQuerySchema>;

export const NoteSpanSchema = z.object({ text: z.string(), start: z.number().int(), end: z.number().int() });

export const ProposedLotSchema = z.object({
  stock_id: UuidSchema,
  lot_number: z.string(),
  expiry_date: z.string().nullable(),
  /** Units this lot would give, first expiry first. */
  quantity: z.number(),
});
export type ProposedLot = z.infer<typeof ProposedLotSchema>;

export const ProposedTrayLineSchema = z.object({
  product: z.object({ id: UuidSchema, name: z.string(), unit: z.string(), implantable: z.boolean() }),
  /** In the product's stock unit (`product.unit`). */
  quantity: z.number().positive(),
  /** The words of the note it came from, with their offsets into `note`. */
  words: z.array(NoteSpanSchema).min(1),
  /** The chosen treatment whose design holds the product, if one does. */
  treatment_id: UuidSchema.nullable(),
  /** The usable lots at the location that would give the units, first expiry first (none when short). */
  lots: z.array(ProposedLotSchema),
  /** The unit price of the first of those lots; null when nothing usable is in stock. */
  unit_price: z.number().nullable(),
  /** Why the units could not be taken today ('... - Not enough stock'); null when they can. */
  stock_problem: z.string().nullable(),
});
export type ProposedTrayLine = z.infer<typeof ProposedTrayLineSchema>;

export const TrayProposalSchema = z.object({
  source: z.enum(TRAY_PROPOSAL_SOURCES),
  engine: z.enum(TRAY_PROPOSAL_ENGINES),
  /** The text the spans point into. */
  note: z.string(),
  lines: z.array(ProposedTrayLineSchema),
  /** Lines the AI answered that failed the checks (an unknown product, an odd quantity, words not in the note). */
  dropped: z.number().int().nonnegative(),
});
export type TrayProposal = z.infer<typeof TrayProposalSchema>;
