import { DATE_RANGE_MESSAGE, inDateRange, isCalendarDay, RANGE_DAY_MESSAGE } from './date-limits';

/**
 * Spec section 7 (Reports and patients) and 9 (expense date ranges, top 5 most used products, two
 * decimals). Every figure is defined once in docs/decisions.md (Reports); cards, charts and exports
 * read the same definitions.
 *
 * The range rules and the constants, without zod: reports.ts's schemas apply these rules on the
 * server, and the dashboard checks a range with them before asking, without building every
 * report schema in the browser (issue 37). reports.ts re-exports all of it.
 */
export const REPORT_MESSAGES = {
  startAfterEnd: 'The start date cannot go after the end date',
  rangeTooLong: 'Choose a range of at most 2 years',
  organizationOnly: 'Only an organization admin can see every location',
} as const;

/** The longest range a report answers, in days (two years and a leap day). */
export const MAX_REPORT_RANGE_DAYS = 731;
/** Spec section 9: the dashboard shows the top 5 most used products. */
export const TOP_PRODUCTS = 5;
export const TOP_SUPPLIERS = 5;

const daysBetween = (start: string, end: string) => (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000;

/** Inclusive UTC days (YYYY-MM-DD): a range runs from its start to its end. */
export const startsAfterEnd = (start: string, end: string) => start > end;
/** At most two years: MAX_REPORT_RANGE_DAYS days from start to end. */
export const rangeTooLong = (start: string, end: string) => daysBetween(start, end) >= MAX_REPORT_RANGE_DAYS;

const dayProblem = (day: string) => (!isCalendarDay(day) ? RANGE_DAY_MESSAGE : inDateRange(day) ? null : DATE_RANGE_MESSAGE);

/**
 * What is wrong with a range, in the words the server answers (ReportRangeQuerySchema: each day,
 * the start first, then the order, then the length), or null.
 */
export function reportRangeProblem(start: string, end: string): string | null {
  const problem = dayProblem(start) ?? dayProblem(end);
  if (problem) return problem;
  if (startsAfterEnd(start, end)) return REPORT_MESSAGES.startAfterEnd;
  if (rangeTooLong(start, end)) return REPORT_MESSAGES.rangeTooLong;
  return null;
}
