import { describe, expect, it } from 'vitest';
import { learnLeadTime } from './lead-time';

describe('learnLeadTime', () => {
  it.each([
    { samples: [], reason: '0 of 3 receipts seen: 3 days assumed' },
    { samples: [6, 8], reason: '2 of 3 receipts seen: 3 days assumed' },
    { samples: [5, 250, -1, Number.NaN, 6], reason: '2 of 3 receipts seen: 3 days assumed; 3 receipts ignored (received before sent or after more than 200 days)' },
  ])('assumes 3 days until three receipts are seen: $samples', ({ samples, reason }) => {
    expect(learnLeadTime(samples)).toEqual({ days: 3, sdDays: 1, learned: false, samples: samples.filter((d) => d >= 0 && d <= 200).length, reason });
  });

  it.each([
    { name: 'three receipts', samples: [4, 5, 6], days: 5, sd: 1, reason: undefined },
    { name: 'the same every time', samples: [7, 7, 7, 7], days: 7, sd: 0, reason: undefined },
    { name: 'a delivery 25 days late among ten', samples: [5, 5, 6, 5, 4, 5, 6, 5, 30, 5], days: 5.3, sd: 0.82, reason: '1 unusual receipt capped at 2 days from the median (5 days)' },
    { name: 'an order received after 201 days', samples: [5, 6, 7, 201], days: 6, sd: 1, reason: '1 receipt ignored (received before sent or after more than 200 days)' },
    { name: 'jitter skewed late: 5 days counts in full, 6 is capped', samples: [3, 3, 4, 3, 5, 3, 4, 6], days: 3.84, sd: 1.05, reason: '1 unusual receipt capped at 2.2 days from the median (3.5 days)' },
  ])('learns from receipts: $name', ({ samples, days, sd, reason }) => {
    const estimate = learnLeadTime(samples);
    expect(estimate.learned).toBe(true);
    expect(estimate.days).toBeCloseTo(days, 2);
    expect(estimate.sdDays).toBeCloseTo(sd, 1);
    expect(estimate.reason).toBe(reason);
  });

  it('reads only the latest 30 receipts, so a supplier that changed is followed', () => {
    const estimate = learnLeadTime([...new Array<number>(40).fill(10), ...new Array<number>(30).fill(4)]);
    expect(estimate.days).toBe(4);
  });
});
