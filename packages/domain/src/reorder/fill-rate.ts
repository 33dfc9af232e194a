// The reorder point that reaches a fill rate (issue 51): the share of units asked for that the
// shelf serves. A cycle service level (issue 35) counts the chance of running out at all, so a
// missed use of 20 units weighs no more than a missed use of one; the fill rate counts units.
//
// Expected units short per replenishment cycle, for a reorder point s and an order of Q units
// (Hadley & Whitin; Silver, Pyke & Thomas, ch. 7): ESC(s) = E[(X - s)+] - E[(X - s - Q)+], where X
// is the use over the lead time plus the undershoot (how far below s the nightly review finds the
// position, since use comes in lumps). Fill = 1 - ESC / (Q + E[undershoot]). The lead time is the
// supplier's empirical distribution (lead-time.ts), mixed exactly: a normal per lead time for
// steady and weekly use, Panjer's compound Poisson per lead time for occasional use.
import type { DemandForecast } from './forecast';
import { compoundPoisson, demandOver } from './horizon';
import type { LeadTimePoint } from './lead-time';

export const DEFAULT_FILL_RATE = 0.99;
export const MIN_FILL_RATE = 0.5;
export const MAX_FILL_RATE = 0.999;
/** Upper bound of the units an occasional item's distribution is built over. */
const MAX_UNITS = 20_000;

export interface FillRatePlan {
  /** Smallest whole reorder point whose expected fill reaches the target. */
  reorderPoint: number;
  /** Fill expected at that reorder point and order quantity. */
  expectedFill: number;
  /** Expected use over the lead time (mixed over its distribution). */
  leadTimeDemand: number;
  /** Expected units below the reorder point when an order is triggered. */
  undershoot: number;
}

export function clampFillRate(rate: number | undefined): number {
  if (rate === undefined || !Number.isFinite(rate)) return DEFAULT_FILL_RATE;
  return Math.min(MAX_FILL_RATE, Math.max(MIN_FILL_RATE, rate));
}

/** erfc (Numerical Recipes' erfcc): fractional error under 1.2e-7, enough for units short. */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851638 + t * (-0.82215223 + t * 0.17087277)))))))));
  return x >= 0 ? r : 2 - r;
}

/** E[(X - s)+] for X normal (mean, sd): the standard normal loss function scaled. */
function normalLoss(mean: number, sd: number, s: number): number {
  if (!(sd > 0)) return Math.max(0, mean - s);
  const z = (s - mean) / sd;
  const pdf = Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
  const tail = 0.5 * erfc(z / Math.SQRT2);
  return sd * (pdf - z * tail);
}

/**
 * Days of use a reorder point must cover for a delivery taking `days`: the review that finds the
 * position at or below it is at night, after the day's use, so the days before the delivery are
 * days - 1, plus the days the order waits for a person to send it (`sendDelay`: the draft is
 * reviewed the next day, 1 by default; 0 when orders go out as they are drafted).
 */
const protection = (days: number, sendDelay: number) => Math.max(0, days - 1 + sendDelay);
export const DEFAULT_SEND_DELAY_DAYS = 1;

/** A loss function E[(X - s)+] over the demand model, and X's mean. */
interface Loss {
  mean: number;
  undershoot: number;
  at(s: number): number;
  /** A reorder point certainly high enough. */
  ceiling: number;
}

function normalMixture(forecast: DemandForecast, points: readonly LeadTimePoint[], sendDelay: number): Loss {
  // The nightly review finds the position up to a day's use below s: its mean and variance
  // (renewal theory, a day's use as the jump; uniform on [0, one day] when use is certain).
  const mu = forecast.dailyMean;
  const second = forecast.dailySd ** 2 + mu ** 2;
  const undershoot = Math.max(0, (second - mu) / (2 * mu));
  const underVar = Math.max(0, (mu ** 2 + 3 * forecast.dailySd ** 2) / 3 - undershoot ** 2);
  const parts = points.map((p) => {
    const h = demandOver(forecast, protection(p.days, sendDelay));
    return { share: p.share, mean: h.mean + undershoot, sd: Math.sqrt(h.variance + underVar) };
  });
  const mean = parts.reduce((s, p) => s + p.share * p.mean, 0);
  const ceiling = Math.ceil(Math.max(...parts.map((p) => p.mean + 8 * p.sd)) + 1);
  return { mean: mean - undershoot, undershoot, ceiling, at: (s) => parts.reduce((sum, p) => sum + p.share * normalLoss(p.mean, p.sd, s), 0) };
}

function discreteMixture(forecast: DemandForecast, points: readonly LeadTimePoint[], sendDelay: number): Loss {
  const sizes = forecast.intermittent?.sizes ?? [{ units: 1, share: 1 }];
  const meanSize = sizes.reduce((s, x) => s + x.units * x.share, 0);
  const biggest = Math.max(...sizes.map((x) => x.units));
  const longest = protection(Math.max(...points.map((p) => p.days)), sendDelay);
  const maxUnits = Math.min(MAX_UNITS, Math.ceil(forecast.dailyMean * longest + 12 * Math.sqrt(longest) * forecast.dailySd + 12 * biggest + 10));
  const demand = new Float64Array(maxUnits + 1);
  for (const p of points) {
    const rate = (forecast.dailyMean * protection(p.days, sendDelay)) / meanSize;
    compoundPoisson(rate, sizes, maxUnits).forEach((q, k) => (demand[k]! += p.share * q));
  }
  // Undershoot: P(U = u) = P(size > u) / E[size], u = 0.. biggest - 1.
  const under = Array.from({ length: biggest }, (_, u) => sizes.filter((x) => x.units > u).reduce((s, x) => s + x.share, 0) / meanSize);
  const undershoot = under.reduce((s, q, u) => s + u * q, 0);
  const total = new Float64Array(maxUnits + 1);
  for (let k = 0; k <= maxUnits; k++) {
    if (demand[k] === 0) continue;
    for (let u = 0; u < under.length && k + u <= maxUnits; u++) total[k + u]! += demand[k]! * under[u]!;
  }
  // loss[s] = E[(X - s)+] = sum over k > s of P(X >= k), built from the top.
  const loss = new Float64Array(maxUnits + 2);
  let above = 0;
  for (let s = maxUnits; s >= 0; s--) {
    loss[s] = loss[s + 1]! + above;
    above += total[s]!;
  }
  const mean = loss[0]!;
  return { mean: mean - undershoot, undershoot, ceiling: maxUnits, at: (s) => (s <= 0 ? mean - s : s > maxUnits ? 0 : loss[s]!) };
}

/**
 * The smallest whole reorder point whose expected fill, with orders of `orderUnits`, reaches
 * `fillRate`; exact over the lead-time distribution, deterministic. `atLeastMean`: never below the
 * lead time's expected use (the fill is then the one there).
 */
export function fillRateReorderPoint(forecast: DemandForecast, leadTime: readonly LeadTimePoint[], fillRate: number, orderUnits: number, atLeastMean = false, sendDelay = DEFAULT_SEND_DELAY_DAYS): FillRatePlan {
  return fillRatePlanner(forecast, leadTime, sendDelay)(fillRate, orderUnits, atLeastMean);
}

/**
 * The same for several order sizes: the use over the lead time is built once (an occasional
 * item's compound-Poisson distribution is the costly part), each order size then bisected.
 */
export function fillRatePlanner(forecast: DemandForecast, leadTime: readonly LeadTimePoint[], sendDelay = DEFAULT_SEND_DELAY_DAYS): (fillRate: number, orderUnits: number, atLeastMean?: boolean) => FillRatePlan {
  const points = leadTime.length > 0 ? leadTime : [{ days: 1, share: 1 }];
  const loss = forecast.method === 'intermittent' ? discreteMixture(forecast, points, sendDelay) : normalMixture(forecast, points, sendDelay);
  return (fillRate, orderUnits, atLeastMean = false) => planFor(loss, fillRate, orderUnits, atLeastMean);
}

function planFor(loss: Loss, fillRate: number, orderUnits: number, atLeastMean: boolean): FillRatePlan {
  const q = Math.max(1, orderUnits);
  const cycle = q + loss.undershoot;
  const short = (s: number) => loss.at(s) - loss.at(s + q);
  const allowed = (1 - clampFillRate(fillRate)) * cycle;
  // Units short fall as s rises: bisection over whole units, from the floor up.
  const leadTimeDemand = loss.mean;
  let lo = atLeastMean ? Math.max(0, Math.ceil(loss.mean - 1e-9)) : 0;
  let hi = Math.max(lo + 1, loss.ceiling);
  if (short(lo) <= allowed) hi = lo;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (short(mid) <= allowed) hi = mid;
    else lo = mid;
  }
  return { reorderPoint: hi, expectedFill: Math.min(1, Math.max(0, 1 - short(hi) / cycle)), leadTimeDemand, undershoot: loss.undershoot };
}
