import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { productionDays } from '../../../db/schema';

// Production the clinic gives besides its procedures' fees (issue 36): a month typed (kept on the
// month's first day), a day's figure from a CSV.

export async function saveMonthlyProduction(db: DbOrTx, companyId: string, day: string, amount: number): Promise<void> {
  await db
    .insert(productionDays)
    .values({ companyId, day, source: 'typed', amount })
    .onConflictDoUpdate({ target: [productionDays.companyId, productionDays.day, productionDays.source], set: { amount, updatedAt: sql`now()` } });
}

export async function clearMonthlyProduction(db: DbOrTx, companyId: string, day: string): Promise<void> {
  await db.delete(productionDays).where(and(eq(productionDays.companyId, companyId), eq(productionDays.day, day), eq(productionDays.source, 'typed')));
}

/** Each day's production from a CSV, replacing what an earlier file said for that day. */
export async function saveDailyProduction(db: DbOrTx, companyId: string, days: ReadonlyMap<string, number>): Promise<void> {
  if (days.size === 0) return;
  await db
    .insert(productionDays)
    .values([...days].map(([day, amount]) => ({ companyId, day, source: 'csv' as const, amount })))
    .onConflictDoUpdate({ target: [productionDays.companyId, productionDays.day, productionDays.source], set: { amount: sql`excluded.amount`, updatedAt: sql`now()` } });
}
