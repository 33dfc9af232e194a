import { z } from './zod';

/**
 * A location's time zone (issue 53): an IANA name, as the runtime's Intl knows them. A location
 * without one keeps UTC. UTC itself is allowed although some engines leave it out of the list.
 */
export function timeZoneNames(): readonly string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone')];
}

let known: Set<string> | undefined;
export function isTimeZone(name: string): boolean {
  known ??= new Set(timeZoneNames());
  return known.has(name);
}

export const TIME_ZONE_MESSAGE = 'Choose a time zone from the list (an IANA name such as America/Chicago)';
export const TimeZoneSchema = z.string().trim().refine(isTimeZone, TIME_ZONE_MESSAGE);

const EASTERN = 'America/New_York';
const CENTRAL = 'America/Chicago';
const MOUNTAIN = 'America/Denver';
const PACIFIC = 'America/Los_Angeles';

/**
 * The US states and territories whose whole territory keeps one zone, by postal code. States split
 * between zones propose none (AK, FL, ID, IN, KS, KY, MI, ND, NE, OR, SD, TN, TX), and so does
 * Arizona, whose Navajo Nation keeps daylight saving time while the rest of the state does not.
 */
const US_STATE_ZONES: Record<string, string | null> = {
  AL: CENTRAL, AK: null, AZ: null, AR: CENTRAL, CA: PACIFIC, CO: MOUNTAIN, CT: EASTERN, DE: EASTERN,
  DC: EASTERN, FL: null, GA: EASTERN, HI: 'Pacific/Honolulu', ID: null, IL: CENTRAL, IN: null,
  IA: CENTRAL, KS: null, KY: null, LA: CENTRAL, ME: EASTERN, MD: EASTERN, MA: EASTERN, MI: null,
  MN: CENTRAL, MS: CENTRAL, MO: CENTRAL, MT: MOUNTAIN, NE: null, NV: PACIFIC, NH: EASTERN,
  NJ: EASTERN, NM: MOUNTAIN, NY: EASTERN, NC: EASTERN, ND: null, OH: EASTERN, OK: CENTRAL, OR: null,
  PA: EASTERN, RI: EASTERN, SC: EASTERN, SD: null, TN: null, TX: null, UT: MOUNTAIN, VT: EASTERN,
  VA: EASTERN, WA: PACIFIC, WV: EASTERN, WI: CENTRAL, WY: MOUNTAIN,
  PR: 'America/Puerto_Rico', VI: 'America/St_Thomas', GU: 'Pacific/Guam', AS: 'Pacific/Pago_Pago', MP: 'Pacific/Saipan',
};

const US_STATE_NAMES: Record<string, string> = {
  alabama: 'AL', alaska: 'AK', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO',
  connecticut: 'CT', delaware: 'DE', 'district of columbia': 'DC', 'washington dc': 'DC', florida: 'FL',
  georgia: 'GA', hawaii: 'HI', idaho: 'ID', illinois: 'IL', indiana: 'IN', iowa: 'IA', kansas: 'KS',
  kentucky: 'KY', louisiana: 'LA', maine: 'ME', maryland: 'MD', massachusetts: 'MA', michigan: 'MI',
  minnesota: 'MN', mississippi: 'MS', missouri: 'MO', montana: 'MT', nebraska: 'NE', nevada: 'NV',
  'new hampshire': 'NH', 'new jersey': 'NJ', 'new mexico': 'NM', 'new york': 'NY', 'north carolina': 'NC',
  'north dakota': 'ND', ohio: 'OH', oklahoma: 'OK', oregon: 'OR', pennsylvania: 'PA', 'rhode island': 'RI',
  'south carolina': 'SC', 'south dakota': 'SD', tennessee: 'TN', texas: 'TX', utah: 'UT', vermont: 'VT',
  virginia: 'VA', washington: 'WA', 'west virginia': 'WV', wisconsin: 'WI', wyoming: 'WY',
  'puerto rico': 'PR', 'us virgin islands': 'VI', 'virgin islands': 'VI', guam: 'GU', 'american samoa': 'AS',
  'northern mariana islands': 'MP',
};

/**
 * The time zone a location's address points to, when only one fits: its state (a postal code or
 * the name, any case) lies wholly in one zone. Otherwise none, and the admin chooses.
 */
export function proposeTimeZone(address: { state: string }): string | null {
  const written = address.state.trim().replace(/\./g, '').replace(/\s+/g, ' ').toLowerCase();
  const code = written.length === 2 ? written.toUpperCase() : US_STATE_NAMES[written];
  return (code && US_STATE_ZONES[code]) ?? null;
}

/** The calendar day (YYYY-MM-DD) and hour (0–23) of an instant at a time zone (none: UTC), by Intl. */
export function localTime(instant: Date, timeZone: string | null): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}
