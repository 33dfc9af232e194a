import { afterEach, describe, expect, it } from 'vitest';
import { setLocationTimeZone } from '../../../lib/location-time';
import { asOfText } from './kept-notice';

afterEach(() => { setLocationTimeZone(null); });

describe('the age of what the chair kept', () => {
  it('is the time on the location’s clock, whatever the device’s', () => {
    setLocationTimeZone('America/Los_Angeles');
    const kept = Date.parse('2026-12-06T01:03:00Z');
    expect(asOfText(kept, new Date('2026-12-06T02:00:00Z'))).toBe('as of 5:03 PM');
  });

  it('names the day when it was kept on an earlier one', () => {
    setLocationTimeZone('America/New_York');
    const kept = Date.parse('2026-12-05T14:30:00Z');
    expect(asOfText(kept, new Date('2026-12-06T15:00:00Z'))).toBe('as of 12-05-2026 9:30 AM');
  });
});
