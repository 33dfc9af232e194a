import type { DbOrTx } from '../../db/client';
import { allocate, fromMilli, messageOf } from './allocation';
import { readLots, type LockedLot } from './ledger.repo';

export interface ProposedItem {
  productId: string;
  productName: string;
  quantity: number;
}

/** The lots that would give an item's units, or the message of the refusal a taking would meet. */
export type LotPlan = { lots: { lot: LockedLot; quantity: number }[]; problem: null } | { lots: []; problem: string };

/**
 * Which lots a tray's lines would be taken from if it were saved now (issue 55: the proposal shown
 * beside the tray): the lots are read without locks and picked by `allocate`, the one rule a
 * taking uses (first expiry first, expired, recalled and quarantined lots skipped), each line after
 * the units the lines before it took. Nothing is written and nothing is held: saving the visit
 * takes its units through the ledger's door, which locks and picks again.
 */
export async function planLots(db: DbOrTx, companyId: string, items: ProposedItem[], today: string): Promise<LotPlan[]> {
  const lots = await readLots(db, companyId, [...new Set(items.map((i) => i.productId))]);
  const left = new Map(lots.map((lot) => [lot.id, lot.unitsLeft]));
  return items.map((item): LotPlan => {
    const own = lots.filter((lot) => lot.productId === item.productId).map((lot) => ({ ...lot, unitsLeft: left.get(lot.id) ?? 0 }));
    const picks = allocate({ productId: item.productId, quantity: item.quantity }, own, today);
    if (!Array.isArray(picks)) return { lots: [], problem: messageOf(item.productName, picks) };
    for (const { lot, milli } of picks) left.set(lot.id, (left.get(lot.id) ?? 0) - fromMilli(milli));
    return { lots: picks.map(({ lot, milli }) => ({ lot, quantity: fromMilli(milli) })), problem: null };
  });
}
