import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { uploads } from '../../db/schema/index';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = Pick<typeof uploads.$inferInsert, 'key' | 'companyId' | 'type' | 'mimeType' | 'fileName' | 'createdBy'>;

export async function insertUpload(db: DbOrTx, values: NewUpload): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  return row!;
}

export async function findUploadByKey(db: DbOrTx, key: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  return row ?? null;
}

/** Locks a not-yet-completed upload so one policy uploads one file, once. */
export async function lockPendingUpload(db: DbOrTx, key: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(and(eq(uploads.key, key), isNull(uploads.completedAt))).for('update').limit(1);
  return row ?? null;
}

export async function markUploadCompleted(db: DbOrTx, id: string, sizeBytes: number, at: Date): Promise<void> {
  await db.update(uploads).set({ completedAt: at, sizeBytes }).where(eq(uploads.id, id));
}

/** A file written by the server itself (purchase-order PDFs) is complete at once. */
export async function insertCompletedUpload(db: DbOrTx, values: NewUpload & { sizeBytes: number; completedAt: Date }): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  return row!;
}
