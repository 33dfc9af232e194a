// Demand over the coming days (a lead time, a review period) from a forecast.
import type { DemandForecast } from './forecast';

export interface HorizonDemand {
  mean: number;
  variance: number;
}

/**
 * Expected use and its variance over the next `days` days, today first (a fraction of a day
 * counts its share). The days' spread is taken as independent, days × a day's variance; the
 * level's own error (`levelSd`) is the same on each day, so it counts (days × levelSd)². A weekly
 * forecast sums its weekday profile, so a lead time over a weekend expects less.
 */
export function demandOver(forecast: DemandForecast, days: number): HorizonDemand {
  const span = Number.isFinite(days) && days > 0 ? days : 0;
  const variance = span * forecast.dailySd ** 2 + (span * (forecast.levelSd ?? 0)) ** 2;
  const profile = forecast.weekProfile;
  if (forecast.method !== 'weekly' || !profile || profile.length !== 7) return { mean: span * forecast.dailyMean, variance };
  let mean = 0;
  const whole = Math.floor(span);
  for (let d = 0; d < whole; d++) mean += profile[d % 7]!;
  mean += (span - whole) * profile[whole % 7]!;
  return { mean, variance };
}

/**
 * P(D = k) for k = 0..maxUnits of compound-Poisson demand: uses arrive at `rate` over the
 * horizon, each taking whole units with the given shares. Panjer's recursion (1981) gives the
 * exact distribution in O(maxUnits × sizes), where a normal approximation would misplace the
 * quantiles of a product used a few times a quarter.
 */
export function compoundPoisson(rate: number, sizes: ReadonlyArray<{ units: number; share: number }>, maxUnits: number): number[] {
  const p = new Array<number>(maxUnits + 1).fill(0);
  p[0] = Math.exp(-rate);
  for (let k = 1; k <= maxUnits; k++) {
    let sum = 0;
    for (const { units, share } of sizes) if (units <= k) sum += units * share * p[k - units]!;
    p[k] = (rate / k) * sum;
  }
  return p;
}
