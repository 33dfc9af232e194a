import { describe, expect, it } from 'vitest';
import { reportRangeProblem, ReportRangeQuerySchema } from './reports';
import './zod';

/** The schema's first message for a range, as the server would answer it, or null. */
const schemaProblem = (start: string, end: string) => ReportRangeQuerySchema.safeParse({ start_date: start, end_date: end }).error?.issues[0]?.message ?? null;

describe('a report range checked without zod (the dashboard)', () => {
  const ranges: [string, string][] = [
    ['2026-11-01', '2026-11-30'],
    ['2026-11-10', '2026-11-10'],
    ['2026-11-10', '2026-11-01'],
    ['2024-01-01', '2025-12-31'],
    ['2024-01-01', '2026-01-01'],
    ['2024-01-01', '2026-01-02'],
    ['2026-02-30', '2026-03-01'],
    ['2026-02-01', '2026-13-01'],
    ['2024-02-29', '2024-03-01'],
    ['2025-02-29', '2025-03-01'],
    ['0201-01-01', '2026-01-31'],
    ['2026-01-01', '9999-12-31'],
    ['1900-01-01', '1900-01-02'],
    ['2200-12-30', '2200-12-31'],
    ['26-11-01', '2026-11-30'],
    ['2026-11-01T00:00:00Z', '2026-11-30'],
    ['', '2026-11-30'],
  ];

  it.each(ranges)('answers %s to %s as ReportRangeQuerySchema does', (start, end) => {
    expect(reportRangeProblem(start, end)).toBe(schemaProblem(start, end));
  });

  it('names the problems a person can make with the date pickers', () => {
    expect(reportRangeProblem('2026-11-10', '2026-11-01')).toBe('The start date cannot go after the end date');
    expect(reportRangeProblem('2024-01-01', '2026-01-02')).toBe('Choose a range of at most 2 years');
    expect(reportRangeProblem('0201-01-01', '2026-01-31')).toBe('Use a date from 1900-01-01 to 2200-12-31');
  });
});
