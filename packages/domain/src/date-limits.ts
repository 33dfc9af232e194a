/**
 * Years a date sent to the API may fall in (docs/decisions.md, "Dates"): wide enough for any
 * record or expiry a clinic keeps, narrow enough that the day after, a month later or a year back
 * is still a date PostgreSQL and JavaScript agree on (year 9999 asked for year 10000 and answered
 * 500). Every date and date-time a request carries goes through the schemas of fields.ts; they
 * live there, these limits here, where the web app reads them without building any schema.
 */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2200;
export const DATE_RANGE_MESSAGE = `Use a date from ${DATE_YEAR_MIN}-01-01 to ${DATE_YEAR_MAX}-12-31`;

/** How a day of a range asked about (reports, lists, audit) is written. */
export const RANGE_DAY_MESSAGE = 'Use a date like 2026-01-31';

/** Both forms start with the four digits of the year (zod's ISO formats allow no other). */
export const inDateRange = (iso: string) => {
  const year = Number(iso.slice(0, 4));
  return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;
};

/** A calendar day written YYYY-MM-DD (no 2026-02-30), as zod's `z.iso.date()` accepts. */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}
