import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, organizations, uploads } from '../../db/schema/index';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = Pick<typeof uploads.$inferInsert, 'key' | 'companyId' | 'type' | 'mimeType' | 'fileName' | 'createdBy'>;

export async function insertUpload(db: DbOrTx, values: NewUpload & { maxBytes: number; expiresAt: Date }): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  return row!;
}

export async function findUploadByKey(db: DbOrTx, key: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  return row ?? null;
}

/**
 * Uses a grant: the first form post sets `claimed_at` and gets the row; any other post, at the
 * same moment or later, from this process or another, gets null. One statement, committed at
 * once, so nothing stays locked while the file arrives.
 */
export async function claimUpload(db: DbOrTx, key: string, at: Date): Promise<UploadRow | null> {
  const [row] = await db
    .update(uploads)
    .set({ claimedAt: at })
    .where(and(eq(uploads.key, key), isNull(uploads.claimedAt), isNull(uploads.completedAt)))
    .returning();
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

/** Forgets a grant that stored nothing: its space is free again and no post can use it. */
export async function deleteUnfinishedUpload(db: DbOrTx, key: string): Promise<boolean> {
  const deleted = await db.delete(uploads).where(and(eq(uploads.key, key), isNull(uploads.completedAt))).returning({ id: uploads.id });
  return deleted.length > 0;
}

/** A file written by the server itself (purchase-order PDFs) is complete at once. */
export async function insertCompletedUpload(db: DbOrTx, values: NewUpload & { sizeBytes: number; completedAt: Date }): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  return row!;
}

/**
 * Puts the grants of one organization in a row (its organization row is locked until the
 * caller's transaction ends), so two grants asked at once cannot both take the last space.
 * Answers the organization, or null for a location that has none.
 */
export async function lockOrganizationOfCompany(tx: DbOrTx, companyId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .innerJoin(companies, eq(companies.organizationId, organizations.id))
    .where(eq(companies.id, companyId))
    .for('update', { of: organizations })
    .limit(1);
  return row?.id ?? null;
}

/**
 * Bytes an organization's locations hold: stored files at their size, and grants not yet
 * finished at the most they may bring, while they still can (`heldSince`: expiring after it).
 */
export async function organizationStorageBytes(tx: DbOrTx, organizationId: string, heldSince: Date): Promise<number> {
  const [row] = await tx
    .select({
      bytes: sql<string>`coalesce(sum(case when ${uploads.completedAt} is not null then coalesce(${uploads.sizeBytes}, 0)
                                       when ${uploads.expiresAt} > ${heldSince.toISOString()}::timestamptz then coalesce(${uploads.maxBytes}, 0)
                                       else 0 end), 0)`,
    })
    .from(uploads)
    .innerJoin(companies, eq(companies.id, uploads.companyId))
    .where(eq(companies.organizationId, organizationId));
  return Number(row?.bytes ?? 0);
}

/** Grants that can no longer bring a file: expired before `before` and never finished. */
export async function listAbandonedUploads(db: DbOrTx, before: Date, limit: number): Promise<{ key: string }[]> {
  return db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(isNull(uploads.completedAt), lt(uploads.expiresAt, before)))
    .limit(limit);
}
