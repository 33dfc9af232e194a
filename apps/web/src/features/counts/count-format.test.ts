import { describe, expect, it } from 'vitest';
import { formatAccuracy, formatVariance, formatVarianceUnits } from './count-format';

describe('count figures', () => {
  it('reads a variance with its sign, in units and dollars', () => {
    expect(formatVariance(-3, -6)).toBe('−3 units · −$6.00');
    expect(formatVariance(2, 4.5)).toBe('+2 units · +$4.50');
    expect(formatVariance(0, 0)).toBe('0 units · $0.00');
    expect(formatVariance(null, null)).toBe('—');
    expect(formatVarianceUnits(1)).toBe('+1 unit');
  });

  it('shows accuracy as a percentage to one decimal', () => {
    expect(formatAccuracy(0.9234)).toBe('92.3%');
    expect(formatAccuracy(1)).toBe('100%');
    expect(formatAccuracy(null)).toBe('—');
  });
});
