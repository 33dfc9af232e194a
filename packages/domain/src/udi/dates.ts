/** Calendar helpers for label dates: every result is an ISO date (yyyy-mm-dd) or undefined. */

function iso(year: number, month: number, day: number): string {
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function lastDayOf(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A two-digit year in the century the GS1 General Specifications (7.12) pick: up to 50 years
 * ahead of this year or 49 behind. HIBC dates use the same window.
 */
export function fullYear(yy: number, thisYear = new Date().getUTCFullYear()): number {
  const century = Math.floor(thisYear / 100) * 100;
  const diff = yy - (thisYear % 100);
  if (diff >= 51) return century - 100 + yy;
  if (diff <= -50) return century + 100 + yy;
  return century + yy;
}

/** A day of 0 stands for the last day of the month (GS1 7.12; HIBC MMYY dates). */
export function dateOf(year: number, month: number, day: number): string | undefined {
  if (!Number.isInteger(year) || month < 1 || month > 12) return undefined;
  const last = lastDayOf(year, month);
  const d = day === 0 ? last : day;
  return d >= 1 && d <= last ? iso(year, month, d) : undefined;
}

/** YYMMDD. */
export function fromYymmdd(text: string): string | undefined {
  if (!/^\d{6}$/.test(text)) return undefined;
  return dateOf(fullYear(Number(text.slice(0, 2))), Number(text.slice(2, 4)), Number(text.slice(4, 6)));
}

/** YYYYMMDD. */
export function fromYyyymmdd(text: string): string | undefined {
  if (!/^\d{8}$/.test(text)) return undefined;
  const day = Number(text.slice(6, 8));
  return day === 0 ? undefined : dateOf(Number(text.slice(0, 4)), Number(text.slice(4, 6)), day);
}

/** YYJJJ: the JJJth day of the year. */
export function fromYyjjj(text: string): string | undefined {
  if (!/^\d{5}$/.test(text)) return undefined;
  const year = fullYear(Number(text.slice(0, 2)));
  const dayOfYear = Number(text.slice(2, 5));
  const leap = new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1;
  if (dayOfYear < 1 || dayOfYear > (leap ? 366 : 365)) return undefined;
  return new Date(Date.UTC(year, 0, dayOfYear)).toISOString().slice(0, 10);
}
