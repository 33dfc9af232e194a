import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '@clinic/domain';
import { rangeChoice } from '../../lib/date-range';
import { INCOMPLETE_RANGE, reportRange } from './report-range';

const NOW = dayjs('2026-11-23T10:00:00');
const custom = (from: string, to: string) => ({ preset: 'custom' as const, custom: { from, to } });

describe('report range', () => {
  it('asks for the whole preset, both ends included', () => {
    expect(reportRange(rangeChoice('this_month'), NOW)).toEqual({ range: { start_date: '2026-11-01', end_date: '2026-11-30' }, problem: null });
    expect(reportRange(rangeChoice('today'), NOW).range).toEqual({ start_date: '2026-11-23', end_date: '2026-11-23' });
  });

  it('refuses a custom start after its end with the contract’s message', () => {
    expect(reportRange(custom('2026-11-10', '2026-11-01'), NOW)).toEqual({ range: null, problem: REPORT_MESSAGES.startAfterEnd });
  });

  it('takes a custom single day, and refuses a range over two years', () => {
    expect(reportRange(custom('2026-11-10', '2026-11-10'), NOW).range).toEqual({ start_date: '2026-11-10', end_date: '2026-11-10' });
    expect(reportRange(custom('2024-01-01', '2025-12-31'), NOW).problem).toBeNull();
    expect(reportRange(custom('2023-01-01', '2025-12-31'), NOW)).toEqual({ range: null, problem: REPORT_MESSAGES.rangeTooLong });
  });

  it('needs both ends of a custom range', () => {
    expect(reportRange(custom('2026-11-10', ''), NOW)).toEqual({ range: null, problem: INCOMPLETE_RANGE });
    expect(reportRange(custom('', ''), NOW).problem).toBe(INCOMPLETE_RANGE);
  });
});
