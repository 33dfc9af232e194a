import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { pmsCodeMappings, pmsProcedures } from '../../../db/schema';
import { rowsOf } from '../../../db/rows';
import { usableUnits } from '../../../db/usable-lots';

// What the practice-management link reads and writes (issue 36): the procedures read from the PMS
// (once each), the location's code mappings, and the trays the waiting procedures need.

export type NewPmsProcedure = Omit<typeof pmsProcedures.$inferInsert, 'id' | 'status' | 'treatmentLogId' | 'recordedAt' | 'recordedBy' | 'createdAt' | 'updatedAt'>;

/**
 * Procedures read from the PMS, each once: a procedure already read (the same source, practice and
 * id) is left as it is. Answers those that are new.
 */
export async function insertNewProcedures(db: DbOrTx, procedures: NewPmsProcedure[]): Promise<{ id: string; externalId: string }[]> {
  if (procedures.length === 0) return [];
  return db
    .insert(pmsProcedures)
    .values(procedures)
    .onConflictDoNothing({ target: [pmsProcedures.companyId, pmsProcedures.source, pmsProcedures.practiceKey, pmsProcedures.externalId] })
    .returning({ id: pmsProcedures.id, externalId: pmsProcedures.externalId });
}

export interface WaitingRow {
  id: string;
  source: 'open_dental' | 'csv';
  /** '' while the patient has no chart number and nobody picked one (issue 50). */
  chart_number: string;
  /** The PMS's patient number (Open Dental's PatNum); null for the CSV path. */
  patient_ref: string | null;
  practice_key: string;
  performed_on: string;
  code: string;
  fee: string;
  problem: string | null;
  treatment_id: string | null;
  treatment_name: string | null;
  treatment_code: string | null;
}

const procedureWithTreatment = (companyId: string) => sql`
  select p.id, p.source, p.chart_number, p.patient_ref, p.practice_key, p.performed_on::text as performed_on, p.code, p.fee, p.problem,
         t.id as treatment_id, t.name as treatment_name, t.treatment_code
    from pms_procedures p
    left join pms_code_mappings m on m.company_id = p.company_id and m.code = p.code
    left join treatments t on t.id = m.treatment_id and t.deleted_at is null and t.company_id = ${companyId}::uuid`;

/** The location's procedures waiting at the chair, newest day first, with the treatment each code maps to. */
export async function waitingProcedures(db: DbOrTx, companyId: string, limit: number): Promise<WaitingRow[]> {
  return rowsOf<WaitingRow>(
    db,
    sql`${procedureWithTreatment(companyId)}
         where p.company_id = ${companyId}::uuid and p.status = 'waiting'
         order by p.performed_on desc, p.chart_number, p.created_at, p.id
         limit ${limit}`,
  );
}

/** These procedures, locked for the transaction (the confirming tap and a second one meet here). */
export async function lockProcedures(tx: Tx, companyId: string, ids: string[]): Promise<(WaitingRow & { status: string; treatment_log_id: string | null })[]> {
  await tx.execute(sql`select id from pms_procedures where company_id = ${companyId}::uuid and id = any(${sql.param(ids)}::uuid[]) order by id for update`);
  return rowsOf<WaitingRow & { status: string; treatment_log_id: string | null }>(
    tx,
    sql`select q.*, p2.status, p2.treatment_log_id from (${procedureWithTreatment(companyId)} where p.company_id = ${companyId}::uuid and p.id = any(${sql.param(ids)}::uuid[])) q
          join pms_procedures p2 on p2.id = q.id`,
  );
}

export interface TrayRow {
  treatment_id: string;
  product_id: string;
  product_name: string;
  quantity: string;
  implantable: boolean;
  usable_units: string;
}

/** The trays of these treatments, with how many units of each product are usable at the location today. */
export async function traysOf(db: DbOrTx, companyId: string, treatmentIds: string[], today: string): Promise<TrayRow[]> {
  if (treatmentIds.length === 0) return [];
  return rowsOf<TrayRow>(
    db,
    sql`select tp.treatment_id, tp.product_id, pr.name as product_name, tp.quantity, pr.implantable,
               ${usableUnits(sql`${companyId}::uuid`, sql`tp.product_id`, today)} as usable_units
          from treatment_products tp
          join products pr on pr.id = tp.product_id
         where tp.treatment_id = any(${sql.param(treatmentIds)}::uuid[])
         order by pr.name`,
  );
}

export async function markRecorded(tx: DbOrTx, ids: string[], values: { treatmentLogId: string; recordedBy: string; at: Date }): Promise<void> {
  await tx
    .update(pmsProcedures)
    .set({ status: 'recorded', treatmentLogId: values.treatmentLogId, recordedBy: values.recordedBy, recordedAt: values.at, updatedAt: values.at })
    .where(inArray(pmsProcedures.id, ids));
}

/**
 * The patient a person picked for an Open Dental patient without a chart number: every procedure
 * of that patient still waiting for one takes it (and who picked it). Answers their ids.
 */
export async function pickChartNumber(tx: Tx, procedure: { companyId: string; practiceKey: string; patientRef: string }, chartNumber: string, by: string, at: Date): Promise<string[]> {
  const picked = await tx
    .update(pmsProcedures)
    .set({ chartNumber, problem: null, chartPickedBy: by, updatedAt: at })
    .where(
      and(
        eq(pmsProcedures.companyId, procedure.companyId),
        eq(pmsProcedures.source, 'open_dental'),
        eq(pmsProcedures.practiceKey, procedure.practiceKey),
        eq(pmsProcedures.patientRef, procedure.patientRef),
        eq(pmsProcedures.status, 'waiting'),
        eq(pmsProcedures.chartNumber, ''),
      ),
    )
    .returning({ id: pmsProcedures.id });
  return picked.map((p) => p.id);
}

export async function markDismissed(tx: DbOrTx, id: string, at: Date, by: string): Promise<void> {
  await tx.update(pmsProcedures).set({ status: 'dismissed', recordedBy: by, recordedAt: at, updatedAt: at }).where(eq(pmsProcedures.id, id));
}

export interface CodeRow {
  code: string;
  seen: string;
  treatment_id: string | null;
  treatment_name: string | null;
  treatment_code: string | null;
  suggested_id: string | null;
  suggested_name: string | null;
  suggested_code: string | null;
}

/**
 * Every procedure code of the location: those seen from the PMS (how often) and those mapped, each
 * with its treatment, or the treatment whose code matches it (a suggestion) when none is mapped.
 */
export async function procedureCodes(db: DbOrTx, companyId: string): Promise<CodeRow[]> {
  return rowsOf<CodeRow>(
    db,
    sql`with codes as (
          select code, count(*) as seen from pms_procedures where company_id = ${companyId}::uuid group by code
          union all
          select code, 0 from pms_code_mappings where company_id = ${companyId}::uuid
        ), seen as (select code, sum(seen) as seen from codes group by code)
        select s.code, s.seen, t.id as treatment_id, t.name as treatment_name, t.treatment_code,
               sug.id as suggested_id, sug.name as suggested_name, sug.treatment_code as suggested_code
          from seen s
          left join pms_code_mappings m on m.company_id = ${companyId}::uuid and m.code = s.code
          left join treatments t on t.id = m.treatment_id and t.deleted_at is null
          left join lateral (
            select id, name, treatment_code from treatments
             where company_id = ${companyId}::uuid and deleted_at is null and lower(treatment_code) = lower(s.code) and m.code is null
             limit 1
          ) sug on true
         order by (m.code is null) desc, s.seen desc, s.code`,
  );
}

export async function saveMapping(db: DbOrTx, companyId: string, code: string, treatmentId: string | null): Promise<void> {
  if (treatmentId === null) {
    await db.delete(pmsCodeMappings).where(and(eq(pmsCodeMappings.companyId, companyId), eq(pmsCodeMappings.code, code)));
    return;
  }
  await db
    .insert(pmsCodeMappings)
    .values({ companyId, code, treatmentId })
    .onConflictDoUpdate({ target: [pmsCodeMappings.companyId, pmsCodeMappings.code], set: { treatmentId, updatedAt: sql`now()` } });
}
