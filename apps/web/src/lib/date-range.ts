import dayjs from 'dayjs';
import { locationDay } from './location-time';

/** Today on the location's calendar, as a day to count presets from (lib/location-time.ts). */
export const locationToday = (now: Date = new Date()) => dayjs(locationDay(now));

/**
 * Spec section 9: expense and patient date ranges. Last month and last year are ours: a clinic
 * closing its books looks back at the month (or year) that just ended.
 */
export const RANGE_PRESETS = [
  { value: 'today', label: 'Today' },
  { value: 'this_week', label: 'This week' },
  { value: 'this_month', label: 'This month' },
  { value: 'last_month', label: 'Last month' },
  { value: 'this_year', label: 'This year' },
  { value: 'last_year', label: 'Last year' },
  { value: 'custom', label: 'Custom' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];

/** What the person picked: a preset, and the days typed for Custom (ISO, '' when empty). */
export interface RangeChoice {
  preset: RangePreset;
  custom: { from: string; to: string };
}

export interface DayRange {
  start?: string;
  end?: string;
}

export const rangeChoice = (preset: RangePreset): RangeChoice => ({ preset, custom: { from: '', to: '' } });

/** ISO start and end days of a preset (inclusive), from `now`; custom takes the user's days as they are. */
export function rangeOf(preset: RangePreset, custom: { from: string; to: string }, now = locationToday()): DayRange {
  const iso = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
  switch (preset) {
    case 'today':
      return { start: iso(now), end: iso(now) };
    case 'this_week':
      return { start: iso(now.startOf('week')), end: iso(now.endOf('week')) };
    case 'this_month':
      return { start: iso(now.startOf('month')), end: iso(now.endOf('month')) };
    case 'last_month': {
      const month = now.startOf('month').subtract(1, 'month');
      return { start: iso(month), end: iso(month.endOf('month')) };
    }
    case 'this_year':
      return { start: iso(now.startOf('year')), end: iso(now.endOf('year')) };
    case 'last_year': {
      const year = now.startOf('year').subtract(1, 'year');
      return { start: iso(year), end: iso(year.endOf('year')) };
    }
    case 'custom':
      return { ...(custom.from && { start: custom.from }), ...(custom.to && { end: custom.to }) };
  }
}

/** ISO days compare as text; an open side is never backwards. */
export function isBackwards(range: DayRange): boolean {
  return range.start !== undefined && range.end !== undefined && range.start > range.end;
}

/**
 * Switching to Custom starts from the days on screen, so the person adjusts a range instead of
 * typing two dates (and no report goes out half-chosen); days typed before are kept.
 */
export function choosePreset(choice: RangeChoice, preset: RangePreset, now = locationToday()): RangeChoice {
  if (preset !== 'custom' || choice.custom.from || choice.custom.to) return { ...choice, preset };
  const { start = '', end = '' } = rangeOf(choice.preset, choice.custom, now);
  return { preset, custom: { from: start, to: end } };
}
