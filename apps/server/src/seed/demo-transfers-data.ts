/**
 * Demo transfer between the locations (issue 34, item 3): Downtown's manager sent sutures to
 * Lakeside yesterday, and they are still in transit. The lot number is Downtown's
 * (demo-stock-data.ts), of a product with no minimum there, so Downtown's alerts stay as they are.
 */
export const DEMO_TRANSFER = {
  lot: 'ETH-KP4410',
  units: 6,
  daysAgo: 1,
  note: 'Lakeside ran short of sutures before Friday',
  idempotencyKey: 'demo-transfer-1',
} as const;
