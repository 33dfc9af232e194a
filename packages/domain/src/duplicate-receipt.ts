import { z } from './zod';

/**
 * Receiving the same delivery twice (same product, lot, expiry and supplier at one location)
 * would double the stock silently, so the server answers 409 with this code and the earlier
 * receipts unless the request confirms it (docs/decisions.md, Duplicate receipts).
 */
export const DUPLICATE_RECEIPT_CODE = 'DUPLICATE_RECEIPT';

/** Sent with Add Stock or a purchase order's receipt once the person said "Add again". */
export const ConfirmDuplicateSchema = z.boolean().optional();

/** The latest earlier receipt of one lot in the request. */
export const EarlierReceiptSchema = z.object({
  stock_id: z.string(),
  product_name: z.string(),
  lotNumber: z.string(),
  expiry_date: z.string().nullable(),
  supplier_name: z.string().nullable(),
  /** When the earlier lot was received (ISO date-time). */
  received_at: z.string(),
  total_units: z.number(),
});
export type EarlierReceipt = z.infer<typeof EarlierReceiptSchema>;

/** The 409's `details`. */
export const DuplicateReceiptDetailsSchema = z.object({ receipts: z.array(EarlierReceiptSchema).min(1) });
export type DuplicateReceiptDetails = z.infer<typeof DuplicateReceiptDetailsSchema>;

const units = (count: number) => `${String(count)} ${count === 1 ? 'unit' : 'units'}`;

/**
 * "This delivery was already received on 03-14-2026 (20 units): Gloves, lot L-1. Add it again?"
 * `dateOf` turns an ISO date-time into MM-DD-YYYY: the server writes its own calendar day, the
 * browser the local one.
 */
export function duplicateReceiptMessage(receipts: EarlierReceipt[], dateOf: (iso: string) => string): string {
  const what = (r: EarlierReceipt) => `${r.product_name}, lot ${r.lotNumber}`;
  const [first] = receipts;
  if (!first) return 'Add it again?';
  if (receipts.length === 1) return `This delivery was already received on ${dateOf(first.received_at)} (${units(first.total_units)}): ${what(first)}. Add it again?`;
  const each = receipts.map((r) => `${what(r)} on ${dateOf(r.received_at)} (${units(r.total_units)})`).join('; ');
  return `Part of this delivery was already received: ${each}. Add it again?`;
}

/** MM-DD-YYYY of an ISO date-time's UTC day, as the server's calendar counts. */
export function utcDayMmDdYyyy(iso: string): string {
  const [y = '', m = '', d = ''] = iso.slice(0, 10).split('-');
  return `${m}-${d}-${y}`;
}
