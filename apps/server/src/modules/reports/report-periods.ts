/** Inclusive UTC days, YYYY-MM-DD. */
export interface DayRange {
  start: string;
  end: string;
}

/** A range as the whole calendar months inside it and the days at either end outside them. */
export interface RangePeriods {
  /** The first days of its first and last whole months; null when no month is whole. */
  months: DayRange | null;
  /** The days before the first whole month and after the last, zero to two ranges. */
  days: DayRange[];
}

const ONE_DAY_MS = 86_400_000;
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (value: string, days: number) => iso(new Date(day(value).getTime() + days * ONE_DAY_MS));
const firstOfMonth = (value: string) => `${value.slice(0, 7)}-01`;
const firstOfNextMonth = (value: string) => {
  const date = day(firstOfMonth(value));
  return iso(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)));
};

/**
 * Splits a range for the rollups (issue 37): its whole months are read from the monthly tables,
 * the days around them from the daily ones. 2025-11-29 to 2026-11-28 is December to October
 * whole, with 2025-11-29..30 and 2026-11-01..28 as days.
 */
export function rangePeriods(range: DayRange): RangePeriods {
  const firstWhole = range.start === firstOfMonth(range.start) ? range.start : firstOfNextMonth(range.start);
  // The day after the last whole month: the end's month is whole when the end is its last day.
  const afterWhole = addDays(range.end, 1) === firstOfNextMonth(range.end) ? addDays(range.end, 1) : firstOfMonth(range.end);
  if (firstWhole >= afterWhole) return { months: null, days: [range] };
  const days: DayRange[] = [];
  if (range.start < firstWhole) days.push({ start: range.start, end: addDays(firstWhole, -1) });
  if (afterWhole <= range.end) days.push({ start: afterWhole, end: range.end });
  return { months: { start: firstWhole, end: firstOfMonth(addDays(afterWhole, -1)) }, days };
}
