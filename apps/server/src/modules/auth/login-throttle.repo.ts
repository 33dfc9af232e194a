import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginFailures } from '../../db/schema/index';

export const WINDOW_MINUTES = 15;

/**
 * How many attempts each key allows within a window. Sign-in is limited per account and address
 * (the usual typo budget), per account from anywhere (a spread-out guesser) and per address across
 * accounts (one client spraying many accounts). Password-reset e-mails are limited per address
 * and per recipient.
 */
export const LIMITS = {
  signInAccountAddress: 5,
  signInAccount: 10,
  signInAddress: 30,
  resetAddress: 10,
  resetRecipient: 3,
} as const;

/**
 * Counts one attempt for the key and answers the count including it, in one statement: parallel
 * requests each get their own number, so no more than the limit ever go on to check a password.
 */
export async function countAttempt(db: DbOrTx, key: string, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - WINDOW_MINUTES * 60_000);
  const [row] = await db
    .insert(loginFailures)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${loginFailures.windowStartedAt} < ${windowStart} then 1 else ${loginFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginFailures.windowStartedAt} < ${windowStart} then ${now} else ${loginFailures.windowStartedAt} end`,
      },
    })
    .returning({ failures: loginFailures.failures });
  return row!.failures;
}

/** Takes back one counted attempt (a sign-in that succeeded does not count against its address). */
export async function uncountAttempt(db: DbOrTx, key: string): Promise<void> {
  await db.update(loginFailures).set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` }).where(eq(loginFailures.key, key));
}

export async function clearAttempts(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
