import { z } from './zod';
import { DISPOSAL_REASONS, IdempotencyKeySchema, STOCK_NOTE_MAX, STOCK_MESSAGES, type DisposalReason } from './stock';

/**
 * Issue 20: units written off a lot (disposed: expired, damaged, recalled, other) and units sent
 * back to the supplier (returned, with the credit they bring). Both are ledger rows of their own
 * kinds; the lot's answer after either is the updated stock.
 */
export const WRITE_OFF_MESSAGES = {
  unitsMin: 'Enter at least 0.001 units',
  unitsDecimals: 'Units can have at most 3 decimals',
  unitsMax: 'Must be at most 1000000',
  /** `left` as the ledger holds it (a consumable can have part of a unit left). */
  moreThanLeft: (left: number) => `Only ${String(Math.round(left * 1000) / 1000)} ${left === 1 ? 'unit is' : 'units are'} left in this lot`,
  reasonRequired: 'Choose why the units are written off',
  creditMin: 'The credit cannot be negative',
  creditCents: 'Enter the credit in dollars and cents',
  creditMax: 'Must be at most 10000000',
  referenceTooLong: 'The reference can be at most 100 characters',
  disposed: 'Units written off',
  disposeFailed: 'Failed to write off the units',
  returned: 'Return recorded',
  returnFailed: 'Failed to record the return',
} as const;

export const DISPOSAL_REASON_LABELS: Record<DisposalReason, string> = {
  expired: 'Expired',
  damaged: 'Damaged',
  recalled: 'Recalled',
  other: 'Other',
};

export const REFERENCE_MAX = 100;

/** True when `value` has at most `places` decimals (binary floats: 0.1 + 0.2 style noise forgiven). */
export function hasAtMostDecimals(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** Units leave a lot with three decimals at most (the ledger's scale), never fewer than 0.001. */
export const WriteOffUnitsSchema = z
  .number({ error: 'Required' })
  .min(0.001, WRITE_OFF_MESSAGES.unitsMin)
  .max(1_000_000, WRITE_OFF_MESSAGES.unitsMax)
  .refine((v) => hasAtMostDecimals(v, 3), WRITE_OFF_MESSAGES.unitsDecimals);

export const DisposeStockRequestSchema = z.object({
  reason: z.enum(DISPOSAL_REASONS, { error: WRITE_OFF_MESSAGES.reasonRequired }),
  units: WriteOffUnitsSchema,
  note: z.string().max(STOCK_NOTE_MAX, STOCK_MESSAGES.noteTooLong).optional(),
  /** Made when the dialog opens: a double tap or a retry after a lost answer writes off once. */
  idempotency_key: IdempotencyKeySchema,
});
export type DisposeStockRequest = z.infer<typeof DisposeStockRequestSchema>;

export const ReturnStockRequestSchema = z.object({
  units: WriteOffUnitsSchema,
  /** Dollars the supplier credits for the units, to the cent; 0 when nothing is credited. */
  credit_amount: z
    .number({ error: 'Required' })
    .min(0, WRITE_OFF_MESSAGES.creditMin)
    .max(10_000_000, WRITE_OFF_MESSAGES.creditMax)
    .refine((v) => hasAtMostDecimals(v, 2), WRITE_OFF_MESSAGES.creditCents),
  /** The supplier's RMA or credit-note number, when there is one. */
  supplier_reference: z.string().trim().max(REFERENCE_MAX, WRITE_OFF_MESSAGES.referenceTooLong).optional(),
  note: z.string().max(STOCK_NOTE_MAX, STOCK_MESSAGES.noteTooLong).optional(),
  idempotency_key: IdempotencyKeySchema,
});
export type ReturnStockRequest = z.infer<typeof ReturnStockRequestSchema>;
