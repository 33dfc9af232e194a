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

  it('refuses a recalled or quarantined lot that is named, whatever it holds', () => {
    const lots = [lot('a', 5, '2027-01-01', 'recalled'), lot('b', 5, '2027-01-01', 'quarantined'), lot('c', 5, '2027-03-01')];
    expect(allocate(take(1, 'a'), lots, today)).toBe('recalled');
    expect(allocate(take(1, 'b'), lots, today)).toBe('quarantined');
    expect(allocate(take(1, 'c'), lots, today)).toEqual([{ lot: lots[2], milli: 1000 }]);
  });

  it('calls it not enough when only recalled units would cover the quantity', () => {
    const lots = [lot('a', 10, '2027-01-01', 'recalled'), lot('c', 1, '2027-03-01')];
    expect(allocate(take(2), lots, today)).toBe('not_enough');
  });

  it('still says expired when the available lots would cover it only with expired ones', () => {
    const lots = [lot('old', 5, '2026-01-01'), lot('a', 10, '2027-01-01', 'recalled')];
    expect(allocate(take(2), lots, today)).toBe('expired');
  });
});
