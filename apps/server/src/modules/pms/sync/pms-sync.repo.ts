import { OPEN_DENTAL_PATIENT_PREFIX } from '@clinic/domain';
import { and, asc, eq, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { pmsCodeMappings, pmsProcedures, treatments } from '../../../db/schema';

// What the Open Dental sync reads and writes besides the chair's list (pms.repo.ts): procedures by
// the PMS's own ids, the patients' chart numbers already known, and the visits procedures made.
// Ids are the practice's (ProcNum, PatNum): each read is of the practice the connection reads
// (`practiceKey`, pms_connections.practice_key), never of one the location was connected to before.

const openDental = (companyId: string, practiceKey: string) =>
  and(eq(pmsProcedures.companyId, companyId), eq(pmsProcedures.source, 'open_dental'), eq(pmsProcedures.practiceKey, practiceKey));

/** Which of these PMS procedures were read before. */
export async function knownExternalIds(db: DbOrTx, companyId: string, practiceKey: string, externalIds: string[]): Promise<Set<string>> {
  if (externalIds.length === 0) return new Set();
  const rows = await db.select({ externalId: pmsProcedures.externalId }).from(pmsProcedures).where(and(openDental(companyId, practiceKey), inArray(pmsProcedures.externalId, externalIds)));
  return new Set(rows.map((r) => r.externalId));
}

/**
 * Chart numbers read from the PMS before, by patient: a patient seen once is not asked for again
 * (one request each, at the throttle's pace). A patient who had none (no chart, the PMS's patient
 * number shown as such, or the PatNum filed as a chart before issue 50) is asked for again, in case
 * one was given since; so is one a person picked: a pick is for the procedures it was made on,
 * never a guess for the patient's later ones.
 */
export async function knownChartNumbers(db: DbOrTx, companyId: string, practiceKey: string, patientRefs: string[]): Promise<Map<string, string>> {
  if (patientRefs.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([pmsProcedures.patientRef], { patientRef: pmsProcedures.patientRef, chartNumber: pmsProcedures.chartNumber })
    .from(pmsProcedures)
    .where(
      and(
        openDental(companyId, practiceKey),
        inArray(pmsProcedures.patientRef, patientRefs),
        ne(pmsProcedures.chartNumber, ''),
        ne(pmsProcedures.chartNumber, pmsProcedures.patientRef),
        ne(pmsProcedures.chartNumber, sql`${OPEN_DENTAL_PATIENT_PREFIX} || ${pmsProcedures.patientRef}`),
        isNull(pmsProcedures.chartPickedBy),
      ),
    )
    .orderBy(pmsProcedures.patientRef, sql`${pmsProcedures.createdAt} desc`);
  return new Map(rows.map((r) => [r.patientRef!, r.chartNumber]));
}

export type StoredProcedure = Pick<
  typeof pmsProcedures.$inferSelect,
  'id' | 'externalId' | 'status' | 'code' | 'fee' | 'performedOn' | 'appointmentRef' | 'chartNumber' | 'chartPickedBy' | 'deletedInPms' | 'treatmentLogId'
>;

/** These PMS procedures, locked for the transaction (two runs of the sync meet here: the second sees what the first wrote). */
export async function lockByExternalIds(tx: Tx, companyId: string, practiceKey: string, externalIds: string[]): Promise<StoredProcedure[]> {
  if (externalIds.length === 0) return [];
  return tx
    .select({
      id: pmsProcedures.id,
      externalId: pmsProcedures.externalId,
      status: pmsProcedures.status,
      code: pmsProcedures.code,
      fee: pmsProcedures.fee,
      performedOn: pmsProcedures.performedOn,
      appointmentRef: pmsProcedures.appointmentRef,
      chartNumber: pmsProcedures.chartNumber,
      chartPickedBy: pmsProcedures.chartPickedBy,
      deletedInPms: pmsProcedures.deletedInPms,
      treatmentLogId: pmsProcedures.treatmentLogId,
    })
    .from(pmsProcedures)
    .where(and(openDental(companyId, practiceKey), inArray(pmsProcedures.externalId, externalIds)))
    .orderBy(asc(pmsProcedures.id))
    .for('update');
}

/** The treatment each of these codes is mapped to at the location (a deleted treatment maps nothing). */
export async function codeTreatments(db: DbOrTx, companyId: string, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: pmsCodeMappings.code, treatmentId: treatments.id })
    .from(pmsCodeMappings)
    .innerJoin(treatments, and(eq(treatments.id, pmsCodeMappings.treatmentId), eq(treatments.companyId, companyId), isNull(treatments.deletedAt)))
    .where(and(eq(pmsCodeMappings.companyId, companyId), inArray(pmsCodeMappings.code, [...new Set(codes)])));
  return new Map(rows.map((r) => [r.code, r.treatmentId]));
}

/** The procedures a visit still stands for (recorded on it), in the order they were read. */
export async function recordedOnVisit(db: DbOrTx, treatmentLogId: string): Promise<{ id: string; code: string }[]> {
  return db
    .select({ id: pmsProcedures.id, code: pmsProcedures.code })
    .from(pmsProcedures)
    .where(and(eq(pmsProcedures.treatmentLogId, treatmentLogId), eq(pmsProcedures.status, 'recorded')))
    .orderBy(asc(pmsProcedures.createdAt), asc(pmsProcedures.id));
}

export type ProcedureChange = Partial<Pick<typeof pmsProcedures.$inferInsert, 'status' | 'code' | 'fee' | 'performedOn' | 'appointmentRef' | 'deletedInPms' | 'treatmentLogId' | 'recordedAt' | 'recordedBy' | 'changedInPmsAt'>>;

export async function updateProcedure(tx: Tx, id: string, change: ProcedureChange, at: Date): Promise<void> {
  await tx
    .update(pmsProcedures)
    .set({ ...change, updatedAt: at })
    .where(eq(pmsProcedures.id, id));
}

/**
 * What the sync recorded in the window (recorded from `since`, before `before`) and has not read
 * again since `before`: the daily re-read's due procedures, oldest first.
 */
export async function dueForRecheck(db: DbOrTx, companyId: string, practiceKey: string, window: { since: Date; before: Date; limit: number }) {
  return db
    .select({
      id: pmsProcedures.id,
      externalId: pmsProcedures.externalId,
      patientRef: pmsProcedures.patientRef,
      code: pmsProcedures.code,
      fee: pmsProcedures.fee,
      performedOn: pmsProcedures.performedOn,
      appointmentRef: pmsProcedures.appointmentRef,
    })
    .from(pmsProcedures)
    .where(
      and(
        openDental(companyId, practiceKey),
        eq(pmsProcedures.status, 'recorded'),
        gte(pmsProcedures.recordedAt, window.since),
        lt(pmsProcedures.recordedAt, window.before),
        or(isNull(pmsProcedures.recheckedAt), lt(pmsProcedures.recheckedAt, window.before)),
      ),
    )
    .orderBy(asc(pmsProcedures.recordedAt), asc(pmsProcedures.id))
    .limit(window.limit);
}

export type DueProcedure = Awaited<ReturnType<typeof dueForRecheck>>[number];

export async function markRechecked(tx: Tx, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(pmsProcedures).set({ recheckedAt: at }).where(inArray(pmsProcedures.id, ids));
}
