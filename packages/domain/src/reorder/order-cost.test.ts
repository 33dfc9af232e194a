import { describe, expect, it } from 'vitest';
import { economicOrder } from './order-cost';

describe('economicOrder (issue 51: ordering against holding, in whole packs)', () => {
  it.each([
    // √(2 × 3650 × 15 / 0.5) = 468 units: 47 packs of 10.
    { name: 'a cheap consumable', input: { dailyUse: 10, unitPrice: 2, packSize: 10 }, packs: 47, days: 47 },
    // The order's $15 shared by 4 lines: √(2 × 3650 × 3.75 / 0.5) = 234.
    { name: 'the same, one of four lines on the supplier\'s order', input: { dailyUse: 10, unitPrice: 2, packSize: 10, linesPerOrder: 4 }, packs: 23, days: 23 },
    // √(2 × 18.25 × 15 / 75) = 2.7: 3 units cost less a year than 2.
    { name: 'a dear implant used every 20 days', input: { dailyUse: 0.05, unitPrice: 300, packSize: 1 }, packs: 3, days: 60 },
    // √(2 × 182.5 × 15 / 0.025) = 468 units, capped at 120 days of use.
    { name: 'a very cheap item: at most 120 days at once', input: { dailyUse: 0.5, unitPrice: 0.1, packSize: 1 }, packs: 60, days: 120 },
    // The ideal is a tenth of a pack: one pack.
    { name: 'a pack bigger than the ideal: one pack', input: { dailyUse: 2, unitPrice: 50, packSize: 100 }, packs: 1, days: 50 },
  ])('$name: $packs packs, about $days days', ({ input, packs, days }) => {
    const order = economicOrder({ orderCost: 15, holdingRate: 0.25, ...input })!;
    expect(order.packs).toBe(packs);
    expect(order.units).toBe(packs * input.packSize);
    expect(order.days).toBeCloseTo(days, 6);
  });

  it('picks the cheaper of the whole packs either side of the ideal', () => {
    const input = { dailyUse: 10, unitPrice: 2, packSize: 10, orderCost: 15, holdingRate: 0.25 };
    const chosen = economicOrder(input)!;
    const cost = (units: number) => (15 * 3650) / units + (0.5 * units) / 2;
    expect(chosen.yearlyCost).toBeCloseTo(cost(470), 9);
    expect(chosen.yearlyCost).toBeLessThanOrEqual(cost(460));
    expect(chosen.yearlyCost).toBeLessThanOrEqual(cost(480));
  });

  it.each([
    { name: 'a higher cost per order: larger, rarer orders', orderCost: 60, packs: 94 },
    { name: 'no cost per order: the smallest pack', orderCost: 0, packs: 1 },
  ])('$name', ({ orderCost, packs }) => {
    expect(economicOrder({ dailyUse: 10, unitPrice: 2, packSize: 10, orderCost, holdingRate: 0.25 })!.packs).toBe(packs);
  });

  it('says why in words, a single unit as one', () => {
    expect(economicOrder({ dailyUse: 0.01, unitPrice: 400, packSize: 1, orderCost: 15, holdingRate: 0.25 })!.why).toBe('1 unit, about every 100 days: balances ordering $15.00 an order against holding $100 a unit a year; 1 unit ideal');
    expect(economicOrder({ dailyUse: 2, unitPrice: 50, packSize: 100, orderCost: 15, holdingRate: 0.25 })!.why).toBe('1 pack of 100, about 50 days of use: the smallest pack; ordering $15.00 an order, holding $12.50 a unit a year');
    expect(economicOrder({ dailyUse: 10, unitPrice: 2, packSize: 10, orderCost: 15, holdingRate: 0.25, linesPerOrder: 4 })!.why).toBe(
      '23 packs of 10, about every 23 days: balances ordering $3.75 a line (a $15.00 order shared by 4 lines) against holding $0.50 a unit a year; 234 units ideal',
    );
  });

  it.each([
    { dailyUse: 0, unitPrice: 2, packSize: 10 },
    { dailyUse: 1, unitPrice: 0, packSize: 10 },
    { dailyUse: 1, unitPrice: 2, packSize: Number.NaN },
  ])('has no answer without use, price or pack: %o', (input) => {
    expect(economicOrder({ ...input, orderCost: 15, holdingRate: 0.25 })).toBeNull();
  });
});
