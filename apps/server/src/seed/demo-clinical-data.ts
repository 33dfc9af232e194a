/**
 * Demo clinical trust for Downtown (issue 20): write-offs of the past weeks and a recalled implant
 * lot whose patients the clinic is calling. Plain data only; days are relative to the first start,
 * and the last two write-offs are today's, so the dashboard's Waste and credits card (the current
 * month by default) has figures whatever day the demo is installed.
 */
import type { DisposalReason } from '@clinic/domain';

export type DemoWriteOff =
  | { kind: 'dispose'; daysAgo: number; lot: string; units: number; reason: DisposalReason; note: string }
  | { kind: 'return'; daysAgo: number; lot: string; units: number; credit: number; reference: string; note: string };

/** Lot numbers equal DemoLot.lotNumber at Downtown. */
export const DEMO_WRITE_OFFS: DemoWriteOff[] = [
  // The last cartridges of the previous Scandonest lot, found at the back of the drawer after expiry.
  { kind: 'dispose', daysAgo: 24, lot: 'SC-21460', units: 5, reason: 'expired', note: 'Found in the back of the anesthetic drawer after expiry' },
  { kind: 'dispose', daysAgo: 13, lot: '18730-1', units: 1, reason: 'expired', note: 'Expired before the last booked lip treatment' },
  { kind: 'dispose', daysAgo: 0, lot: 'V40LA90512', units: 1, reason: 'damaged', note: 'Blister found torn: sterility not assured' },
  { kind: 'return', daysAgo: 0, lot: 'TBC-2207', units: 10, credit: 30.52, reference: 'RMA-BEN-77214', note: 'Unopened overstock; Benco credits 85%' },
];

/**
 * The implant lot the manufacturer recalled after two patients received devices from it (see
 * demo-visits-data.ts): its last fixture is on the shelf, so the Alerts page shows the recall.
 * One patient has been called already.
 */
export const DEMO_RECALL = {
  lot: 'SX3417',
  daysAgo: 2,
  reason: 'Manufacturer field safety notice: the sterile blister seal of this lot may be incomplete',
  reference: 'FSCA-2026-114',
  contacted: [{ chart: 'BS-10915', daysAgo: 1 }],
};
