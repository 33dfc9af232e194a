import type { Stock } from '@clinic/domain';

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
 * The lots a shipment proposes, as the server picks them when none is named: available lots that
 * have not expired, first expiry first, whole units only. Recalled, quarantined and expired lots
 * are not offered (the server refuses a recalled or quarantined one).
 */
export function proposeLots(lots: readonly Stock[], units: number, today: string): LotPick[] {
  const usable = lots
    .filter((s) => s.status === 'available' && s.units_left >= 1 && (s.expiry_date === null || s.expiry_date >= today))
    .sort((a, b) => (a.expiry_date ?? '9999-12-31').localeCompare(b.expiry_date ?? '9999-12-31') || a.id.localeCompare(b.id));
  let needed = units;
  return usable.map((s) => {
    const take = Math.max(0, Math.min(needed, s.units_left));
    needed -= take;
    return { stockId: s.id, lotNumber: s.lotNumber, expiryDate: s.expiry_date, available: s.units_left, units: take };
  });
}

/** What a plan asks of one lot that holds less: the message the server would answer, said before sending. */
export function pickIssue(pick: LotPick): string | null {
  if (!Number.isInteger(pick.units) || pick.units < 0) return 'Enter whole units';
  if (pick.units > pick.available) return `Only ${String(pick.available)} ${pick.available === 1 ? 'unit is' : 'units are'} left in this lot`;
  return null;
}
