import { describe, expect, it } from 'vitest';
import { unitCount } from './format';

describe('unit counts', () => {
  it('say "1 unit" and "0 units", as people do', () => {
    expect(unitCount(1)).toBe('1 unit');
    expect(unitCount(0)).toBe('0 units');
    expect(unitCount(44)).toBe('44 units');
  });
});
