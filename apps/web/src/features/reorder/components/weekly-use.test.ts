import { describe, expect, it } from 'vitest';
import { weeklyUse } from './weekly-use';

describe('weekly use', () => {
  it('sums whole weeks ending yesterday, oldest first, leaving a leading part week out', () => {
    const history = Array.from({ length: 16 }, (_v, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, units: i < 2 ? 100 : 1 }));
    expect(weeklyUse(history)).toEqual([
      { start: '2026-11-03', units: 7 },
      { start: '2026-11-10', units: 7 },
    ]);
  });
});
