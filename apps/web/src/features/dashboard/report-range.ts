import type dayjs from 'dayjs';
import { ReportRangeQuerySchema } from '@clinic/domain';
import { rangeOf, type RangeChoice } from '../../lib/date-range';

export interface ReportRange {
  start_date: string;
  end_date: string;
}

/** Reports need both ends of a custom range (the cards and expense by day have no default). */
export const INCOMPLETE_RANGE = 'Choose a start and an end date';

/**
 * The range to ask the reports for, or why there is none. The contract's own schema judges it, so
 * the page refuses exactly what the server would (start after end, longer than two years) and
 * sends nothing instead of a request bound to fail.
 */
export function reportRange(choice: RangeChoice, now?: dayjs.Dayjs): { range: ReportRange; problem: null } | { range: null; problem: string } {
  const { start, end } = rangeOf(choice.preset, choice.custom, now);
  if (!start || !end) return { range: null, problem: INCOMPLETE_RANGE };
  const parsed = ReportRangeQuerySchema.safeParse({ start_date: start, end_date: end });
  if (!parsed.success) return { range: null, problem: parsed.error.issues[0]?.message ?? INCOMPLETE_RANGE };
  return { range: { start_date: start, end_date: end }, problem: null };
}
