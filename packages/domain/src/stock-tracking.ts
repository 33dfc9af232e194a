import { z } from './zod';
import { amountOf } from './money';

/**
 * Track Product Consumption (spec sections 3 and 7). docs/decisions.md explains the model:
 * a cycle is the life of one received stock (lot) at a location; its count is how many uses
 * (treatments and manual consumptions) it served.
 */
export const TRENDS = ['improving', 'declined', 'consistent'] as const;
export const TrendSchema = z.enum(TRENDS);
export type Trend = z.infer<typeof TrendSchema>;

/** Changes smaller than this share of the earlier average are "consistent". */
export const TREND_TOLERANCE = 0.05;
/** How many of the latest cycles a report looks at. */
export const TRACKED_CYCLES = 12;

export const TrackingReportSchema = z.object({
  cycle_counts: z.array(z.object({ date: z.string(), count: z.number().int(), units_per_use: z.number().nullable(), unit_price: z.number() })),
  /** The latest cycle's unit price against the average of the earlier ones: lower is improving. */
  is_cost_improving: TrendSchema,
  /** Units per use in the latest cycle against the earlier ones: fewer is improving (less waste). */
  is_usage_improving: TrendSchema,
  /** One use at today's price: the latest units per use times the next lot's unit price, in dollars. */
  current_treatment_cost: z.number(),
  /** Number of cycles so far (receipts of the product at this location). */
  cycle: z.number().int(),
});
export type TrackingReport = z.infer<typeof TrackingReportSchema>;

export const CycleUnitPriceSchema = z.object({
  /** The unit price of the lot the next use will draw (first expiry first), or null with no usable stock. */
  unit_price: z.number().nullable(),
  /** Average over the units on the shelf, weighted by units left. */
  average_unit_price: z.number().nullable(),
  cycle: z.number().int(),
  /** With get-last-tracker: the latest cycle's figures. */
  last_tracker: z.object({ date: z.string(), count: z.number().int(), unit_price: z.number() }).nullable(),
});
export type CycleUnitPrice = z.infer<typeof CycleUnitPriceSchema>;

export interface CycleFacts {
  /** Receipt date (ISO). */
  date: string;
  unitPrice: number;
  uses: number;
  unitsUsed: number;
}

/** Lower is better for both costs and units per use. */
export function trendOf(latest: number | null, earlier: (number | null)[]): Trend {
  const known = earlier.filter((v): v is number => v !== null);
  if (latest === null || known.length === 0) return 'consistent';
  const average = known.reduce((a, b) => a + b, 0) / known.length;
  if (average === 0) return latest === 0 ? 'consistent' : 'declined';
  const change = (latest - average) / average;
  if (Math.abs(change) <= TREND_TOLERANCE) return 'consistent';
  return change < 0 ? 'improving' : 'declined';
}

const perUse = (c: CycleFacts) => (c.uses > 0 ? c.unitsUsed / c.uses : null);

/** `cycles` oldest first; `nextUnitPrice` is the price the next use would pay. */
export function trackingReport(cycles: CycleFacts[], totalCycles: number, nextUnitPrice: number | null): TrackingReport {
  const latest = cycles.at(-1);
  const earlier = cycles.slice(0, -1);
  // The latest cycle with uses says how much one use takes; a fresh lot has none yet.
  const lastWithUses = [...cycles].reverse().find((c) => c.uses > 0);
  const units = lastWithUses ? (perUse(lastWithUses) ?? 0) : 0;
  const price = nextUnitPrice ?? latest?.unitPrice ?? 0;
  return {
    cycle_counts: cycles.map((c) => ({ date: c.date, count: c.uses, units_per_use: perUse(c) === null ? null : Math.round((perUse(c) as number) * 1000) / 1000, unit_price: c.unitPrice })),
    is_cost_improving: trendOf(latest?.unitPrice ?? null, earlier.map((c) => c.unitPrice)),
    is_usage_improving: trendOf(lastWithUses ? perUse(lastWithUses) : null, cycles.filter((c) => c !== lastWithUses && c.uses > 0 && c.date <= (lastWithUses?.date ?? '')).map(perUse)),
    current_treatment_cost: amountOf(units, price),
    cycle: totalCycles,
  };
}
