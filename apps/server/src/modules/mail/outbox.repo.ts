import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailOutbox, type OutboxAttachment } from '../../db/schema/index';

export type OutboxRow = typeof emailOutbox.$inferSelect;

export interface NewEmail {
  to: string;
  subject: string;
  text: string;
  attachments?: OutboxAttachment[];
}

export async function enqueueEmail(db: DbOrTx, email: NewEmail): Promise<void> {
  await db.insert(emailOutbox).values(email);
}

export async function listOutbox(db: DbOrTx, page: { offset: number; limit: number }) {
  const [records, totals] = await Promise.all([
    db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(emailOutbox),
  ]);
  return { records, total: totals[0]?.n ?? 0 };
}

/** Claims pending messages; SKIP LOCKED lets several server processes share the outbox safely. */
export async function claimPending(db: DbOrTx, limit: number, maxAttempts: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lt(emailOutbox.attempts, maxAttempts)))
    .orderBy(asc(emailOutbox.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markSent(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: new Date(), attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
    .where(eq(emailOutbox.id, id));
}

export async function markAttemptFailed(db: DbOrTx, id: string, error: string, giveUp: boolean): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: giveUp ? 'failed' : 'pending', attempts: sql`${emailOutbox.attempts} + 1`, lastError: error.slice(0, 500) })
    .where(eq(emailOutbox.id, id));
}
