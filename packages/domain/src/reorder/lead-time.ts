// Lead time of a supplier, learned from its purchase orders: days from sent to received.
//
// Issue 51: the lead time is the distribution of the supplier's recent receipts as they came,
// late ones included. A supplier late one delivery in five by a week or two has two humps (on
// time, or late); capping the late ones as outliers (as issue 35 did) learned 6.7 days where it
// really took 8, and a normal spread around the mean misplaced the late hump. Only a time that is
// clearly not a delivery time is left out, and said so: an order left open for months and
// received (or closed by a receipt) long after.

export const DEFAULT_LEAD_TIME_DAYS = 3;
/** Receipts needed before the learned figure replaces the default. */
export const LEAD_TIME_MIN_SAMPLES = 3;
/** Fewer receipts than this: each one also counts a day early and a day late (a small sample's spread). */
export const LEAD_TIME_FEW_SAMPLES = 10;
/** A receipt after this many days and over FORGOTTEN_FACTOR times the usual time is an order left open, not a lead time. */
export const LEAD_TIME_FORGOTTEN_DAYS = 45;
export const LEAD_TIME_FORGOTTEN_FACTOR = 4;
/** The latest receipts only, so a supplier that changed is followed. */
export const LEAD_TIME_WINDOW = 30;

/** One whole number of days and the share of deliveries that take it. */
export interface LeadTimePoint {
  days: number;
  share: number;
}

export interface LeadTimeEstimate {
  /** Mean of the distribution. */
  days: number;
  sdDays: number;
  learned: boolean;
  /** Receipts the estimate rests on (bad data and forgotten orders set aside). */
  samples: number;
  /** Whole days from order to delivery and their shares, shortest first; the shares sum to 1. */
  distribution: LeadTimePoint[];
  /** Share of deliveries later than the usual (median) time by more than 3 days: shown, never cut. */
  lateShare: number;
  reason?: string;
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

function median(sorted: readonly number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Whole days from a receipt's days: a delivery 2.7 days after sending is there on the third day. */
function wholeDays(d: number): number {
  return Math.max(0, Math.round(d));
}

/**
 * The samples' distribution in whole days. Few samples: each also counts half a share a day
 * early and a day late (a kernel of ¼, ½, ¼), since three receipts of 5 days do not prove the
 * supplier never takes 6.
 */
export function leadTimeDistribution(samples: readonly number[], spread: boolean): LeadTimePoint[] {
  const weights = new Map<number, number>();
  const add = (days: number, w: number) => weights.set(days, (weights.get(days) ?? 0) + w);
  for (const s of samples) {
    const d = wholeDays(s);
    if (spread) {
      add(Math.max(0, d - 1), 0.25);
      add(d, 0.5);
      add(d + 1, 0.25);
    } else add(d, 1);
  }
  return [...weights.entries()].sort((a, b) => a[0] - b[0]).map(([days, w]) => ({ days, share: w / samples.length }));
}

function moments(distribution: readonly LeadTimePoint[]): { days: number; sdDays: number } {
  const days = distribution.reduce((s, p) => s + p.days * p.share, 0);
  const variance = distribution.reduce((s, p) => s + (p.days - days) ** 2 * p.share, 0);
  return { days, sdDays: Math.sqrt(variance) };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Lead time from receipts' days (sent -> received, oldest first). Negative and non-numeric
 * samples are bad data; a receipt after more than 45 days and more than four times the others'
 * median is an order left open, not a delivery time: both are left out, with the reason. Every
 * other receipt counts as it came, late ones included.
 */
export function learnLeadTime(samplesDays: readonly number[]): LeadTimeEstimate {
  const valid = samplesDays.filter((d) => Number.isFinite(d) && d >= 0);
  const bad = samplesDays.length - valid.length;
  const usual = valid.length > 0 ? median([...valid].sort((a, b) => a - b)) : DEFAULT_LEAD_TIME_DAYS;
  const forgotten = valid.filter((d) => d > LEAD_TIME_FORGOTTEN_DAYS && d > LEAD_TIME_FORGOTTEN_FACTOR * usual);
  const kept = valid.filter((d) => !forgotten.includes(d));
  const notes = [
    bad > 0 ? `${plural(bad, 'receipt')} ignored (received before sent, or no date)` : undefined,
    forgotten.length > 0
      ? `${plural(forgotten.length, 'order')} left out as left open, not a delivery time (received after ${forgotten.map((d) => String(Math.round(d))).join(', ')} days, where this supplier usually takes ${round1(usual)})`
      : undefined,
  ].filter((n): n is string => n !== undefined);
  const recent = kept.slice(-LEAD_TIME_WINDOW);
  if (recent.length < LEAD_TIME_MIN_SAMPLES) {
    // Until three receipts are seen: the default, or the later of it and what was seen, a day either way.
    const seen = recent.length > 0 ? Math.max(...recent.map(wholeDays)) : 0;
    const assumed = Math.max(DEFAULT_LEAD_TIME_DAYS, seen);
    const distribution = leadTimeDistribution([assumed], true);
    const wait = `${recent.length} of ${LEAD_TIME_MIN_SAMPLES} receipts seen: ${assumed} days assumed`;
    return { days: assumed, sdDays: moments(distribution).sdDays, learned: false, samples: recent.length, distribution, lateShare: 0, reason: [wait, ...notes].join('; ') };
  }
  const few = recent.length < LEAD_TIME_FEW_SAMPLES;
  const distribution = leadTimeDistribution(recent, few);
  const { days, sdDays } = moments(distribution);
  const middle = median([...recent].sort((a, b) => a - b));
  const late = recent.filter((d) => d > middle + 3).length;
  if (few) notes.push(`${recent.length} receipts only: each also counted a day early and a day late`);
  if (late > 0) notes.push(`${late} of ${recent.length} deliveries more than 3 days late (usual ${round1(middle)} days): planned for`);
  return { days, sdDays, learned: true, samples: recent.length, distribution, lateShare: late / recent.length, ...(notes.length > 0 ? { reason: notes.join('; ') } : {}) };
}
