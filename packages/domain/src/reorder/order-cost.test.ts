import { describe, expect, it } from 'vitest';
import { economicOrder, orderSizeForVendor } from './order-cost';

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

describe('economicOrder with a supplier\'s shipping fee and free-shipping threshold (issue 51)', () => {
  // 10 a day at $2 in packs of 10, $15 an order, 25% a year: 47 packs without shipping.
  const base = { dailyUse: 10, unitPrice: 2, packSize: 10, orderCost: 15, holdingRate: 0.25 };
  const cost = (units: number, perOrder: number) => (perOrder * 3650) / units + (0.5 * units) / 2;

  it.each([
    // √(2 × 3650 × 27 / 0.5) = 628: the $12 fee makes rarer, larger orders.
    { name: 'a fee and no threshold: larger orders, the fee paid', shipping: { fee: 12, freeOver: null }, lines: 1, packs: 63, decision: 'fee-paid' },
    // 75 packs ($1,500) ship free: 260.5 a year against 313.9 at 63 packs paying the fee.
    { name: 'a threshold worth reaching: raised to ship free', shipping: { fee: 12, freeOver: 1500 }, lines: 1, packs: 75, decision: 'raised-to-ship-free' },
    // 115 packs ($2,300) would cost 335.1 a year: the fee is cheaper than the stock.
    { name: 'a threshold too far: the fee paid', shipping: { fee: 12, freeOver: 2300 }, lines: 1, packs: 63, decision: 'fee-paid' },
    // Four lines share the order: each brings $375 of the $1,500, which 23 packs already reach.
    { name: 'the supplier\'s order shared by 4 lines: ships free at the shared size', shipping: { fee: 12, freeOver: 1500 }, lines: 4, packs: 23, decision: 'ships-free' },
    // Four lines share the fee too: $3.75 + $3 a line, √(2 × 3650 × 6.75 / 0.5) = 314.
    { name: 'the fee shared by 4 lines, no threshold', shipping: { fee: 12, freeOver: null }, lines: 4, packs: 31, decision: 'fee-paid' },
    { name: 'no fee: as without shipping', shipping: { fee: 0, freeOver: 1500 }, lines: 1, packs: 47, decision: 'none' },
  ])('$name: $packs packs ($decision)', ({ shipping, lines, packs, decision }) => {
    const order = economicOrder({ ...base, shipping, linesPerOrder: lines })!;
    expect(order.packs).toBe(packs);
    expect(order.shipping).toBe(decision);
  });

  it('raises the order only when shipping free costs less a year than paying the fee', () => {
    const raised = economicOrder({ ...base, shipping: { fee: 12, freeOver: 1500 } })!;
    expect(raised.yearlyCost).toBeCloseTo(cost(750, 15), 9);
    expect(raised.yearlyCost).toBeLessThan(cost(630, 27));
    const paid = economicOrder({ ...base, shipping: { fee: 12, freeOver: 2300 } })!;
    expect(paid.yearlyCost).toBeCloseTo(cost(630, 27), 9);
    expect(cost(1150, 15)).toBeGreaterThan(paid.yearlyCost);
  });

  it('names shipping in why where it decided the quantity', () => {
    expect(economicOrder({ ...base, shipping: { fee: 12, freeOver: 1500 } })!.why).toBe(
      '75 packs of 10, about every 75 days: ordering $15.00 an order against holding $0.50 a unit a year; raised from 630 to reach free shipping at $1,500: saves the $12.00 shipping fee',
    );
    expect(economicOrder({ ...base, shipping: { fee: 12, freeOver: 2300 } })!.why).toBe(
      '63 packs of 10, about every 63 days: balances ordering $15.00 an order plus $12.00 shipping against holding $0.50 a unit a year; 628 units ideal; reaching free shipping at $2,300 would cost more in stock held than the $12.00 fee',
    );
    expect(economicOrder({ ...base, shipping: { fee: 12, freeOver: 1500 }, linesPerOrder: 4 })!.why).toBe(
      '23 packs of 10, about every 23 days: balances ordering $3.75 a line (a $15.00 order shared by 4 lines) against holding $0.50 a unit a year; 234 units ideal; ships free (orders from $1,500, this line\'s share $375)',
    );
  });
});

describe('orderSizeForVendor (issue 51: a line routed to another vendor than the planned supplier)', () => {
  // Planned for the last supplier: 47 packs of 10 at $2 (√(2 × 3650 × 15 / 0.5) = 468) above 60.
  const plan = { method: 'steady' as const, dailyUse: 10, reorderPoint: 60, orderUpTo: 530 };
  const costs = { orderCost: 15, holdingRate: 0.25 };
  it.each([
    // A $10 fee unless the order reaches $1,200: with the fee the ideal is √(2 × 3650 × 25 / 0.5) = 604,
    // and 60 packs ($1,200) ship free, at less a year than 47 packs paying it.
    { name: 'a vendor whose order ships free from $1,200', vendor: { unitPrice: 2, packSize: 10, shipping: { fee: 10, freeOver: 1200 } }, orderUpTo: 660, why: /^60 packs of 10.*ships free \(orders from \$1,200\)$/ },
    // The same units in its own packs of 25: 19 packs (475) cost a little less a year than 18 (450).
    { name: 'a vendor selling packs of 25', vendor: { unitPrice: 2, packSize: 25 }, orderUpTo: 535, why: /^19 packs of 25/ },
    // Cheaper by a fifth: √(2 × 3650 × 15 / 0.4) = 523, 52 packs.
    { name: 'a cheaper vendor', vendor: { unitPrice: 1.6, packSize: 10 }, orderUpTo: 580, why: /^52 packs of 10/ },
  ])('$name: ordered up to $orderUpTo', ({ vendor, orderUpTo, why }) => {
    const sized = orderSizeForVendor(plan, { ...costs, ...vendor })!;
    expect(sized.orderUpTo).toBe(orderUpTo);
    expect(sized.why).toMatch(why);
  });

  it.each([
    { name: 'the same terms as planned', plan, vendor: { unitPrice: 2, packSize: 10 } },
    // Its orders carry 4 lines: 23 packs would do, but a smaller order over the same reorder point fills less than planned.
    { name: 'a smaller order (a vendor whose orders carry four lines)', plan, vendor: { unitPrice: 2, packSize: 10, linesPerOrder: 4 } },
    // Booked appointments raised the plan's level to 900: more than the vendor's order would reach.
    { name: 'a level raised for booked appointments', plan: { ...plan, orderUpTo: 900 }, vendor: { unitPrice: 2, packSize: 10, shipping: { fee: 10, freeOver: 1200 } } },
    { name: 'occasional use (its order size and reorder point were chosen together)', plan: { ...plan, method: 'intermittent' as const }, vendor: { unitPrice: 1.6, packSize: 10 } },
    { name: 'a vendor without a price', plan, vendor: { unitPrice: 0, packSize: 10 } },
  ])('keeps the plan for $name', ({ plan: planned, vendor }) => {
    expect(orderSizeForVendor(planned, { ...costs, ...vendor })).toBeNull();
  });
});
