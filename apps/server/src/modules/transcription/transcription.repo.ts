import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TranscriptionStatus } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import { products, transcriptionJobs, treatmentLogProducts, treatmentLogs, treatmentLogTreatments, treatments } from '../../db/schema/index';

export type TranscriptionJobRow = typeof transcriptionJobs.$inferSelect;

export async function insertTranscriptionJob(tx: DbOrTx, values: { companyId: string; treatmentLogId: string }): Promise<TranscriptionJobRow> {
  const [row] = await tx.insert(transcriptionJobs).values(values).returning();
  return row!;
}

/** The status of each visit's latest job (visits without one are absent). */
export async function latestJobStatuses(db: DbOrTx, logIds: string[]): Promise<Map<string, TranscriptionStatus>> {
  if (logIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([transcriptionJobs.treatmentLogId], { logId: transcriptionJobs.treatmentLogId, status: transcriptionJobs.status })
    .from(transcriptionJobs)
    .where(inArray(transcriptionJobs.treatmentLogId, logIds))
    .orderBy(transcriptionJobs.treatmentLogId, desc(transcriptionJobs.createdAt), desc(transcriptionJobs.id));
  return new Map(rows.map((r) => [r.logId, r.status]));
}

export async function findTranscriptionJob(db: DbOrTx, id: string): Promise<TranscriptionJobRow | null> {
  const [row] = await db.select().from(transcriptionJobs).where(eq(transcriptionJobs.id, id));
  return row ?? null;
}

export async function finishTranscriptionJob(db: DbOrTx, id: string, outcome: { status: Exclude<TranscriptionStatus, 'in_progress'>; reason?: string }): Promise<void> {
  await db
    .update(transcriptionJobs)
    .set({ status: outcome.status, reason: outcome.reason ?? null, updatedAt: sql`now()` })
    .where(eq(transcriptionJobs.id, id));
}

/** What a job works from: the visit's recordings, treatments and products. */
export async function jobContext(db: DbOrTx, treatmentLogId: string) {
  const [log] = await db.select({ recordingUrls: treatmentLogs.recordingUrls }).from(treatmentLogs).where(eq(treatmentLogs.id, treatmentLogId));
  const [names, used] = await Promise.all([
    db
      .select({ code: treatments.treatmentCode, name: treatments.name })
      .from(treatmentLogTreatments)
      .innerJoin(treatments, eq(treatments.id, treatmentLogTreatments.treatmentId))
      .where(eq(treatmentLogTreatments.treatmentLogId, treatmentLogId))
      .orderBy(asc(treatmentLogTreatments.position)),
    db
      .select({ name: products.name, quantity: treatmentLogProducts.quantity })
      .from(treatmentLogProducts)
      .innerJoin(products, eq(products.id, treatmentLogProducts.productId))
      .where(eq(treatmentLogProducts.treatmentLogId, treatmentLogId)),
  ]);
  return {
    recordingUrls: log?.recordingUrls ?? [],
    treatments: names.map((t) => `${t.code} ${t.name}`),
    products: used.map((p) => ({ name: p.name, quantity: p.quantity })),
  };
}

export async function writeCaseNotes(db: DbOrTx, treatmentLogId: string, values: { transcript: string; summary: string; caseNotes: string }): Promise<void> {
  await db
    .update(treatmentLogs)
    .set({ recordingTranscript: values.transcript, summary: values.summary, caseNotes: values.caseNotes, updatedAt: sql`now()` })
    .where(and(eq(treatmentLogs.id, treatmentLogId)));
}
