import { pickFirstExpiry, type Stock } from '@clinic/domain';

/** A lot a shipment may take units from, and how many it takes. */
export interface LotPick {
  stockId: string;
  lotNumber: string;
  expiryDate: string | null;
  /** Whole units on the shelf: a received lot counts whole units. */
  available: number;
  units: number;
}

/**
 * The lots a shipment proposes, as the server picks them when none is named (the domain's
 * `pickFirstExpiry`): available lots that have not expired, first expiry first. Lots holding less
 * than a whole unit, and recalled, quarantined and expired lots, are not offered (the server
 * refuses a recalled or quarantined one); every lot offered is listed, with 0 units once the need
 * is met, so the sender can move units between them.
 */
export function proposeLots(lots: readonly Stock[], units: number, today: string): LotPick[] {
  const offered = lots.filter((s) => s.units_left >= 1).map((stock) => ({ id: stock.id, status: stock.status, expiryDate: stock.expiry_date, stock }));
  return pickFirstExpiry(offered, units, today, (lot) => lot.stock.units_left).takes.map(({ lot: { stock: s }, units: take }) => ({
    stockId: s.id,
    lotNumber: s.lotNumber,
    expiryDate: s.expiry_date,
    available: s.units_left,
    units: take,
  }));
}

/** What a plan asks of one lot that holds less: the message the server would answer, said before sending. */
export function pickIssue(pick: LotPick): string | null {
  if (!Number.isInteger(pick.units) || pick.units < 0) return 'Enter whole units';
  if (pick.units > pick.available) return `Only ${String(pick.available)} ${pick.available === 1 ? 'unit is' : 'units are'} left in this lot`;
  return null;
}
