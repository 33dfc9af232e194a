import dayjs from 'dayjs';

/** Spec section 9: expense and patient date ranges. */
export const RANGE_PRESETS = [
  { value: 'today', label: 'Today' },
  { value: 'this_week', label: 'This week' },
  { value: 'this_month', label: 'This month' },
  { value: 'this_year', label: 'This year' },
  { value: 'custom', label: 'Custom' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];

/** ISO start and end days of a preset (inclusive), from `now`; custom takes the user's days as they are. */
export function rangeOf(preset: RangePreset, custom: { from: string; to: string }, now = dayjs()): { start?: string; end?: string } {
  const iso = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
  switch (preset) {
    case 'today':
      return { start: iso(now), end: iso(now) };
    case 'this_week':
      return { start: iso(now.startOf('week')), end: iso(now.endOf('week')) };
    case 'this_month':
      return { start: iso(now.startOf('month')), end: iso(now.endOf('month')) };
    case 'this_year':
      return { start: iso(now.startOf('year')), end: iso(now.endOf('year')) };
    case 'custom':
      return { ...(custom.from && { start: custom.from }), ...(custom.to && { end: custom.to }) };
  }
}
