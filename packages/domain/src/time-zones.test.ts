import { describe, expect, it } from 'vitest';
import { isTimeZone, proposeTimeZone, timeZoneNames, TimeZoneSchema } from './time-zones';
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
