import { describe, expect, it } from 'vitest';
import { learnLeadTime } from './lead-time';

const shares = (estimate: ReturnType<typeof learnLeadTime>) => Object.fromEntries(estimate.distribution.map((p) => [p.days, p.share]));

describe('learnLeadTime (issue 51: the distribution as the supplier delivers)', () => {
  it.each([
    { name: 'no receipts: 3 days, a day either way', samples: [], days: 3, learned: false, distribution: { 2: 0.25, 3: 0.5, 4: 0.25 }, reason: '0 of 3 receipts seen: 3 days assumed' },
    { name: 'two receipts: the later of 3 days and what was seen', samples: [6, 8], days: 8, learned: false, distribution: { 7: 0.25, 8: 0.5, 9: 0.25 }, reason: '2 of 3 receipts seen: 8 days assumed' },
    {
      name: 'bad data and too few receipts',
      samples: [5, -1, Number.NaN, 6],
      days: 6,
      learned: false,
      distribution: { 5: 0.25, 6: 0.5, 7: 0.25 },
      reason: '2 of 3 receipts seen: 6 days assumed; 2 receipts ignored (received before sent, or no date)',
    },
    {
      name: 'three receipts: each also a day early and a day late',
      samples: [4, 5, 6],
      days: 5,
      learned: true,
      distribution: { 3: 1 / 12, 4: 0.25, 5: 1 / 3, 6: 0.25, 7: 1 / 12 },
      reason: '3 receipts only: each also counted a day early and a day late',
    },
  ])('few receipts: $name', ({ samples, days, learned, distribution, reason }) => {
    const estimate = learnLeadTime(samples);
    expect(estimate).toMatchObject({ learned, reason });
    expect(estimate.days).toBeCloseTo(days, 9);
    const got = shares(estimate);
    for (const [d, share] of Object.entries(distribution)) expect(got[d]).toBeCloseTo(share, 9);
    expect(estimate.distribution.reduce((s, p) => s + p.share, 0)).toBeCloseTo(1, 9);
  });

  it.each([
    {
      name: 'late one delivery in five by 1–2 weeks: both humps kept, nothing capped',
      samples: [5, 5, 6, 5, 15, 5, 6, 5, 5, 12, 5, 6, 5, 5, 14, 5, 6, 5, 5, 13],
      days: 6.9,
      distribution: { 5: 0.6, 6: 0.2, 12: 0.05, 13: 0.05, 14: 0.05, 15: 0.05 },
      lateShare: 0.2,
      reason: '4 of 20 deliveries more than 3 days late (usual 5 days): planned for',
    },
    {
      name: 'a delivery 25 days late among ten counts as it came',
      samples: [5, 5, 6, 5, 4, 5, 6, 5, 30, 5],
      days: 7.6,
      distribution: { 4: 0.1, 5: 0.6, 6: 0.2, 30: 0.1 },
      lateShare: 0.1,
      reason: '1 of 10 deliveries more than 3 days late (usual 5 days): planned for',
    },
    {
      name: 'a forgotten order (open 120 days) is left out, with the reason',
      samples: [5, 6, 5, 5, 6, 5, 5, 6, 5, 5, 120],
      days: 5.3,
      distribution: { 5: 0.7, 6: 0.3 },
      lateShare: 0,
      reason: '1 order left out as left open, not a delivery time (received after 120 days, where this supplier usually takes 5)',
    },
    {
      name: 'a slow supplier\'s 40 days is a delivery, not a forgotten order',
      samples: [30, 32, 35, 31, 30, 33, 30, 31, 34, 40],
      days: 32.6,
      distribution: { 30: 0.3, 40: 0.1 },
      lateShare: 0.2,
      reason: '2 of 10 deliveries more than 3 days late (usual 31.5 days): planned for',
    },
    { name: 'fractions of a day round to whole days', samples: [4.6, 5.2, 4.9, 5.4, 5, 5.1, 4.8, 5.3, 4.7, 5], days: 5, distribution: { 5: 1 }, lateShare: 0, reason: undefined },
  ])('learns from receipts: $name', ({ samples, days, distribution, lateShare, reason }) => {
    const estimate = learnLeadTime(samples);
    expect(estimate.learned).toBe(true);
    expect(estimate.days).toBeCloseTo(days, 9);
    expect(estimate.lateShare).toBeCloseTo(lateShare, 9);
    expect(estimate.reason).toBe(reason);
    const got = shares(estimate);
    for (const [d, share] of Object.entries(distribution)) expect(got[d]).toBeCloseTo(share, 9);
  });

  it('reads only the latest 30 receipts, so a supplier that changed is followed', () => {
    const estimate = learnLeadTime([...new Array<number>(40).fill(10), ...new Array<number>(30).fill(4)]);
    expect(estimate.days).toBe(4);
    expect(estimate.distribution).toEqual([{ days: 4, share: 1 }]);
  });
});
