/**
 * A finished cycle count at Downtown (issue 34): the whole location counted by the hygienist six
 * days ago and approved by the manager. Most lots matched; these did not (shelf minus books), and
 * one box was on the shelf but not on the books. Lot numbers are Downtown's (demo-stock-data.ts).
 */
export const DEMO_COUNT_DAYS_AGO = 6;

export const DEMO_COUNT_DIFFERENCES: { lot: string; variance: number }[] = [
  // Gauze pouches opened for a procedure and never recorded.
  { lot: 'MDL-88213', variance: -5 },
  // Prophy angles handed out to the hygiene rooms.
  { lot: 'YD-7741', variance: -3 },
  // A suture box recorded as used that was still in the drawer.
  { lot: 'ETH-KP4410', variance: 1 },
];

export const DEMO_FOUND_LOT = { product: 'Duraphat 5% Sodium Fluoride Varnish 10 ml Tube', lotNumber: 'DF-30127', expiresInDays: 400, units: 2 };
