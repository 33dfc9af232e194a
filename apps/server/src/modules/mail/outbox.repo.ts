import { count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { QUEUES } from '../../jobs/queues';
import { emailOutbox, type OutboxAttachment } from '../../db/schema/index';

export type OutboxRow = typeof emailOutbox.$inferSelect;

export interface NewEmail {
  to: string;
  subject: string;
  text: string;
  attachments?: OutboxAttachment[];
}

/**
 * Keeps the message in the outbox (what the admin's Outbox page lists) and queues its delivery,
 * both in the caller's transaction: an e-mail goes out only for what was committed.
 */
export async function enqueueEmail(tx: DbOrTx, jobs: JobQueue, email: NewEmail): Promise<void> {
  const [row] = await tx.insert(emailOutbox).values(email).returning({ id: emailOutbox.id });
  await jobs.send(QUEUES.email, { emailId: row!.id }, { tx });
}

export async function countPendingEmails(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
  return Number(row?.n ?? 0);
}

export async function findOutboxEmail(db: DbOrTx, id: string): Promise<OutboxRow | null> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row ?? null;
}

export async function listOutbox(db: DbOrTx, page: { offset: number; limit: number }) {
  const [records, totals] = await Promise.all([
    db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(emailOutbox),
  ]);
  return { records, total: totals[0]?.n ?? 0 };
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
