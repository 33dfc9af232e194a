import type { z } from 'zod';
import { formatDate, unitCount } from '../../../lib/format';

/** What the write-off dialogs need of a lot: a stock row of the grid, or an expiry alert's lot. */
export interface WriteOffLot {
  id: string;
  lotNumber: string;
  expiry_date: string | null;
  units_left: number;
}

/** "Lidocaine, lot L1, expires 06-30-2027: 7 units left." */
export function lotLine(product: { name: string }, lot: WriteOffLot): string {
  return `${product.name}, lot ${lot.lotNumber || '(no lot number)'}, expires ${formatDate(lot.expiry_date)}: ${unitCount(lot.units_left)} left.`;
}

/** The schema's message for a top-level field, or undefined. */
export function fieldIssue(parsed: z.ZodSafeParseResult<unknown>, field: string): string | undefined {
  return parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field)?.message;
}
