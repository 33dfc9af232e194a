import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResets } from '../../db/schema/index';

export async function insertPasswordReset(db: DbOrTx, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(passwordResets).values({ userId, tokenHash, expiresAt });
}

/** Marks a live token used and returns its user; a used or expired token returns null. */
export async function consumePasswordReset(db: DbOrTx, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ userId: passwordResets.userId });
  return row?.userId ?? null;
}

/** A new link makes the older unused ones of that user worthless. */
export async function revokeOpenResets(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
