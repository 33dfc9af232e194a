/**
 * The UTC calendar day of an instant, as an ISO date: day arithmetic (windows, look-backs) on
 * days written as UTC midnights. A location's "today", which expiry is judged by, is
 * db/location-day.ts's locationDay (its own time zone).
 */
export function isoDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The same day n months later (UTC), as subscription periods count. */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}
