// Lead time of a supplier, learned from its purchase orders: days from sent to received.

export const DEFAULT_LEAD_TIME_DAYS = 3;
/** The default's spread: a guess of a day either way until receipts say otherwise. */
export const DEFAULT_LEAD_TIME_SD = 1;
/** Receipts needed before the learned figure replaces the default. */
export const LEAD_TIME_MIN_SAMPLES = 3;
/** A receipt after this many days is a forgotten order, not a lead time. */
export const LEAD_TIME_MAX_DAYS = 200;
/** The latest receipts only, so a supplier that changed is followed. */
export const LEAD_TIME_WINDOW = 30;

export interface LeadTimeEstimate {
  days: number;
  sdDays: number;
  learned: boolean;
  /** Receipts the estimate rests on (bad data set aside). */
  samples: number;
  reason?: string;
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

function median(sorted: readonly number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Lead time from receipts' days (sent -> received, oldest first). Negative, non-numeric and
 * over-200-day samples are bad data and ignored. Outliers among the rest are screened with the
 * median and the median absolute deviation (Hampel's rule: more than 3 scaled MADs, and at
 * least 2 days, from the median) and counted at that bound (winsorized), then the mean and
 * standard deviation are the estimate: a delivery a month late moves it little, while a
 * supplier's usual jitter (often skewed late) still counts in full.
 */
export function learnLeadTime(samplesDays: readonly number[]): LeadTimeEstimate {
  const valid = samplesDays.filter((d) => Number.isFinite(d) && d >= 0 && d <= LEAD_TIME_MAX_DAYS);
  const bad = samplesDays.length - valid.length;
  const badReason = bad > 0 ? `${bad} receipt${bad === 1 ? '' : 's'} ignored (received before sent or after more than ${LEAD_TIME_MAX_DAYS} days)` : undefined;
  const recent = valid.slice(-LEAD_TIME_WINDOW);
  if (recent.length < LEAD_TIME_MIN_SAMPLES) {
    const wait = `${recent.length} of ${LEAD_TIME_MIN_SAMPLES} receipts seen: ${DEFAULT_LEAD_TIME_DAYS} days assumed`;
    return { days: DEFAULT_LEAD_TIME_DAYS, sdDays: DEFAULT_LEAD_TIME_SD, learned: false, samples: recent.length, reason: badReason ? `${wait}; ${badReason}` : wait };
  }
  const sorted = [...recent].sort((a, b) => a - b);
  const mid = median(sorted);
  const mad = 1.4826 * median(sorted.map((d) => Math.abs(d - mid)).sort((a, b) => a - b));
  const bound = Math.max(3 * mad, 2);
  const capped = recent.map((d) => Math.min(mid + bound, Math.max(mid - bound, d)));
  const days = capped.reduce((s, d) => s + d, 0) / capped.length;
  const sdDays = Math.sqrt(capped.reduce((s, d) => s + (d - days) ** 2, 0) / (capped.length - 1));
  const outliers = recent.filter((d) => Math.abs(d - mid) > bound).length;
  const notes = [badReason, outliers > 0 ? `${outliers} unusual receipt${outliers === 1 ? '' : 's'} capped at ${round1(bound)} days from the median (${round1(mid)} days)` : undefined].filter(Boolean);
  return { days, sdDays, learned: true, samples: recent.length, ...(notes.length > 0 ? { reason: notes.join('; ') } : {}) };
}
