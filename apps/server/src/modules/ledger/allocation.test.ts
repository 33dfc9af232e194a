import { allocate, type ConsumeItem } from './allocation';
import type { LockedLot } from './ledger.repo';

const lot = (id: string, unitsLeft: number, expiryDate: string | null, status: LockedLot['status'] = 'available'): LockedLot => ({ id, productId: 'p', unitsLeft, unitPrice: 2, expiryDate, lotNumber: id.toUpperCase(), status });
const take = (quantity: number, stockId?: string): ConsumeItem => ({ productId: 'p', quantity, stockId });
const today = '2026-11-26';

describe('allocate', () => {
  it('takes first expiry first, passing over recalled and quarantined lots', () => {
    const lots = [lot('a', 2, '2027-01-01', 'recalled'), lot('b', 2, '2027-02-01', 'quarantined'), lot('c', 3, '2027-03-01'), lot('d', 5, '2027-04-01')];
    const picks = allocate(take(4), lots, today);
    expect(picks).toEqual([
      { lot: lots[2], milli: 3000 },
      { lot: lots[3], milli: 1000 },
    ]);
  });

  it('refuses a recalled or quarantined lot that is named, whatever it holds, naming it', () => {
    const lots = [lot('a', 5, '2027-01-01', 'recalled'), lot('b', 5, '2027-01-01', 'quarantined'), lot('c', 5, '2027-03-01')];
    expect(allocate(take(1, 'a'), lots, today)).toEqual({ problem: 'recalled', lotNumber: 'A' });
    expect(allocate(take(1, 'b'), lots, today)).toEqual({ problem: 'quarantined', lotNumber: 'B' });
    expect(allocate(take(1, 'c'), lots, today)).toEqual([{ lot: lots[2], milli: 1000 }]);
  });

  it('calls it not enough when usable units are there but too few, whatever the stopped lots hold', () => {
    const lots = [lot('a', 10, '2027-01-01', 'recalled'), lot('c', 1, '2027-03-01')];
    expect(allocate(take(2), lots, today)).toEqual({ problem: 'not_enough', lotNumber: '' });
  });

  // Issue 50, item 2: with no usable unit left, the refusal names what stops the units on the shelf.
  it.each([
    ['a recalled lot before a quarantined or expired one', [lot('old', 5, '2026-01-01'), lot('q', 5, '2027-02-01', 'quarantined'), lot('a', 10, '2027-01-01', 'recalled')], { problem: 'recalled', lotNumber: 'A' }],
    ['a quarantined lot before an expired one', [lot('old', 5, '2026-01-01'), lot('q', 5, '2027-02-01', 'quarantined')], { problem: 'quarantined', lotNumber: 'Q' }],
    ['only expired lots', [lot('old', 5, '2026-01-01'), lot('older', 5, '2025-06-01')], { problem: 'expired', lotNumber: 'OLD' }],
    ['an empty recalled lot is not on the shelf', [lot('a', 0, '2027-01-01', 'recalled')], { problem: 'not_enough', lotNumber: '' }],
    ['nothing at all', [], { problem: 'not_enough', lotNumber: '' }],
  ])('with no usable unit: %s', (_case, lots, refusal) => {
    expect(allocate(take(2), lots, today)).toEqual(refusal);
  });

  it('still says expired when the usable lots would cover it only with expired ones', () => {
    const lots = [lot('old', 5, '2026-01-01'), lot('c', 1, '2027-03-01')];
    expect(allocate(take(3), lots, today)).toEqual({ problem: 'expired', lotNumber: '' });
  });
});
