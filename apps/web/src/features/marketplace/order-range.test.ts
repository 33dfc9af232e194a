import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { rangeChoice } from '../../lib/date-range';
import { INCOMPLETE_RANGE, orderRange } from './order-range';

const NOW = dayjs('2026-03-18T12:00:00');

describe('order range', () => {
  it('lists this month by default, as the dashboard does', () => {
    expect(orderRange(rangeChoice('this_month'), NOW)).toEqual({ range: { startDate: '2026-03-01', endDate: '2026-03-31' }, problem: null });
  });

  it('asks for both days of a custom range and refuses one that ends before it starts', () => {
    expect(orderRange({ preset: 'custom', custom: { from: '2026-03-01', to: '' } }, NOW)).toEqual({ range: null, problem: INCOMPLETE_RANGE });
    expect(orderRange({ preset: 'custom', custom: { from: '2026-03-10', to: '2026-03-01' } }, NOW)).toEqual({ range: null, problem: 'The start date must be on or before the end date' });
  });
});
