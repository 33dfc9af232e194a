import { afterEach, describe, expect, it } from 'vitest';
import { locationToday, rangeOf } from './date-range';
import { coverText, formatDate, formatDateTime, formatMonth, formatMonths, formatTotal, todayIso, unitCount } from './format';
import { setLocationTimeZone } from './location-time';

describe('unit counts', () => {
  it('say "1 unit" and "0 units", as people do', () => {
    expect(unitCount(1)).toBe('1 unit');
    expect(unitCount(0)).toBe('0 units');
    expect(unitCount(44)).toBe('44 units');
  });
});

describe('list totals', () => {
  it('read "3,000+" when the server stopped counting at its cap', () => {
    expect(formatTotal(3000, true)).toBe('3,000+');
    expect(formatTotal(1250)).toBe('1,250');
    expect(formatTotal(0)).toBe('0');
  });
});

describe('days of cover', () => {
  it('read as people say them: one decimal, "1 day", "Over a year", a dash without a forecast', () => {
    expect(coverText(3.46)).toBe('3.5 days');
    expect(coverText(12.5)).toBe('12.5 days');
    expect(coverText(1)).toBe('1 day');
    expect(coverText(0)).toBe('0 days');
    expect(coverText(400)).toBe('Over a year');
    expect(coverText(null)).toBe('—');
  });
});

describe('months by name', () => {
  it('names a month and a run of whole months, the year once when they share it', () => {
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(formatMonths('2026-11', '2026-11')).toBe('November 2026');
    expect(formatMonths('2026-09', '2026-11')).toBe('September–November 2026');
    expect(formatMonths('2026-11', '2027-01')).toBe('November 2026–January 2027');
  });
});

describe("the location's clock (issue 53)", () => {
  afterEach(() => setLocationTimeZone(null));
  // 7 pm on Dec 6 in Los Angeles, 4 pm on Dec 7 in Auckland: Dec 7, 3 am in UTC.
  const instant = '2026-12-07T03:00:00.000Z';

  it('shows an instant as the location saw it, whatever the device says', () => {
    setLocationTimeZone('America/Los_Angeles');
    expect(formatDateTime(instant)).toBe('12-06-2026 7:00 PM');
    expect(formatDate(instant)).toBe('12-06-2026');
    setLocationTimeZone('Pacific/Auckland');
    expect(formatDateTime(instant)).toBe('12-07-2026 4:00 PM');
  });

  it('keeps a calendar day (an expiry date) as it is in every zone', () => {
    setLocationTimeZone('Pacific/Auckland');
    expect(formatDate('2026-12-06')).toBe('12-06-2026');
    setLocationTimeZone('America/Los_Angeles');
    expect(formatDate('2026-12-06')).toBe('12-06-2026');
  });

  it("counts today and the report presets from the location's day; without a zone, from UTC's as the server does", () => {
    const now = new Date(instant);
    expect(todayIso(now)).toBe('2026-12-07');
    setLocationTimeZone('America/Los_Angeles');
    expect(todayIso(now)).toBe('2026-12-06');
    // 7 pm on Nov 30 in Los Angeles: "This month" is still November there.
    expect(rangeOf('this_month', { from: '', to: '' }, locationToday(new Date('2026-12-01T03:00:00Z')))).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    setLocationTimeZone('Pacific/Auckland');
    expect(todayIso(new Date('2026-12-31T12:00:00Z'))).toBe('2027-01-01');
  });
});
