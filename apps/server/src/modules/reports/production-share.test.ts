import { judgedMonths } from './production-share';

describe('the months a supply share is judged over', () => {
  it.each([
    ['2026-12-06', { start: '2026-11-01', end: '2026-11-30', months: 1 }, { start: '2026-09-01', end: '2026-11-30', months: 3 }],
    // January: the year before.
    ['2027-01-01', { start: '2026-12-01', end: '2026-12-31', months: 1 }, { start: '2026-10-01', end: '2026-12-31', months: 3 }],
    // A leap February; the last day of a month is not yet whole.
    ['2028-03-31', { start: '2028-02-01', end: '2028-02-29', months: 1 }, { start: '2027-12-01', end: '2028-02-29', months: 3 }],
  ])('on %s: the last full month and the three ending with it', (today, lastMonth, trailing) => {
    expect(judgedMonths(today)).toEqual({ lastMonth, trailing });
  });
});
