import { describe, expect, it } from 'vitest';
import { formatTotal, unitCount } from './format';

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
