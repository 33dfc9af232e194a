import { UPCOMING_DAYS } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import { plannedProcedures, trayItems } from './upcoming.repo';
import { windowEnd } from './upcoming.service';

/**
 * What the appointments booked from today take of each product, by day (issue 36): the reorder
 * levels count it as known use within the lead time. Empty for a location without a schedule.
 */
export async function scheduledUse(db: DbOrTx, companyId: string, today: string): Promise<Map<string, { day: string; units: number }[]>> {
  const planned = await plannedProcedures(db, companyId, today, windowEnd(today, UPCOMING_DAYS));
  const treatmentIds = [...new Set(planned.flatMap((p) => (p.treatment_id ? [p.treatment_id] : [])))];
  const items = await trayItems(db, treatmentIds);
  const use = new Map<string, Map<string, number>>();
  for (const p of planned) {
    if (!p.treatment_id) continue;
    for (const item of items.filter((i) => i.treatment_id === p.treatment_id)) {
      const days = use.get(item.product_id) ?? new Map<string, number>();
      days.set(p.day, (days.get(p.day) ?? 0) + Number(item.quantity) * Number(p.quantity));
      use.set(item.product_id, days);
    }
  }
  return new Map([...use].map(([productId, days]) => [productId, [...days].map(([day, units]) => ({ day, units }))]));
}

/** The units of a product's scheduled use before a number of days from today have passed. */
export function useWithin(days: { day: string; units: number }[] | undefined, today: string, withinDays: number): number {
  if (!days) return 0;
  const last = windowEnd(today, Math.max(1, Math.ceil(withinDays)));
  return days.filter((d) => d.day <= last).reduce((sum, d) => sum + d.units, 0);
}
