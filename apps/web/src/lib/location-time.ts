/**
 * The time zone of the location the user works in (issue 53 item 3): the profile carries it, and
 * every date and time on the screens, and "today", follow it, whatever the device's own clock
 * says (an organization admin in New York reading the Los Angeles location sees its hours).
 * Without one (null), times show in the device's zone and "today" is the UTC day, which is the
 * day the server judges such a location's expiry by. The browser's Intl does the zone arithmetic
 * (no library: the first page carries this).
 */
let locationZone: string | null = null;

/** Set from the profile when it arrives or the user switches location; null after signing out. */
export function setLocationTimeZone(zone: string | null): void {
  locationZone = zone;
}

export function locationTimeZone(): string | null {
  return locationZone;
}

/** One formatter per zone ('' the device's): building one costs more than formatting. */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: string | undefined): Intl.DateTimeFormat {
  let format = formats.get(zone ?? '');
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit', hour12: true });
    formats.set(zone ?? '', format);
  }
  return format;
}

interface ClockParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  dayPeriod: string;
}

function partsIn(instant: Date, zone: string | undefined): ClockParts {
  const parts: Record<string, string> = {};
  for (const part of formatIn(zone).formatToParts(instant)) parts[part.type] = part.value;
  return parts as unknown as ClockParts;
}

/** An instant as the location's clock shows it: "12-06-2026" and "7:00 PM" (MM-DD-YYYY, the app's format). */
export function clockAt(instant: Date): { date: string; time: string } {
  const p = partsIn(instant, locationZone ?? undefined);
  return { date: `${p.month}-${p.day}-${p.year}`, time: `${p.hour}:${p.minute} ${p.dayPeriod}` };
}

/** The location's calendar day at an instant, as an ISO date (UTC's without a zone). */
export function locationDay(instant: Date = new Date()): string {
  const p = partsIn(instant, locationZone ?? 'UTC');
  return `${p.year}-${p.month}-${p.day}`;
}
