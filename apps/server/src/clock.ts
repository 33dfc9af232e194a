/**
 * The calendar day of an instant, as an ISO date. Expiry dates are days without a time zone;
 * the server compares them with the UTC day (docs/decisions.md, Stock).
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
