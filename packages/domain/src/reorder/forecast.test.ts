import { describe, expect, it } from 'vitest';
import { forecastDemand, historySinceFirstReceipt } from './forecast';

/** `weeks` weeks of use, Monday first, from a week's pattern; the day after the last is a Monday. */
function weeksOf(week: number[], weeks: number): number[] {
  return Array.from({ length: weeks }, () => week).flat();
}

/** A use of `units` every `every` days, the last one `every` days before today. */
function every(every: number, days: number, units: number | ((n: number) => number) = 1): number[] {
  let n = 0;
  return Array.from({ length: days }, (_, i) => ((days - i) % every === 0 ? (typeof units === 'number' ? units : units(n++)) : 0));
}

describe('forecastDemand', () => {
  it.each([
    { history: [], reason: 'No use history: the Minimum Stock is the reorder point' },
    { history: new Array<number>(56).fill(0), reason: 'No use recorded in the last 8 weeks: the Minimum Stock is the reorder point' },
    { history: [0, 0, 0, 0, 0], reason: 'No use recorded in the last 5 days: the Minimum Stock is the reorder point' },
    { history: [Number.NaN, -3, 0, Infinity], reason: 'No use recorded in the last 4 days: the Minimum Stock is the reorder point' },
  ])('has no forecast without use ($reason)', ({ history, reason }) => {
    expect(forecastDemand(history)).toEqual({ method: 'none', dailyMean: 0, dailySd: 0, days: history.length, reason });
  });

  it.each([
    { name: 'the same every day', history: new Array<number>(56).fill(5), mean: 5, sd: 0 },
    { name: 'alternating 4 and 6', history: Array.from({ length: 84 }, (_, i) => (i % 2 === 0 ? 4 : 6)), mean: 5, sd: 1 },
  ])('reads steady use: $name', ({ history, mean, sd }) => {
    const forecast = forecastDemand(history);
    expect(forecast.method).toBe('steady');
    expect(Math.abs(forecast.dailyMean - mean)).toBeLessThan(0.1);
    expect(Math.abs(forecast.dailySd - sd)).toBeLessThan(0.1);
  });

  it('states the smoothed level\'s own error: σ √(α / (2 − α)), 0.229 σ at α = 0.1 (steady and weekly use)', () => {
    const steadyUse = forecastDemand(Array.from({ length: 84 }, (_, i) => (i % 2 === 0 ? 4 : 6)));
    expect(steadyUse.levelSd! / steadyUse.dailySd).toBeCloseTo(0.229416, 5);
    const weeklyUse = forecastDemand(weeksOf([10, 12, 10, 12, 10, 4, 0], 8).map((u, i) => u + (i % 3) - 1));
    expect(weeklyUse.method).toBe('weekly');
    expect(weeklyUse.levelSd! / weeklyUse.dailySd).toBeCloseTo(0.229416, 5);
  });

  it('follows a level that moved (exponential smoothing weighs the latest weeks most)', () => {
    const forecast = forecastDemand([...new Array<number>(56).fill(4), ...new Array<number>(28).fill(8)]);
    expect(forecast.method).toBe('steady');
    expect(forecast.dailyMean).toBeGreaterThan(7.5);
  });

  it.each([
    { name: 'busy weekdays, half Saturday, closed Sunday', week: [10, 12, 10, 12, 10, 4, 0] },
    { name: 'a Friday-heavy aesthetic clinic, closed weekends', week: [2, 2, 3, 3, 9, 0, 0] },
  ])('reads a weekly rhythm: $name, profile starting today', ({ week }) => {
    const forecast = forecastDemand(weeksOf(week, 8));
    expect(forecast.method).toBe('weekly');
    expect(forecast.weekProfile).toEqual(week);
    expect(forecast.dailyMean).toBeCloseTo(week.reduce((s, u) => s + u, 0) / 7, 6);
  });

  it('follows a weekly rhythm whose level doubled four weeks ago (issue 51: smoothed level, weekday indices)', () => {
    const week = [10, 12, 10, 12, 10, 4, 0];
    const forecast = forecastDemand([...weeksOf(week, 8), ...weeksOf(week.map((u) => 2 * u), 4)]);
    expect(forecast.method).toBe('weekly');
    const windowMean = (8 * 58 + 4 * 116) / 84;
    expect(forecast.dailyMean).toBeGreaterThan(windowMean * 1.3);
    expect(forecast.weekProfile![5]! / forecast.weekProfile![0]!).toBeCloseTo(0.4, 6);
  });

  it('starts the weekly profile on today\'s weekday', () => {
    // 8 weeks and 3 days ending on a Wednesday: today is a Thursday.
    const history = [...weeksOf([10, 12, 10, 12, 10, 4, 0], 8), 10, 12, 10];
    expect(forecastDemand(history).weekProfile).toEqual([12, 10, 4, 0, 10, 12, 10]);
  });

  it.each([
    { name: 'one implant every 14 days', history: every(14, 84), interval: 14, sizes: [{ units: 1, share: 1 }] },
    { name: 'one every 30 days', history: every(30, 90), interval: 30, sizes: [{ units: 1, share: 1 }] },
    { name: '2 or 4 units every 10 days', history: every(10, 84, (n) => (n % 2 === 0 ? 2 : 4)), interval: 10, sizes: [{ units: 2, share: 0.5 }, { units: 4, share: 0.5 }] },
    { name: 'every other Tuesday (not a weekly rhythm: most Tuesdays see none)', history: every(14, 84, 1), interval: 14, sizes: [{ units: 1, share: 1 }] },
  ])('uses Croston / SBA for intermittent use: $name', ({ history, interval, sizes }) => {
    const forecast = forecastDemand(history);
    expect(forecast.method).toBe('intermittent');
    expect(forecast.intermittent?.sizes).toEqual(sizes);
    expect(forecast.intermittent?.interval).toBeCloseTo(interval, 0);
    // SBA: (1 - α/2) × Croston's size / interval.
    const { size, interval: smoothed } = forecast.intermittent!;
    expect(forecast.dailyMean).toBeCloseTo(0.95 * (size / smoothed), 9);
    expect(forecast.dailySd).toBeGreaterThan(forecast.dailyMean);
  });

  it('reads use on most open days of a closed-weekend clinic as weekly, not intermittent', () => {
    // 5 open days in 7 gives an interval of 1.4 days between uses, above the 1.32 cut-off.
    const forecast = forecastDemand(weeksOf([3, 4, 3, 4, 3, 0, 0], 10));
    expect(forecast.method).toBe('weekly');
  });

  it('reads sparse use on open days as intermittent even with a weekly rhythm', () => {
    const forecast = forecastDemand(weeksOf([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 6));
    expect(forecast.method).toBe('intermittent');
  });
});

describe('historySinceFirstReceipt (issue 51)', () => {
  it('reads a new product from its first receipt, not padded with zeros', () => {
    const padded = [...new Array<number>(70).fill(0), ...new Array<number>(14).fill(2)];
    expect(forecastDemand(padded).method).toBe('intermittent');
    const since = historySinceFirstReceipt(padded, 14);
    expect(since).toHaveLength(14);
    expect(forecastDemand(since)).toMatchObject({ method: 'steady', dailyMean: 2 });
  });

  it.each([
    { since: null, length: 84 },
    { since: 200, length: 84 },
    { since: 0, length: 10 },
    { since: 10, length: 10 },
  ])('first receipt $since days ago, no use before: $length days read', ({ since, length }) => {
    expect(historySinceFirstReceipt([...new Array<number>(74).fill(0), ...new Array<number>(10).fill(1)], since)).toHaveLength(length);
  });

  it('starts at the first use when use was recorded before the first receipt (stock found at a count)', () => {
    expect(historySinceFirstReceipt([0, 0, 1, 0, 2, 1], 1)).toEqual([1, 0, 2, 1]);
  });
});
