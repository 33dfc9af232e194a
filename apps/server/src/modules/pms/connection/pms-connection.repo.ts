import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { companies, pmsAppointmentProcedures, pmsAppointments, pmsConnections, pmsProcedures, type PmsCursor } from '../../../db/schema';

// A location's link to its practice-management system (issue 36): its settings, sealed keys, where
// the sync stands (the cursor) and how its last run went.

export type ConnectionRow = typeof pmsConnections.$inferSelect;

export async function findConnection(db: DbOrTx, companyId: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(pmsConnections).where(eq(pmsConnections.companyId, companyId));
  return row;
}

/** The connection locked for the transaction: a save and a sync's page meet here, one after the other. */
export async function lockConnection(tx: Tx, companyId: string): Promise<ConnectionRow | undefined> {
  const [row] = await tx.select().from(pmsConnections).where(eq(pmsConnections.companyId, companyId)).for('update');
  return row;
}

export type ConnectionSettings = Pick<
  typeof pmsConnections.$inferInsert,
  'kind' | 'baseUrl' | 'clinicNum' | 'enabled' | 'takeStockOnComplete' | 'usePatientNumber' | 'recheckDays' | 'connectedBy' | 'developerKeyEncrypted' | 'customerKeyEncrypted' | 'practiceKey' | 'cursor' | 'lastError'
>;

export async function saveConnection(tx: Tx, companyId: string, settings: ConnectionSettings, at: Date): Promise<void> {
  await tx
    .insert(pmsConnections)
    .values({ companyId, ...settings, updatedAt: at })
    .onConflictDoUpdate({ target: pmsConnections.companyId, set: { ...settings, updatedAt: at } });
}

/**
 * The location's Open Dental procedures waiting for their patient to be picked (no chart number
 * there), filed under the patient's number with this prefix ("Open Dental patient 9002") now that
 * the admins chose so. Answers how many.
 */
export async function fileUnderPatientNumber(tx: Tx, companyId: string, prefix: string): Promise<number> {
  const filed = await tx
    .update(pmsProcedures)
    .set({ chartNumber: sql`${prefix} || ${pmsProcedures.patientRef}`, problem: null, updatedAt: sql`now()` })
    .where(and(eq(pmsProcedures.companyId, companyId), eq(pmsProcedures.source, 'open_dental'), eq(pmsProcedures.status, 'waiting'), eq(pmsProcedures.chartNumber, ''), isNotNull(pmsProcedures.patientRef)))
    .returning({ id: pmsProcedures.id });
  return filed.length;
}

/**
 * The location's upcoming appointments read from Open Dental, with their planned procedures: another
 * practice's AptNums are not this one's, so they go when the connection is pointed elsewhere (the
 * CSV path's stay).
 */
export async function forgetOpenDentalAppointments(tx: Tx, companyId: string): Promise<void> {
  await tx.delete(pmsAppointmentProcedures).where(and(eq(pmsAppointmentProcedures.companyId, companyId), eq(pmsAppointmentProcedures.source, 'open_dental')));
  await tx.delete(pmsAppointments).where(and(eq(pmsAppointments.companyId, companyId), eq(pmsAppointments.source, 'open_dental')));
}

/** The Open Dental connections the sync runs for, with their location's organization (live locations only). */
export async function enabledOpenDentalConnections(db: DbOrTx): Promise<(ConnectionRow & { organizationId: string })[]> {
  const rows = await db
    .select({ connection: pmsConnections, organizationId: companies.organizationId })
    .from(pmsConnections)
    .innerJoin(companies, eq(companies.id, pmsConnections.companyId))
    .where(and(eq(pmsConnections.kind, 'open_dental'), eq(pmsConnections.enabled, true), isNull(companies.deletedAt)))
    .orderBy(pmsConnections.companyId);
  return rows.map((r) => ({ ...r.connection, organizationId: r.organizationId }));
}

/** Where the sync resumes: written with the page it follows, in that page's transaction. Not a settings change (updatedAt stays). */
export async function saveCursor(tx: Tx, companyId: string, cursor: PmsCursor): Promise<void> {
  await tx.update(pmsConnections).set({ cursor }).where(eq(pmsConnections.companyId, companyId));
}

/** How a run ended: `lastSuccessAt` only when it did; a run's error stays until the next run or save. */
export async function saveRun(db: DbOrTx, companyId: string, run: { lastRunAt: Date; lastSuccessAt?: Date; lastError: string | null }): Promise<void> {
  await db
    .update(pmsConnections)
    .set({ lastRunAt: run.lastRunAt, lastError: run.lastError, ...(run.lastSuccessAt ? { lastSuccessAt: run.lastSuccessAt } : {}) })
    .where(eq(pmsConnections.companyId, companyId));
}
