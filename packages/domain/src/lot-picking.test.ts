import { describe, expect, it } from 'vitest';
import { givingLots, isUsableLot, pickFirstExpiry, type PickableLot } from './lot-picking';

interface Lot extends PickableLot {
  left: number;
}
const lot = (id: string, expiryDate: string | null, left: number, status: PickableLot['status'] = 'available'): Lot => ({ id, expiryDate, left, status });
const today = '2026-11-26';
const pick = (lots: Lot[], needed: number) => {
  const picking = pickFirstExpiry(lots, needed, today, (l) => l.left);
  return { takes: picking.takes.map((t) => [t.lot.id, t.units]), short: picking.short };
};

describe('pickFirstExpiry', () => {
  it.each<[string, Lot[], number, { takes: (string | number)[][]; short: number }]>([
    ['takes the earliest expiry first, whatever order the lots come in', [lot('c', '2027-03-01', 5), lot('a', '2027-01-01', 2), lot('b', '2027-02-01', 2)], 3, { takes: [['a', 2], ['b', 1], ['c', 0]], short: 0 }],
    ['puts lots that do not expire last', [lot('n', null, 5), lot('a', '2027-01-01', 1)], 3, { takes: [['a', 1], ['n', 2]], short: 0 }],
    ['orders lots of one expiry by id, as the ledger locks them', [lot('b', '2027-01-01', 1), lot('a', '2027-01-01', 1), lot('d', null, 1), lot('c', null, 1)], 3, { takes: [['a', 1], ['b', 1], ['c', 1], ['d', 0]], short: 0 }],
    ['skips recalled, quarantined and expired lots', [lot('r', '2026-12-01', 9, 'recalled'), lot('q', '2026-12-15', 9, 'quarantined'), lot('x', '2026-11-25', 9), lot('a', '2027-01-01', 9)], 4, { takes: [['a', 4]], short: 0 }],
    ['uses a lot that expires today', [lot('t', today, 2), lot('a', '2027-01-01', 5)], 3, { takes: [['t', 2], ['a', 1]], short: 0 }],
    ['takes part of a lot, and the rest from the next', [lot('a', '2027-01-01', 2500), lot('b', '2027-02-01', 4000)], 3000, { takes: [['a', 2500], ['b', 500]], short: 0 }],
    ['passes over lots that hold nothing', [lot('e', '2027-01-01', 0), lot('a', '2027-02-01', 1)], 1, { takes: [['a', 1]], short: 0 }],
    ['says how many units are short when there are not enough', [lot('a', '2027-01-01', 2), lot('r', '2027-01-01', 9, 'recalled')], 5, { takes: [['a', 2]], short: 3 }],
    ['gives nothing from nothing', [], 2, { takes: [], short: 2 }],
    ['needs nothing for nothing', [lot('a', '2027-01-01', 2)], 0, { takes: [['a', 0]], short: 0 }],
  ])('%s', (_case, lots, needed, expected) => {
    expect(pick(lots, needed)).toEqual(expected);
  });

  it('keeps the caller’s lots, and leaves them unsorted', () => {
    const lots = [lot('b', '2027-02-01', 1), lot('a', '2027-01-01', 1)];
    const picking = pickFirstExpiry(lots, 1, today, (l) => l.left);
    expect(picking.takes[0]!.lot).toBe(lots[1]);
    expect(lots.map((l) => l.id)).toEqual(['b', 'a']);
    expect(givingLots(picking).map((t) => t.lot.id)).toEqual(['a']);
  });
});

describe('isUsableLot', () => {
  it.each<[string, Pick<PickableLot, 'status' | 'expiryDate'>, boolean]>([
    ['an available lot before its expiry', { status: 'available', expiryDate: '2027-01-01' }, true],
    ['an available lot on its expiry day', { status: 'available', expiryDate: today }, true],
    ['an available lot that does not expire', { status: 'available', expiryDate: null }, true],
    ['an expired lot', { status: 'available', expiryDate: '2026-11-25' }, false],
    ['a recalled lot', { status: 'recalled', expiryDate: null }, false],
    ['a quarantined lot', { status: 'quarantined', expiryDate: '2027-01-01' }, false],
  ])('%s: %s', (_case, l, usable) => {
    expect(isUsableLot(l, today)).toBe(usable);
  });
});
