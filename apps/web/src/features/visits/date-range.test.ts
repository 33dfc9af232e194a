import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { rangeOf } from './date-range';

const NOW = dayjs('2026-11-23T10:00:00');

describe('date range presets', () => {
  it('gives inclusive ISO days for each preset', () => {
    expect(rangeOf('today', { from: '', to: '' }, NOW)).toEqual({ start: '2026-11-23', end: '2026-11-23' });
    expect(rangeOf('this_week', { from: '', to: '' }, NOW)).toEqual({ start: '2026-11-22', end: '2026-11-28' });
    expect(rangeOf('this_month', { from: '', to: '' }, NOW)).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(rangeOf('this_year', { from: '', to: '' }, NOW)).toEqual({ start: '2026-01-01', end: '2026-12-31' });
  });

  it('takes a custom range as typed, open on a side left empty', () => {
    expect(rangeOf('custom', { from: '2026-02-01', to: '' }, NOW)).toEqual({ start: '2026-02-01' });
    expect(rangeOf('custom', { from: '2026-02-01', to: '2026-03-01' }, NOW)).toEqual({ start: '2026-02-01', end: '2026-03-01' });
  });
});
