import { describe, expect, it } from 'vitest';
import type { DemandForecast } from './forecast';
import { demandOver } from './horizon';
import { reorderLevels } from './levels';
import { inverseNormal } from './normal';
import { economicOrder } from './order-cost';
import { fillRateReorderPoint } from './fill-rate';

const steady = (dailyMean: number, dailySd: number): DemandForecast => ({ method: 'steady', dailyMean, dailySd, days: 84 });
const intermittent = (dailyMean: number, sizes: Array<{ units: number; share: number }>): DemandForecast => ({
  method: 'intermittent',
  dailyMean,
  dailySd: 1,
  days: 84,
  intermittent: { interval: 14, size: 1, sizes },
});
const none: DemandForecast = { method: 'none', dailyMean: 0, dailySd: 0, days: 56, reason: 'No use recorded in the last 8 weeks: the Minimum Stock is the reorder point' };

describe('inverseNormal (Acklam)', () => {
  it.each([
    [0.5, 0],
    [0.8413447461, 1],
    [0.975, 1.959964],
    [0.98, 2.053749],
    [0.999, 3.090232],
    [0.01, -2.326348],
    [0.001, -3.090232],
  ])('z(%f) = %f', (p, z) => {
    expect(inverseNormal(p)).toBeCloseTo(z, 5);
  });

  it('has no z outside [0, 1]', () => {
    expect(inverseNormal(1.5)).toBeNaN();
    expect(inverseNormal(Number.NaN)).toBeNaN();
  });
});

describe('demandOver', () => {
  it('sums a weekly profile from today, so a lead time over the weekend expects less', () => {
    // Today is a Friday: Friday 10, Saturday 4, Sunday 0, then the week.
    const weekly: DemandForecast = { method: 'weekly', dailyMean: 8, dailySd: 2, days: 84, weekProfile: [10, 4, 0, 10, 12, 10, 12] };
    expect(demandOver(weekly, 3)).toEqual({ mean: 14, variance: 12 });
    expect(demandOver(weekly, 4.5)).toEqual({ mean: 30, variance: 18 });
    expect(demandOver(weekly, 7).mean).toBe(58);
  });

  it('counts the level\'s own error once per lead time, not once per day: 4 days of σ 3 with a level error of 1', () => {
    // 4 × 3² from the days' spread, (4 × 1)² from the level: a level 1 unit off is off every day.
    expect(demandOver({ ...steady(10, 3), levelSd: 1 }, 4)).toEqual({ mean: 40, variance: 52 });
  });

  it('plans for the level\'s error: steady 10 a day, σ 3, 4 days, 98%', () => {
    // levelSd = 3 × √(0.1 / 1.9) = 0.6882: variance 36 + (4 × 0.6882)² = 43.58; 40 + 2.0537 × 6.601 = 53.6 -> 54 (53 without it).
    const levels = reorderLevels({ forecast: { ...steady(10, 3), levelSd: 3 * Math.sqrt(0.1 / 1.9) }, leadTime: { days: 4, sdDays: 0 } });
    expect(levels.reorderPoint).toBe(54);
  });
});

describe('reorderLevels', () => {
  it.each([
    // 40 + 2.0537 × √(4 × 9) = 52.3 -> 53; + 7 × 10.
    { name: 'steady, lead time certain', forecast: steady(10, 3), leadTime: { days: 4, sdDays: 0 }, serviceLevel: undefined, reorderPoint: 53, orderUpTo: 123 },
    // 40 + 2.0537 × √(4 × 9 + 100 × 1) = 64.0 -> 64.
    { name: 'steady, lead time ± 1 day', forecast: steady(10, 3), leadTime: { days: 4, sdDays: 1 }, serviceLevel: undefined, reorderPoint: 64, orderUpTo: 134 },
    // z(0.9) = 1.2816: 40 + 7.69 -> 48.
    { name: 'steady, 90% service', forecast: steady(10, 3), leadTime: { days: 4, sdDays: 0 }, serviceLevel: 0.9, reorderPoint: 48, orderUpTo: 118 },
    // Over 0.999 is taken as 0.999: 40 + 3.0902 × 6 = 58.5 -> 59.
    { name: 'a service level above 99.9% is capped', forecast: steady(10, 3), leadTime: { days: 4, sdDays: 0 }, serviceLevel: 1.5, reorderPoint: 59, orderUpTo: 129 },
    // λ = 7/14 = 0.5 uses: P(0) = 0.607, P(≤1) = 0.910, P(≤2) = 0.986.
    { name: 'intermittent, one unit every two weeks', forecast: intermittent(1 / 14, [{ units: 1, share: 1 }]), leadTime: { days: 7, sdDays: 0 }, serviceLevel: undefined, reorderPoint: 2, orderUpTo: 3 },
    { name: 'intermittent at 90%', forecast: intermittent(1 / 14, [{ units: 1, share: 1 }]), leadTime: { days: 7, sdDays: 0 }, serviceLevel: 0.9, reorderPoint: 1, orderUpTo: 2 },
    // Uses of 3 units: the reorder point is two uses' worth, not a fraction of a unit.
    { name: 'intermittent, 3 units a use', forecast: intermittent(3 / 14, [{ units: 3, share: 1 }]), leadTime: { days: 7, sdDays: 0 }, serviceLevel: undefined, reorderPoint: 6, orderUpTo: 8 },
    // λ = 0.1: P(0) = 0.905, P(≤1) = 0.995.
    { name: 'intermittent, one a month, 3-day lead time', forecast: intermittent(1 / 30, [{ units: 1, share: 1 }]), leadTime: { days: 3, sdDays: 0 }, serviceLevel: undefined, reorderPoint: 1, orderUpTo: 2 },
  ])('$name: reorder at $reorderPoint, up to $orderUpTo', ({ forecast, leadTime, serviceLevel, reorderPoint, orderUpTo }) => {
    const levels = reorderLevels({ forecast, leadTime, serviceLevel });
    expect(levels).toMatchObject({ reorderPoint, orderUpTo, source: 'forecast' });
    expect(levels.safetyStock).toBeCloseTo(reorderPoint - forecast.dailyMean * leadTime.days, 9);
    expect(levels.reason).toBeUndefined();
  });

  it('widens an intermittent item\'s reorder point when its lead time is uncertain', () => {
    const certain = reorderLevels({ forecast: intermittent(1 / 7, [{ units: 1, share: 1 }]), leadTime: { days: 7, sdDays: 0 } });
    const uncertain = reorderLevels({ forecast: intermittent(1 / 7, [{ units: 1, share: 1 }]), leadTime: { days: 7, sdDays: 3 } });
    expect(uncertain.reorderPoint).toBeGreaterThan(certain.reorderPoint);
  });

  it.each([
    { name: 'no forecast: the Minimum Stock', input: { forecast: none, minimumStock: 20 }, levels: { reorderPoint: 20, orderUpTo: 20, safetyStock: 0, leadTimeDemand: 0, source: 'minimum', reason: none.reason } },
    { name: 'no forecast and no minimum: nothing', input: { forecast: none }, levels: { reorderPoint: 0, orderUpTo: 0, source: 'minimum' } },
    {
      name: 'the minimum above the forecast\'s reorder point is a floor',
      input: { forecast: steady(10, 3), minimumStock: 80 },
      levels: { reorderPoint: 80, orderUpTo: 150, safetyStock: 40, source: 'minimum', reason: 'The Minimum Stock (80) is above the forecast\'s reorder point (53)' },
    },
    { name: 'a minimum under it changes nothing', input: { forecast: steady(10, 3), minimumStock: 30 }, levels: { reorderPoint: 53, orderUpTo: 123, source: 'forecast' } },
    { name: 'pinned levels win over forecast and minimum', input: { forecast: steady(10, 3), minimumStock: 80, pinned: { reorderPoint: 25, orderUpTo: 60 } }, levels: { reorderPoint: 25, orderUpTo: 60, source: 'pinned' } },
    { name: 'pinned without a forecast', input: { forecast: none, pinned: { reorderPoint: 2, orderUpTo: 4 } }, levels: { reorderPoint: 2, orderUpTo: 4, source: 'pinned' } },
    {
      name: 'pinned levels that make no sense are ignored, and said so',
      input: { forecast: steady(10, 3), pinned: { reorderPoint: 60, orderUpTo: 25 } },
      levels: { reorderPoint: 53, orderUpTo: 123, source: 'forecast', reason: 'The pinned levels are not usable (order-up-to below the reorder point, or not numbers) and are ignored' },
    },
    { name: 'a 14-day review period', input: { forecast: steady(10, 3), reviewDays: 14 }, levels: { reorderPoint: 53, orderUpTo: 193 } },
  ])('$name', ({ input, levels }) => {
    expect(reorderLevels({ leadTime: { days: 4, sdDays: 0 }, ...input })).toMatchObject(levels);
  });
});

describe('reorderLevels with appointments booked (issue 36)', () => {
  const base = { forecast: steady(1, 0.5), leadTime: { days: 4, sdDays: 0 }, reviewDays: 7 };

  it('raises both levels to what booked appointments take, and says why', () => {
    const plain = reorderLevels(base);
    const booked = reorderLevels({ ...base, scheduled: { leadTime: 9, withReview: 15 } });
    expect(plain.reorderPoint).toBeLessThan(9);
    expect(booked.reorderPoint).toBe(9);
    expect(booked.orderUpTo).toBe(Math.max(plain.orderUpTo, 15));
    expect(booked.reason).toBe('Appointments booked within the lead time need 9; with the review period 15');
  });

  it('changes nothing when the forecast already covers the bookings', () => {
    expect(reorderLevels({ ...base, scheduled: { leadTime: 1, withReview: 2 } })).toEqual(reorderLevels(base));
  });

  it('leaves pinned levels and products without a forecast alone', () => {
    expect(reorderLevels({ ...base, pinned: { reorderPoint: 2, orderUpTo: 4 }, scheduled: { leadTime: 9, withReview: 15 } })).toMatchObject({ reorderPoint: 2, orderUpTo: 4, source: 'pinned' });
    expect(reorderLevels({ ...base, forecast: none, minimumStock: 3, scheduled: { leadTime: 9, withReview: 15 } })).toMatchObject({ reorderPoint: 3, orderUpTo: 3, source: 'minimum' });
  });
});

describe('occasional use: order size and reorder point chosen together (issue 51)', () => {
  // One use every 20 days of a $100 item, 8-day lead time, $15 an order, 25% a year.
  const forecast: DemandForecast = { method: 'intermittent', dailyMean: 1 / 20, dailySd: Math.sqrt(1 / 20), days: 84, intermittent: { interval: 20, size: 1, sizes: [{ units: 1, share: 1 }] } };
  const leadTime = { days: 8, sdDays: 0, distribution: [{ days: 8, share: 1 }] };
  const costs = { orderCost: 15, holdingRate: 0.25, unitPrice: 100, packSize: 1 };
  const yearly = (units: number, reorderPoint: number, leadTimeDemand: number) => (15 * 365) / 20 / units + (25 * units) / 2 + 25 * Math.max(0, reorderPoint - leadTimeDemand);

  it('orders one more unit at a time when that lets the reorder point drop a unit, at a lower yearly cost and the fill kept', () => {
    const levels = reorderLevels({ forecast, leadTime, fillRate: 0.99, costs, sendDelayDays: 0 });
    const alone = economicOrder({ dailyUse: 1 / 20, unitPrice: 100, packSize: 1, orderCost: 15, holdingRate: 0.25 })!;
    const apart = fillRateReorderPoint(forecast, leadTime.distribution, 0.99, alone.units, true, 0);
    expect({ units: alone.units, reorderPoint: apart.reorderPoint }).toEqual({ units: 5, reorderPoint: 2 });
    expect(levels).toMatchObject({ orderUnits: 6, reorderPoint: 1, orderUpTo: 7 });
    expect(levels.expectedFill).toBeGreaterThanOrEqual(0.99);
    expect(yearly(6, 1, levels.leadTimeDemand)).toBeLessThan(yearly(5, 2, apart.leadTimeDemand));
    expect(levels.why).toBe('6 units at a time: for occasional use the order size and the reorder point are weighed together, the least yearly cost of ordering and of the stock held for the fill target (5 by ordering against holding alone)');
  });

  it('keeps the balance of ordering against holding where choosing together saves nothing', () => {
    const levels = reorderLevels({ forecast: { ...forecast, dailyMean: 1 / 30, intermittent: { interval: 30, size: 1, sizes: [{ units: 1, share: 1 }] } }, leadTime: { days: 6, sdDays: 0, distribution: [{ days: 6, share: 1 }] }, fillRate: 0.99, costs: { ...costs, unitPrice: 200 }, sendDelayDays: 0 });
    expect(levels).toMatchObject({ orderUnits: 3, reorderPoint: 1 });
    expect(levels.why).toMatch(/^3 units, about every 90 days: balances ordering/);
  });
});
