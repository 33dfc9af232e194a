import type dayjs from 'dayjs';
import { reportRangeProblem } from '@clinic/domain';
import { rangeOf, type RangeChoice } from '../../lib/date-range';

export interface ReportRange {
  start_date: string;
  end_date: string;
}

/** Reports need both ends of a custom range (the cards and expense by day have no default). */
export const INCOMPLETE_RANGE = 'Choose a start and an end date';

/**
 * The range to ask the reports for, or why there is none. The contract's own rules judge it (the
 * ones ReportRangeQuerySchema applies, without building the schemas in the browser), so the page
 * refuses exactly what the server would (start after end, longer than two years) and sends nothing
 * instead of a request bound to fail.
 */
export function reportRange(choice: RangeChoice, now?: dayjs.Dayjs): { range: ReportRange; problem: null } | { range: null; problem: string } {
  const { start, end } = rangeOf(choice.preset, choice.custom, now);
  if (!start || !end) return { range: null, problem: INCOMPLETE_RANGE };
  const problem = reportRangeProblem(start, end);
  if (problem) return { range: null, problem };
  return { range: { start_date: start, end_date: end }, problem: null };
}
