import type dayjs from 'dayjs';
import { OrderRangeQuerySchema } from '@clinic/domain';
import { rangeOf, type RangeChoice } from '../../lib/date-range';

export interface OrderRange {
  startDate: string;
  endDate: string;
}

export const INCOMPLETE_RANGE = 'Choose a start and an end date';

/**
 * The days to list orders for, or why there are none. The contract's schema judges them, so the
 * page refuses what order-status would (start after end) and asks the server nothing.
 */
export function orderRange(choice: RangeChoice, now?: dayjs.Dayjs): { range: OrderRange; problem: null } | { range: null; problem: string } {
  const { start, end } = rangeOf(choice.preset, choice.custom, now);
  if (!start || !end) return { range: null, problem: INCOMPLETE_RANGE };
  const parsed = OrderRangeQuerySchema.safeParse({ startDate: start, endDate: end });
  if (!parsed.success) return { range: null, problem: parsed.error.issues[0]?.message ?? INCOMPLETE_RANGE };
  return { range: { startDate: start, endDate: end }, problem: null };
}
