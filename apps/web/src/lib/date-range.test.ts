import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { choosePreset, isBackwards, rangeChoice, rangeOf } from './date-range';

const NOW = dayjs('2026-11-23T10:00:00');

describe('date range presets', () => {
  it('gives inclusive ISO days for each preset', () => {
    expect(rangeOf('today', { from: '', to: '' }, NOW)).toEqual({ start: '2026-11-23', end: '2026-11-23' });
    expect(rangeOf('this_week', { from: '', to: '' }, NOW)).toEqual({ start: '2026-11-22', end: '2026-11-28' });
    expect(rangeOf('this_month', { from: '', to: '' }, NOW)).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(rangeOf('this_year', { from: '', to: '' }, NOW)).toEqual({ start: '2026-01-01', end: '2026-12-31' });
  });

  it('looks back at the month and the year that ended, across a year boundary too', () => {
    expect(rangeOf('last_month', { from: '', to: '' }, NOW)).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    expect(rangeOf('last_month', { from: '', to: '' }, dayjs('2027-01-15T08:00:00'))).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(rangeOf('last_month', { from: '', to: '' }, dayjs('2027-03-31T08:00:00'))).toEqual({ start: '2027-02-01', end: '2027-02-28' });
    expect(rangeOf('last_year', { from: '', to: '' }, NOW)).toEqual({ start: '2025-01-01', end: '2025-12-31' });
  });

  it('takes a custom range as typed, open on a side left empty', () => {
    expect(rangeOf('custom', { from: '2026-02-01', to: '' }, NOW)).toEqual({ start: '2026-02-01' });
    expect(rangeOf('custom', { from: '2026-02-01', to: '2026-03-01' }, NOW)).toEqual({ start: '2026-02-01', end: '2026-03-01' });
  });

  it('calls a range backwards only when both sides are given and the start is later', () => {
    expect(isBackwards({ start: '2026-03-02', end: '2026-03-01' })).toBe(true);
    expect(isBackwards({ start: '2026-03-01', end: '2026-03-01' })).toBe(false);
    expect(isBackwards({ start: '2026-03-02' })).toBe(false);
    expect(isBackwards({})).toBe(false);
  });
});

describe('choosing a preset', () => {
  it('starts Custom from the range on screen, and keeps days typed before', () => {
    expect(choosePreset(rangeChoice('this_month'), 'custom', NOW)).toEqual({ preset: 'custom', custom: { from: '2026-11-01', to: '2026-11-30' } });
    const typed = { preset: 'this_year' as const, custom: { from: '2026-02-01', to: '2026-02-10' } };
    expect(choosePreset(typed, 'custom', NOW)).toEqual({ ...typed, preset: 'custom' });
    expect(choosePreset(rangeChoice('custom'), 'today', NOW)).toEqual(rangeChoice('today'));
  });
});
