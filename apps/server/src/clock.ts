/**
 * The calendar day of an instant, as an ISO date. Expiry dates are days without a time zone;
 * the server compares them with the UTC day (docs/decisions.md, Stock).
 */
export function isoDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
