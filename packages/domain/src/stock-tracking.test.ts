import { describe, expect, it } from 'vitest';
import { trackingReport, trendOf } from './stock-tracking';

describe('trends', () => {
  it('calls lower better, and a change within 5% consistent', () => {
    expect(trendOf(0.9, [1, 1])).toBe('improving');
    expect(trendOf(1.2, [1, 1])).toBe('declined');
    expect(trendOf(1.04, [1])).toBe('consistent');
    expect(trendOf(1, [])).toBe('consistent');
    expect(trendOf(null, [1])).toBe('consistent');
  });
});

describe('tracking report', () => {
  it('counts uses per cycle and prices one use at the next lot', () => {
    const report = trackingReport(
      [
        { date: '2026-06-01', unitPrice: 2, uses: 10, unitsUsed: 20 },
        { date: '2026-08-01', unitPrice: 2.2, uses: 10, unitsUsed: 15 },
        { date: '2026-10-01', unitPrice: 1.8, uses: 0, unitsUsed: 0 },
      ],
      3,
      1.8,
    );
    expect(report.cycle_counts.map((c) => [c.count, c.units_per_use])).toEqual([
      [10, 2],
      [10, 1.5],
      [0, null],
    ]);
    // 1.8 against the earlier 2 and 2.2: cheaper. 1.5 units a use against 2: less waste.
    expect(report.is_cost_improving).toBe('improving');
    expect(report.is_usage_improving).toBe('improving');
    expect(report.current_treatment_cost).toBe(2.7);
    expect(report.cycle).toBe(3);
  });

  it('reports nothing to compare for a product never received', () => {
    expect(trackingReport([], 0, null)).toEqual({ cycle_counts: [], is_cost_improving: 'consistent', is_usage_improving: 'consistent', current_treatment_cost: 0, cycle: 0 });
  });
});
