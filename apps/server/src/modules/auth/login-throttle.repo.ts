import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginFailures } from '../../db/schema/index';

export const MAX_FAILURES = 5;
export const WINDOW_MINUTES = 15;

/** Failures recorded for this key within the current window. */
export async function recentFailures(db: DbOrTx, key: string, now: Date): Promise<number> {
  const [row] = await db.select().from(loginFailures).where(eq(loginFailures.key, key)).limit(1);
  if (!row) return 0;
  const windowEnds = row.windowStartedAt.getTime() + WINDOW_MINUTES * 60_000;
  return windowEnds > now.getTime() ? row.failures : 0;
}

export async function recordFailure(db: DbOrTx, key: string, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - WINDOW_MINUTES * 60_000);
  await db
    .insert(loginFailures)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${loginFailures.windowStartedAt} < ${windowStart} then 1 else ${loginFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginFailures.windowStartedAt} < ${windowStart} then ${now} else ${loginFailures.windowStartedAt} end`,
      },
    });
}

export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
