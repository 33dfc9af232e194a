// Reorder point and order-up-to level of a product at a location.
import type { DemandForecast } from './forecast';
import { compoundPoisson, demandOver } from './horizon';
import { fillRatePlanner } from './fill-rate';
import type { LeadTimeEstimate, LeadTimePoint } from './lead-time';
import { inverseNormal } from './normal';
import { MAX_ORDER_DAYS, economicOrder, type ShippingTerms } from './order-cost';

export const DEFAULT_SERVICE_LEVEL = 0.98;
export const MIN_SERVICE_LEVEL = 0.5;
export const MAX_SERVICE_LEVEL = 0.999;
export const DEFAULT_REVIEW_DAYS = 7;
/** Upper bound of the units searched for an intermittent item's quantile. */
const MAX_INTERMITTENT_UNITS = 10_000;
/** Integer levels from sums of fractions: 12.0000000001 is 12 units, not 13. */
const EPSILON = 1e-9;

export type LevelsSource = 'forecast' | 'minimum' | 'pinned';

export interface ReorderLevelsInput {
  forecast: DemandForecast;
  /** The distribution (issue 51) when known; else a normal spread of days ± sdDays. */
  leadTime: Pick<LeadTimeEstimate, 'days' | 'sdDays'> & { distribution?: LeadTimePoint[] };
  /**
   * Fill-rate target (issue 51): the share of units asked for the shelf serves. When given, the
   * reorder point is set by expected units short per cycle over the lead-time distribution and the
   * order quantity by `costs`; without it, the issue-35 cycle service level and review period.
   */
  fillRate?: number;
  /** Days a drafted order waits for a person to send it (fill-rate path; 1 by default, 0 when sent as drafted). */
  sendDelayDays?: number;
  /** What an order and a unit on the shelf cost: the order quantity balances them (fill-rate path). */
  costs?: { orderCost: number; holdingRate: number; unitPrice?: number; packSize?: number; linesPerOrder?: number; shipping?: ShippingTerms | null } | null;
  /** Cycle service level: the chance a lead time passes without running out (location setting). */
  serviceLevel?: number;
  /** Days between orders the order-up-to level covers beyond the reorder point (location setting). */
  reviewDays?: number;
  /** The product's Minimum Stock here: the reorder point never goes below it. */
  minimumStock?: number;
  /** Levels a location set by hand: they win over the forecast and the minimum. */
  pinned?: { reorderPoint: number; orderUpTo: number } | null;
  /**
   * Units the appointments already booked will take (issue 36, upcoming trays): within the lead
   * time, and within the lead time and the review period. Known use is a floor under the forecast.
   */
  scheduled?: { leadTime: number; withReview: number } | null;
}

export interface ReorderLevels {
  /** Order when usable + on order is at or below this (whole units). */
  reorderPoint: number;
  /** Order up to this, counting what is on order (whole units). */
  orderUpTo: number;
  safetyStock: number;
  /** Expected use over the lead time. */
  leadTimeDemand: number;
  source: LevelsSource;
  reason?: string;
  /** Fill-rate path: the fill the levels are expected to give. */
  expectedFill?: number;
  /** Fill-rate path: units an order brings, and why that many. */
  orderUnits?: number;
  why?: string;
}

function wholeUp(units: number): number {
  return Math.max(0, Math.ceil(units - EPSILON));
}

function clampServiceLevel(level: number | undefined): number {
  if (level === undefined || !Number.isFinite(level)) return DEFAULT_SERVICE_LEVEL;
  return Math.min(MAX_SERVICE_LEVEL, Math.max(MIN_SERVICE_LEVEL, level));
}

/**
 * Gauss–Hermite's three points for a normal lead time (μ - √3σ, μ, μ + √3σ, weighted 1/6, 2/3,
 * 1/6): exact for its first five moments, enough to spread an intermittent item's lead time
 * without a normal approximation of its demand.
 */
function leadTimePoints(days: number, sd: number): Array<{ days: number; weight: number }> {
  if (!(sd > 0)) return [{ days, weight: 1 }];
  const step = Math.sqrt(3) * sd;
  return [
    { days: Math.max(0, days - step), weight: 1 / 6 },
    { days, weight: 2 / 3 },
    { days: days + step, weight: 1 / 6 },
  ];
}

/**
 * Intermittent items: the smallest whole number of units that covers the lead time's use with
 * the service level's probability, the use being compound Poisson (uses at the SBA rate, sizes as
 * seen) and the lead time spread as above.
 */
function intermittentReorderPoint(forecast: DemandForecast, leadTime: Pick<LeadTimeEstimate, 'days' | 'sdDays'>, serviceLevel: number): number {
  const sizes = forecast.intermittent?.sizes ?? [{ units: 1, share: 1 }];
  const meanSize = sizes.reduce((s, x) => s + x.units * x.share, 0);
  const points = leadTimePoints(leadTime.days, leadTime.sdDays);
  const longest = points[points.length - 1]!.days;
  // Enough units to hold the upper tail: the mean plus many standard deviations of the longest lead time.
  const horizonMean = forecast.dailyMean * longest;
  const maxUnits = Math.min(MAX_INTERMITTENT_UNITS, Math.ceil(horizonMean + 12 * Math.sqrt(longest) * forecast.dailySd + 10 * meanSize + 10));
  const mixed = new Array<number>(maxUnits + 1).fill(0);
  for (const point of points) {
    const rate = (forecast.dailyMean * point.days) / meanSize;
    compoundPoisson(rate, sizes, maxUnits).forEach((p, k) => (mixed[k]! += point.weight * p));
  }
  let cumulative = 0;
  for (let k = 0; k <= maxUnits; k++) {
    cumulative += mixed[k]!;
    if (cumulative >= serviceLevel - EPSILON) return k;
  }
  return maxUnits;
}

/**
 * Reorder point = use over the lead time + safety stock; order-up-to = reorder point + use over
 * the review period. Safety stock for steady and weekly use is z(service level) ×
 * √(LT × σd² + d² × σLT²) (demand and lead time both uncertain, independent); for intermittent
 * use it is the compound-Poisson quantile less the mean. No forecast: the Minimum Stock is both
 * levels, as before this feature. Pinned levels are taken as they are. Where a forecast exists, the
 * units booked appointments will take (`scheduled`) are a floor under both levels.
 */
export function reorderLevels(input: ReorderLevelsInput): ReorderLevels {
  const levels = forecastLevels(input);
  const scheduled = input.scheduled;
  if (!scheduled || levels.source === 'pinned' || input.forecast.method === 'none' || !(input.forecast.dailyMean > 0)) return levels;
  // Appointments already booked take these units whatever the history says: a floor under both levels.
  const bookedPoint = wholeUp(scheduled.leadTime);
  const bookedUpTo = wholeUp(Math.max(scheduled.withReview, scheduled.leadTime));
  if (bookedPoint <= levels.reorderPoint && bookedUpTo <= levels.orderUpTo) return levels;
  const reorderPoint = Math.max(levels.reorderPoint, bookedPoint);
  const note = `Appointments booked within the lead time need ${String(bookedPoint)}; with the review period ${String(bookedUpTo)}`;
  return {
    ...levels,
    reorderPoint,
    // On the fill-rate path the order keeps its economic size above the raised reorder point.
    orderUpTo: Math.max(levels.orderUpTo, bookedUpTo, reorderPoint + (levels.orderUnits ?? 0)),
    safetyStock: Math.max(levels.safetyStock, reorderPoint - levels.leadTimeDemand),
    reason: [levels.reason, note].filter(Boolean).join('; '),
  };
}

function forecastLevels(input: ReorderLevelsInput): ReorderLevels {
  const { forecast, leadTime } = input;
  const minimum = Number.isFinite(input.minimumStock) && input.minimumStock! > 0 ? input.minimumStock! : 0;
  const reviewDays = Number.isFinite(input.reviewDays) && input.reviewDays! >= 0 ? input.reviewDays! : DEFAULT_REVIEW_DAYS;
  const serviceLevel = clampServiceLevel(input.serviceLevel);
  const lt = demandOver(forecast, leadTime.days);

  const pinned = input.pinned;
  if (pinned) {
    if (Number.isFinite(pinned.reorderPoint) && Number.isFinite(pinned.orderUpTo) && pinned.reorderPoint >= 0 && pinned.orderUpTo >= pinned.reorderPoint) {
      return { reorderPoint: pinned.reorderPoint, orderUpTo: pinned.orderUpTo, safetyStock: Math.max(0, pinned.reorderPoint - lt.mean), leadTimeDemand: lt.mean, source: 'pinned' };
    }
  }
  const pinnedNote = pinned ? 'The pinned levels are not usable (order-up-to below the reorder point, or not numbers) and are ignored' : undefined;
  const withNote = (reason: string | undefined) => {
    const text = [pinnedNote, reason].filter(Boolean).join('; ');
    return text ? { reason: text } : {};
  };

  if (forecast.method === 'none' || !(forecast.dailyMean > 0)) {
    return { reorderPoint: minimum, orderUpTo: minimum, safetyStock: 0, leadTimeDemand: 0, source: 'minimum', ...withNote(forecast.reason ?? 'No forecast: the Minimum Stock is the reorder point') };
  }

  if (input.fillRate !== undefined) return withMinimum(fillRateLevels(input, reviewDays), minimum, lt.mean, withNote);
  let reorderPoint: number;
  if (forecast.method === 'intermittent') {
    reorderPoint = intermittentReorderPoint(forecast, leadTime, serviceLevel);
  } else {
    const z = inverseNormal(serviceLevel);
    const sd = Math.sqrt(lt.variance + forecast.dailyMean ** 2 * leadTime.sdDays ** 2);
    reorderPoint = wholeUp(lt.mean + z * sd);
  }
  const reviewDemand = forecast.dailyMean * reviewDays;
  if (reorderPoint < minimum) {
    return {
      reorderPoint: minimum,
      orderUpTo: wholeUp(minimum + reviewDemand),
      safetyStock: Math.max(0, minimum - lt.mean),
      leadTimeDemand: lt.mean,
      source: 'minimum',
      ...withNote(`The Minimum Stock (${minimum}) is above the forecast's reorder point (${reorderPoint})`),
    };
  }
  return {
    reorderPoint,
    orderUpTo: wholeUp(reorderPoint + reviewDemand),
    safetyStock: Math.max(0, reorderPoint - lt.mean),
    leadTimeDemand: lt.mean,
    source: 'forecast',
    ...withNote(undefined),
  };
}

/**
 * Issue 51: the order quantity from ordering and holding cost (whole packs), then the smallest
 * reorder point whose expected units short per cycle keep the fill target, over the supplier's
 * lead-time distribution. Without a price or pack, the review period's use is the order.
 */
function fillRateLevels(input: ReorderLevelsInput, reviewDays: number): ReorderLevels {
  const { forecast, leadTime, costs } = input;
  const economic = costs?.unitPrice && costs.packSize ? economicOrder({ dailyUse: forecast.dailyMean, unitPrice: costs.unitPrice, packSize: costs.packSize, orderCost: costs.orderCost, holdingRate: costs.holdingRate, ...(costs.linesPerOrder ? { linesPerOrder: costs.linesPerOrder } : {}), shipping: costs.shipping ?? null }) : null;
  const orderUnits = economic?.units ?? Math.max(1, wholeUp(forecast.dailyMean * reviewDays));
  const why = economic?.why ?? `${orderUnits} units, ${reviewDays} days of use: no price or pack yet to weigh ordering against holding`;
  const points = leadTime.distribution?.length ? leadTime.distribution : leadTimePoints(leadTime.days, leadTime.sdDays).map((p) => ({ days: p.days, share: p.weight }));
  // Never below the lead time's expected use: with a large order a fill rate alone would accept
  // running short a little every cycle, which a clinic notices more than the units it counts.
  const planner = fillRatePlanner(forecast, points, input.sendDelayDays);
  let plan = planner(input.fillRate!, orderUnits, true);
  let chosen = { units: orderUnits, why };
  if (economic && costs?.unitPrice && costs.packSize && forecast.method === 'intermittent') {
    // Occasional use in whole units: the reorder point moves a unit at a time with the order size,
    // so the order size and the reorder point are chosen together, at the least yearly ordering,
    // cycle and safety stock cost (issue 51).
    const holding = costs.holdingRate * costs.unitPrice;
    const total = (packs: number, p: typeof plan) => economic.costAt(packs) + holding * Math.max(0, p.reorderPoint - p.leadTimeDemand);
    let best = total(economic.packs, plan);
    for (let packs = 1; packs <= Math.min(2 * economic.packs, economic.packs + 12); packs++) {
      if (packs === economic.packs || packs * costs.packSize > MAX_ORDER_DAYS * forecast.dailyMean + costs.packSize) continue;
      const other = planner(input.fillRate!, packs * costs.packSize, true);
      const cost = total(packs, other);
      if (cost < best - 1e-9) {
        best = cost;
        plan = other;
        const units = packs * costs.packSize;
        chosen = { units, why: `${units} unit${units === 1 ? '' : 's'} at a time: for occasional use the order size and the reorder point are weighed together, the least yearly cost of ordering and of the stock held for the fill target (${economic.units} by ordering against holding alone)` };
      }
    }
  }
  const reorderPoint = plan.reorderPoint;
  const { units: chosenUnits, why: chosenWhy } = chosen;
  return {
    reorderPoint,
    orderUpTo: reorderPoint + chosenUnits,
    safetyStock: Math.max(0, reorderPoint - plan.leadTimeDemand),
    leadTimeDemand: plan.leadTimeDemand,
    source: 'forecast',
    expectedFill: plan.expectedFill,
    orderUnits: chosenUnits,
    why: chosenWhy,
  };
}

/** The Minimum Stock as a floor under a forecast's levels, said so when it wins. */
function withMinimum(levels: ReorderLevels, minimum: number, leadTimeDemand: number, withNote: (reason: string | undefined) => { reason?: string }): ReorderLevels {
  if (levels.reorderPoint >= minimum) return { ...levels, ...withNote(undefined) };
  return {
    ...levels,
    reorderPoint: minimum,
    orderUpTo: minimum + (levels.orderUpTo - levels.reorderPoint),
    safetyStock: Math.max(0, minimum - leadTimeDemand),
    source: 'minimum',
    ...withNote(`The Minimum Stock (${minimum}) is above the forecast's reorder point (${levels.reorderPoint})`),
  };
}
