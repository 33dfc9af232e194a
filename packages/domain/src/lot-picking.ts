import type { LotStatus } from './stock-messages';

/**
 * "First expiry first", the one rule every taking of stock follows (issue 54, item 1): the ledger's
 * consumption, a transfer's shipment and the lots the web proposes for one. Zod-free, so the web's
 * pages that use it build no schema.
 */

/** What the rule reads of a lot; each caller keeps its own lot type and says what the lot holds. */
export interface PickableLot {
  id: string;
  status: LotStatus;
  /** An ISO day; null for a lot that does not expire. */
  expiryDate: string | null;
}

/** A lot that may give units today: available (not recalled or quarantined) and not expired. */
export const isUsableLot = (lot: Pick<PickableLot, 'status' | 'expiryDate'>, today: string): boolean => lot.status === 'available' && (lot.expiryDate === null || lot.expiryDate >= today);

/**
 * Earliest expiry first, lots that do not expire last, then by id: the order the ledger locks lots
 * in (`expiry_date asc nulls last, id`), so picking here and locking there agree.
 */
export function byFirstExpiry(a: PickableLot, b: PickableLot): number {
  if (a.expiryDate !== b.expiryDate) {
    if (a.expiryDate === null) return 1;
    if (b.expiryDate === null) return -1;
    return a.expiryDate < b.expiryDate ? -1 : 1;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** What one lot gives; 0 for a usable lot the need was met before. */
export interface LotTake<L> {
  lot: L;
  units: number;
}

export interface LotPicking<L> {
  /** Every usable lot that holds units, first expiry first, each with what it gives. */
  takes: LotTake<L>[];
  /** Units the usable lots could not give: 0 when the need is met. */
  short: number;
}

/**
 * Which lots give `needed` units, first expiry first. Recalled, quarantined and expired lots give
 * nothing (a lot the user names is the caller's business); each usable lot gives what it holds
 * until the need is met. Units are in the caller's measure (`unitsOf`: thousandths at the chair,
 * whole units for a shipment).
 */
export function pickFirstExpiry<L extends PickableLot>(lots: readonly L[], needed: number, today: string, unitsOf: (lot: L) => number): LotPicking<L> {
  const usable = lots.filter((lot) => isUsableLot(lot, today) && unitsOf(lot) > 0).sort(byFirstExpiry);
  let short = needed;
  const takes = usable.map((lot) => {
    const units = Math.max(0, Math.min(short, unitsOf(lot)));
    short -= units;
    return { lot, units };
  });
  return { takes, short };
}

/** The lots that give units, without the ones the need was met before. */
export const givingLots = <L>(picking: LotPicking<L>): LotTake<L>[] => picking.takes.filter((take) => take.units > 0);
