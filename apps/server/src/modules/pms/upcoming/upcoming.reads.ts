import { UPCOMING_DAYS } from '@clinic/domain';
import type { DbOrTx } from '../../../db/client';
import { plannedProcedures, trayItems } from './upcoming.repo';
import { traysByTreatment, windowEnd } from './upcoming.service';

/**
 * What the appointments booked from today take of each product, by day (issue 36): the reorder
 * levels count it as known use within the lead time. Empty for a location without a schedule.
 */
export async function scheduledUse(db: DbOrTx, companyId: string, today: string, productId?: string): Promise<Map<string, { day: string; units: number }[]>> {
  const planned = await plannedProcedures(db, companyId, today, windowEnd(today, UPCOMING_DAYS));
  const treatmentIds = [...new Set(planned.flatMap((p) => (p.treatment_id ? [p.treatment_id] : [])))];
  const trays = traysByTreatment(await trayItems(db, treatmentIds, productId));
  const use = new Map<string, Map<string, number>>();
  for (const p of planned) {
    for (const item of (p.treatment_id && trays.get(p.treatment_id)) || []) {
      const days = use.get(item.productId) ?? new Map<string, number>();
      days.set(p.day, (days.get(p.day) ?? 0) + item.quantity * Number(p.quantity));
      use.set(item.productId, days);
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
