// Daily use forecast for one product at one location, from the ledger's daily use (visits and
// manual use; the caller leaves out write-offs, returns, transfers and counts).
//
// The input is oldest first and ends yesterday, so "today" is the day after its last value.
// Three methods, chosen by the history's shape:
// - intermittent: the average interval between uses (ADI) is above 1.32 days, the cut-off of
//   Syntetos, Boylan & Croston (2005, "On the categorization of demand patterns"). Croston's
//   method (1972) smooths the sizes and the intervals apart; the Syntetos–Boylan approximation
//   (SBA, 2005) removes its bias with the factor (1 - alpha/2). A daily average would spread an
//   implant a month over every day and a normal quantile would then plan for a fraction of one.
// - weekly: the day-of-week means differ significantly (a one-way analysis of variance by
//   weekday, F above WEEKLY_F): seasonal indices as in classical decomposition, so the weekend
//   of a clinic closed on Sundays is not read as intermittent use.
// - steady: simple exponential smoothing (Brown), its spread from the one-step-ahead errors.

/** Syntetos–Boylan–Croston cut-off on the average inter-demand interval. */
export const INTERMITTENT_ADI = 1.32;
/** Smoothing constant for the level and for Croston's size and interval (0.1 is the usual one). */
export const SMOOTHING_ALPHA = 0.1;
/** F above which the weekday means differ (about the 1% point of F(6, 50+)): a conservative test. */
export const WEEKLY_F = 3;
/** Three full weeks before a weekday pattern is believed. */
const WEEKLY_MIN_DAYS = 21;
/** A weekday is "open" when at least half of its days saw use. */
const OPEN_DAY_SHARE = 0.5;

export type ForecastMethod = 'none' | 'steady' | 'weekly' | 'intermittent';

export interface IntermittentDemand {
  /** Smoothed days between uses (Croston's p). */
  interval: number;
  /** Smoothed units per use (Croston's z). */
  size: number;
  /** How many units a use took, as seen in the history: the shape of a lead time's demand. */
  sizes: Array<{ units: number; share: number }>;
}

export interface DemandForecast {
  method: ForecastMethod;
  /** Expected units a day. */
  dailyMean: number;
  /** Standard deviation of one day's use around the forecast. */
  dailySd: number;
  /**
   * Standard error of the smoothed level itself (steady and weekly use). The level is an estimate:
   * its error is the same on every day of a lead time, so it adds (days × levelSd)² to the lead
   * time's variance where the days' own spread adds days × dailySd². Left out, a level still
   * catching up with a step in use planned too little (issue 51: the step pattern filled 98.6%).
   */
  levelSd?: number;
  /** Days of history read. */
  days: number;
  /** 'weekly' only: the expected use of the next 7 days, today first. */
  weekProfile?: number[];
  /** 'intermittent' only. */
  intermittent?: IntermittentDemand;
  /** Why there is no forecast ('none'). */
  reason?: string;
}

/** Units used a day: anything not a finite number of 0 or more counts as no use. */
function clean(dailyUse: readonly number[]): number[] {
  return dailyUse.map((u) => (Number.isFinite(u) && u > 0 ? u : 0));
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((s, v) => s + v, 0) / values.length;
}

/** Weekday slot of day i, 0 being today's weekday (the input ends yesterday). */
function slotOf(i: number, days: number): number {
  return (((i - days) % 7) + 7) % 7;
}

interface WeekdayStats {
  means: number[];
  openShare: number[];
  /** Variance of the days around their weekday's mean (pooled). */
  within: number;
  f: number;
}

function weekdayStats(use: readonly number[]): WeekdayStats {
  const groups: number[][] = Array.from({ length: 7 }, () => []);
  use.forEach((u, i) => groups[slotOf(i, use.length)]!.push(u));
  const means = groups.map(mean);
  const openShare = groups.map((g) => (g.length === 0 ? 0 : g.filter((u) => u > 0).length / g.length));
  const grand = mean(use);
  let between = 0;
  let within = 0;
  groups.forEach((g, k) => {
    between += g.length * (means[k]! - grand) ** 2;
    for (const u of g) within += (u - means[k]!) ** 2;
  });
  const withinVar = within / Math.max(1, use.length - 7);
  const betweenVar = between / 6;
  const f = withinVar > 0 ? betweenVar / withinVar : betweenVar > 0 ? Infinity : 0;
  return { means, openShare, within: withinVar, f };
}

/**
 * The standard error of a level smoothed with α over days of spread σ: σ √(α / (2 − α)), the
 * variance of simple exponential smoothing's estimate (Brown, 1959; Silver, Pyke and Peterson,
 * ch. 4): about 0.23 σ at α = 0.1.
 */
const smoothedLevelSd = (dailySd: number) => dailySd * Math.sqrt(SMOOTHING_ALPHA / (2 - SMOOTHING_ALPHA));

function steady(use: readonly number[]): DemandForecast {
  // Brown's simple exponential smoothing started at the window's mean, so a short window's first
  // days do not weigh on the level; its one-step-ahead errors measure the day's spread.
  let level = mean(use);
  let squared = 0;
  for (const u of use) {
    squared += (u - level) ** 2;
    level += SMOOTHING_ALPHA * (u - level);
  }
  const dailySd = Math.sqrt(squared / use.length);
  return { method: 'steady', dailyMean: level, dailySd, levelSd: smoothedLevelSd(dailySd), days: use.length };
}

function weekly(use: readonly number[], stats: WeekdayStats): DemandForecast {
  // Seasonal indices from the window's weekday means; the level smoothed like steady use over the
  // deseasonalized days (issue 51), so a rhythm whose level rose or stepped is followed within
  // weeks instead of lagging half the window behind.
  const grand = mean(stats.means);
  const indices = stats.means.map((m) => (grand > 0 ? m / grand : 1));
  let level = grand;
  use.forEach((u, i) => {
    const index = indices[slotOf(i, use.length)]!;
    if (index > 0) level += SMOOTHING_ALPHA * (u / index - level);
  });
  return {
    method: 'weekly',
    dailyMean: level,
    dailySd: Math.sqrt(stats.within),
    levelSd: smoothedLevelSd(Math.sqrt(stats.within)),
    days: use.length,
    weekProfile: indices.map((x) => x * level),
  };
}

function intermittent(use: readonly number[]): DemandForecast {
  const uses = use.map((u, i) => ({ u, i })).filter((d) => d.u > 0);
  // Croston's estimates start at the window's averages (uses per day read over the whole window,
  // since the gaps before the first use and after the last are cut by its edges) and are then
  // smoothed through the intervals seen between uses, so the latest weigh most (α = 0.1).
  let size = mean(uses.map((d) => d.u));
  let interval = use.length / uses.length;
  uses.forEach(({ u, i }, n) => {
    size += SMOOTHING_ALPHA * (u - size);
    if (n > 0) interval += SMOOTHING_ALPHA * (i - uses[n - 1]!.i - interval);
  });
  // SBA: Croston's z/p overstates the mean; (1 - α/2) is Syntetos and Boylan's correction.
  const dailyMean = (1 - SMOOTHING_ALPHA / 2) * (size / interval);
  const counts = new Map<number, number>();
  for (const { u } of uses) {
    const units = Math.max(1, Math.round(u));
    counts.set(units, (counts.get(units) ?? 0) + 1);
  }
  const sizes = [...counts.entries()].sort((a, b) => a[0] - b[0]).map(([units, n]) => ({ units, share: n / uses.length }));
  // A day's variance as a compound Bernoulli: a use with probability q of a size drawn from
  // `sizes`, q set so that q × E[size] is the SBA mean.
  const meanSize = sizes.reduce((s, x) => s + x.units * x.share, 0);
  const meanSquare = sizes.reduce((s, x) => s + x.units * x.units * x.share, 0);
  const q = Math.min(1, dailyMean / meanSize);
  const variance = q * meanSquare - (q * meanSize) ** 2;
  return {
    method: 'intermittent',
    dailyMean,
    dailySd: Math.sqrt(Math.max(0, variance)),
    days: use.length,
    intermittent: { interval, size, sizes },
  };
}

/**
 * Forecast of daily use from the last weeks of daily used units (oldest first, ending
 * yesterday; 8–12 weeks is the intended window).
 */
export function forecastDemand(dailyUse: readonly number[]): DemandForecast {
  const use = clean(dailyUse);
  const useDays = use.filter((u) => u > 0).length;
  if (useDays === 0) {
    const weeks = Math.round(use.length / 7);
    const span = use.length === 0 ? 'No use history' : `No use recorded in the last ${weeks >= 2 ? `${weeks} weeks` : `${use.length} days`}`;
    return { method: 'none', dailyMean: 0, dailySd: 0, days: use.length, reason: `${span}: the Minimum Stock is the reorder point` };
  }
  const adi = use.length / useDays;
  const stats = use.length >= WEEKLY_MIN_DAYS ? weekdayStats(use) : null;
  const significant = stats !== null && stats.f > WEEKLY_F;
  if (adi <= INTERMITTENT_ADI) return significant ? weekly(use, stats) : steady(use);
  if (significant) {
    // Use on most open days and none on the closed ones is a weekly rhythm, not intermittence.
    const open = stats.openShare.map((s, k) => ({ s, k })).filter((x) => x.s >= OPEN_DAY_SHARE);
    const openDays = use.filter((_, i) => open.some((x) => x.k === slotOf(i, use.length)));
    const openUseDays = openDays.filter((u) => u > 0).length;
    if (openUseDays > 0 && openDays.length / openUseDays <= INTERMITTENT_ADI) return weekly(use, stats);
  }
  return intermittent(use);
}

/**
 * The days of a history since the product's first receipt at the location (issue 51): days before
 * it are not "no use" but "not here yet", and padding them with zeros made a product used twice a
 * day look occasional at 0.8 a day. Use recorded before the first receipt (stock taken on at a
 * count or an import) moves the start back to that use. `daysSinceFirstReceipt` null: never
 * received, the whole window.
 */
export function historySinceFirstReceipt(dailyUse: readonly number[], daysSinceFirstReceipt: number | null): number[] {
  if (daysSinceFirstReceipt === null || !Number.isFinite(daysSinceFirstReceipt)) return [...dailyUse];
  const firstUse = dailyUse.findIndex((u) => u > 0);
  const sinceUse = firstUse < 0 ? 0 : dailyUse.length - firstUse;
  const keep = Math.max(sinceUse, Math.min(dailyUse.length, Math.floor(Math.max(0, daysSinceFirstReceipt))));
  return dailyUse.slice(dailyUse.length - keep);
}
