import { describe, expect, it } from 'vitest';
import { fillRateReorderPoint } from './fill-rate';
import type { DemandForecast } from './forecast';
import { learnLeadTime } from './lead-time';
import { reorderLevels } from './levels';

const steady: DemandForecast = { method: 'steady', dailyMean: 10, dailySd: 3, days: 84 };
const fiveDays = [{ days: 5, share: 1 }];
/** One use a day in twenty of 2, 8, 12 or 18 units. */
const lumpy: DemandForecast = {
  method: 'intermittent',
  dailyMean: 0.5,
  dailySd: 2.5,
  days: 84,
  intermittent: { interval: 20, size: 10, sizes: [2, 8, 12, 18].map((units) => ({ units, share: 0.25 })) },
};

describe('fillRateReorderPoint (issue 51: expected units short per cycle)', () => {
  it.each([
    // 50 over the lead time + about 5 of undershoot; orders of 70.
    { name: 'steady, 90%', forecast: steady, fill: 0.9, q: 70, reorderPoint: 49 },
    { name: 'steady, 95%', forecast: steady, fill: 0.95, q: 70, reorderPoint: 54 },
    { name: 'steady, 99%', forecast: steady, fill: 0.99, q: 70, reorderPoint: 63 },
    { name: 'steady, 99.9%', forecast: steady, fill: 0.999, q: 70, reorderPoint: 71 },
    { name: 'steady, 99%, larger orders need less', forecast: steady, fill: 0.99, q: 300, reorderPoint: 56 },
    { name: 'lumpy, 90%', forecast: lumpy, fill: 0.9, q: 20, reorderPoint: 10 },
    { name: 'lumpy, 99%: a missed use of 18 units counts 18', forecast: lumpy, fill: 0.99, q: 20, reorderPoint: 25 },
  ])('$name: reorder at $reorderPoint', ({ forecast, fill, q, reorderPoint }) => {
    const plan = fillRateReorderPoint(forecast, fiveDays, fill, q);
    expect(plan.reorderPoint).toBe(reorderPoint);
    expect(plan.expectedFill).toBeGreaterThanOrEqual(fill);
  });

  it('plans for a supplier late one delivery in five, where the mean lead time would not', () => {
    const late = learnLeadTime([5, 5, 6, 5, 15, 5, 6, 5, 5, 12, 5, 6, 5, 5, 14, 5, 6, 5, 5, 13]);
    const fromDistribution = fillRateReorderPoint(steady, late.distribution, 0.99, 70);
    const fromMean = fillRateReorderPoint(steady, [{ days: late.days, share: 1 }], 0.99, 70);
    expect(fromDistribution.reorderPoint).toBe(147);
    expect(fromMean.reorderPoint).toBe(83);
  });

  it.each([
    // Reviewed at night and sent at once, a 5-day delivery leaves 4 days of use to cover, plus the undershoot.
    { sendDelay: 0, reorderPoint: 52 },
    { sendDelay: 1, reorderPoint: 63 },
    { sendDelay: 2, reorderPoint: 74 },
  ])('covers the days a draft waits to be sent: $sendDelay days, reorder at $reorderPoint', ({ sendDelay, reorderPoint }) => {
    expect(fillRateReorderPoint(steady, fiveDays, 0.99, 70, false, sendDelay).reorderPoint).toBe(reorderPoint);
  });

  it('is deterministic: the same inputs give the same plan', () => {
    expect(fillRateReorderPoint(lumpy, fiveDays, 0.99, 20)).toEqual(fillRateReorderPoint(lumpy, fiveDays, 0.99, 20));
  });
});

describe('reorderLevels on the fill-rate path', () => {
  const leadTime = { days: 5, sdDays: 0, distribution: fiveDays };
  it('orders up to the reorder point plus the economic quantity, and says why', () => {
    const levels = reorderLevels({ forecast: steady, leadTime, fillRate: 0.99, costs: { orderCost: 15, holdingRate: 0.25, unitPrice: 2, packSize: 10 } });
    expect(levels).toMatchObject({ source: 'forecast', orderUnits: 470 });
    expect(levels.orderUpTo).toBe(levels.reorderPoint + 470);
    expect(levels.expectedFill).toBeGreaterThanOrEqual(0.99);
    expect(levels.why).toBe('47 packs of 10, about every 47 days: balances ordering $15.00 an order against holding $0.50 a unit a year; 468 units ideal');
  });

  it('orders the review period\'s use without a price, and says so', () => {
    const levels = reorderLevels({ forecast: steady, leadTime, fillRate: 0.99, reviewDays: 7 });
    expect(levels).toMatchObject({ orderUnits: 70, why: '70 units, 7 days of use: no price or pack yet to weigh ordering against holding' });
    expect(levels.reorderPoint).toBe(63);
  });

  it('keeps the Minimum Stock as a floor', () => {
    expect(reorderLevels({ forecast: steady, leadTime, fillRate: 0.99, reviewDays: 7, minimumStock: 100 })).toMatchObject({ reorderPoint: 100, orderUpTo: 170, source: 'minimum' });
  });
});
