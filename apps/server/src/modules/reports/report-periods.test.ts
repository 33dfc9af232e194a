import { describe, expect, it } from 'vitest';
import { rangePeriods, type DayRange } from './report-periods';

/** Every day a split covers, each once: the months expanded to their days. */
function coveredDays({ months, days }: ReturnType<typeof rangePeriods>): string[] {
  const all: string[] = [];
  const walk = (start: string, end: string) => {
    for (let d = new Date(`${start}T00:00:00Z`); d.toISOString().slice(0, 10) <= end; d.setUTCDate(d.getUTCDate() + 1)) all.push(d.toISOString().slice(0, 10));
  };
  if (months) {
    const last = new Date(`${months.end}T00:00:00Z`);
    walk(months.start, new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() + 1, 0)).toISOString().slice(0, 10));
  }
  for (const range of days) walk(range.start, range.end);
  return all.sort();
}

describe('a report range split into whole months and the days around them', () => {
  it('reads a year ending today as eleven whole months and the days at both ends', () => {
    expect(rangePeriods({ start: '2025-11-29', end: '2026-11-28' })).toEqual({
      months: { start: '2025-12-01', end: '2026-10-01' },
      days: [{ start: '2025-11-29', end: '2025-11-30' }, { start: '2026-11-01', end: '2026-11-28' }],
    });
  });

  it('takes a range of whole months, February of a leap year included, without any day', () => {
    expect(rangePeriods({ start: '2028-01-01', end: '2028-02-29' })).toEqual({ months: { start: '2028-01-01', end: '2028-02-01' }, days: [] });
    expect(rangePeriods({ start: '2026-02-01', end: '2026-02-28' })).toEqual({ months: { start: '2026-02-01', end: '2026-02-01' }, days: [] });
    expect(rangePeriods({ start: '2026-12-01', end: '2026-12-31' })).toEqual({ months: { start: '2026-12-01', end: '2026-12-01' }, days: [] });
  });

  it('keeps a range inside one month, or across two without a whole one, as days', () => {
    for (const range of [{ start: '2026-11-01', end: '2026-11-28' }, { start: '2026-11-02', end: '2026-11-30' }, { start: '2026-10-15', end: '2026-11-14' }, { start: '2026-11-05', end: '2026-11-05' }, { start: '2026-02-01', end: '2026-02-27' }]) {
      expect(rangePeriods(range)).toEqual({ months: null, days: [range] });
    }
  });

  it('covers every day of a range exactly once', () => {
    const ranges: DayRange[] = [
      { start: '2024-12-31', end: '2026-01-01' },
      { start: '2025-03-01', end: '2025-03-31' },
      { start: '2025-01-31', end: '2025-03-01' },
      { start: '2023-02-28', end: '2024-02-29' },
      { start: '2026-06-15', end: '2026-08-31' },
    ];
    for (const range of ranges) {
      const expected = coveredDays({ months: null, days: [range] });
      expect(coveredDays(rangePeriods(range))).toEqual(expected);
    }
  });
});
