import { describe, expect, it } from 'vitest';
import type { Stock } from '@clinic/domain';
import { pickIssue, proposeLots } from './lot-plan';

const lot = (id: string, expiry: string | null, left: number, status: Stock['status'] = 'available') => ({ id, lotNumber: `L-${id}`, expiry_date: expiry, units_left: left, status }) as Stock;

describe('the lots a shipment proposes', () => {
  it('takes first expiry first, skipping recalled, quarantined and expired lots', () => {
    const lots = [lot('c', '2027-09-01', 10), lot('a', '2027-01-01', 3), lot('r', '2026-12-01', 9, 'recalled'), lot('x', '2026-01-01', 9), lot('q', '2026-12-15', 4, 'quarantined')];
    expect(proposeLots(lots, 5, '2026-11-27').map((p) => [p.stockId, p.units])).toEqual([
      ['a', 3],
      ['c', 2],
    ]);
  });

  it('says when a lot is asked for more than it holds', () => {
    expect(pickIssue({ stockId: 'a', lotNumber: 'A', expiryDate: null, available: 2, units: 3 })).toBe('Only 2 units are left in this lot');
    expect(pickIssue({ stockId: 'a', lotNumber: 'A', expiryDate: null, available: 2, units: 2 })).toBeNull();
  });
});
