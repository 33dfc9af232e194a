import { describe, expect, it } from 'vitest';
import { isTimeZone, localTime, proposeTimeZone, timeZoneNames, TimeZoneSchema } from './time-zones';
import './zod';

describe('proposeTimeZone', () => {
  it.each([
    ['CA', 'America/Los_Angeles'],
    ['ca', 'America/Los_Angeles'],
    [' California ', 'America/Los_Angeles'],
    ['NY', 'America/New_York'],
    ['new  york', 'America/New_York'],
    ['D.C.', 'America/New_York'],
    ['IL', 'America/Chicago'],
    ['Colorado', 'America/Denver'],
    ['HI', 'Pacific/Honolulu'],
    ['PR', 'America/Puerto_Rico'],
  ])('a state wholly in one zone: %j → %s', (state, zone) => {
    expect(proposeTimeZone({ state })).toBe(zone);
  });

  it.each(['TX', 'Texas', 'FL', 'IN', 'KY', 'TN', 'MI', 'ND', 'SD', 'NE', 'KS', 'ID', 'OR', 'AK', 'AZ'])('a state split between zones proposes none: %s', (state) => {
    expect(proposeTimeZone({ state })).toBeNull();
  });

  it.each(['', 'Lazio', 'XX', 'Ontario'])('an address it cannot place proposes none: %j', (state) => {
    expect(proposeTimeZone({ state })).toBeNull();
  });

  it('proposes only zones the runtime knows', () => {
    const states = ['AL', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'GA', 'HI', 'IL', 'IA', 'LA', 'ME', 'MD', 'MA', 'MN', 'MS', 'MO', 'MT', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'OH', 'OK', 'PA', 'RI', 'SC', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'PR', 'VI', 'GU', 'AS', 'MP'];
    for (const state of states) expect(isTimeZone(proposeTimeZone({ state }) ?? 'none'), state).toBe(true);
  });
});

describe('TimeZoneSchema', () => {
  it.each(['America/Los_Angeles', 'Europe/Rome', 'UTC'])('takes %s', (zone) => {
    expect(TimeZoneSchema.safeParse(zone).success).toBe(true);
  });
  it.each(['Mars/Olympus', 'PST', 'america/los_angeles', ''])('refuses %j', (zone) => {
    expect(TimeZoneSchema.safeParse(zone).success).toBe(false);
  });
  it('lists UTC once with the runtime zones', () => {
    expect(timeZoneNames().filter((z) => z === 'UTC')).toHaveLength(1);
  });
});

describe('localTime', () => {
  it.each([
    ['2026-11-24T07:59:00Z', 'America/Los_Angeles', { day: '2026-11-23', hour: 23 }],
    ['2026-11-24T08:00:00Z', 'America/Los_Angeles', { day: '2026-11-24', hour: 0 }],
    ['2026-07-24T07:00:00Z', 'America/Los_Angeles', { day: '2026-07-24', hour: 0 }],
    ['2026-11-23T23:00:00Z', 'Europe/Rome', { day: '2026-11-24', hour: 0 }],
    ['2026-11-24T00:30:00Z', null, { day: '2026-11-24', hour: 0 }],
    ['2026-11-24T18:30:00Z', 'Asia/Kolkata', { day: '2026-11-25', hour: 0 }],
  ])('%s at %s', (instant, zone, expected) => {
    expect(localTime(new Date(instant), zone)).toEqual(expected);
  });
});
