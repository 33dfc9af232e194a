import { describe, expect, it } from 'vitest';
import { coverText, formatMonth, formatMonths, formatTotal, unitCount } from './format';

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
