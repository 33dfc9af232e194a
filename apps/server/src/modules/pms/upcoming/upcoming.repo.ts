import { and, eq, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { pmsAppointmentProcedures, pmsAppointments } from '../../../db/schema';
import { rowsOf } from '../../../db/rows';
import { usableLot } from '../../../db/usable-lots';

// Upcoming trays (issue 36): the appointments of the next days with their planned procedures, as
// read from the PMS's schedule or a CSV of it, and what the page plans them with (trays, lots).

type Source = 'open_dental' | 'csv';

/** The appointments whose planned procedures are held, with the PMS stamp they were read at. */
export async function readAppointmentStamps(db: DbOrTx, companyId: string, source: Source): Promise<Map<string, string>> {
  const found = await db
    .select({ ref: pmsAppointments.appointmentRef, changedAt: pmsAppointments.changedAt })
    .from(pmsAppointments)
    .where(and(eq(pmsAppointments.companyId, companyId), eq(pmsAppointments.source, source)));
  return new Map(found.flatMap((r) => (r.changedAt === null ? [] : [[r.ref, r.changedAt] as [string, string]])));
}

export interface ScheduledAppointment {
  appointmentRef: string;
  patientRef: string;
  day: string;
  time: string | null;
  /** The stamp its procedures were read at; null: not read now (kept as they were). */
  changedAt: string | null;
  /** The planned procedures read now; null: kept as they were. */
  procedures: { code: string; quantity: number }[] | null;
}

async function deleteAppointments(tx: Tx, companyId: string, source: Source, refs: string[]): Promise<void> {
  if (refs.length === 0) return;
  await tx.delete(pmsAppointmentProcedures).where(and(eq(pmsAppointmentProcedures.companyId, companyId), eq(pmsAppointmentProcedures.source, source), inArray(pmsAppointmentProcedures.appointmentRef, refs)));
  await tx.delete(pmsAppointments).where(and(eq(pmsAppointments.companyId, companyId), eq(pmsAppointments.source, source), inArray(pmsAppointments.appointmentRef, refs)));
}

/**
 * The schedule as the PMS gives it now, for the whole window: appointments no longer listed
 * (cancelled, broken, moved out) go with their procedures, the listed ones are written, and the
 * procedures of those read now replace what was held.
 */
export async function replaceSchedule(tx: Tx, companyId: string, source: Source, appointments: ScheduledAppointment[], at: Date): Promise<void> {
  const listed = appointments.map((a) => a.appointmentRef);
  const gone = await tx
    .select({ ref: pmsAppointments.appointmentRef })
    .from(pmsAppointments)
    .where(and(eq(pmsAppointments.companyId, companyId), eq(pmsAppointments.source, source), listed.length ? notInArray(pmsAppointments.appointmentRef, listed) : undefined));
  await deleteAppointments(tx, companyId, source, gone.map((g) => g.ref));
  await writeAppointments(tx, companyId, source, appointments, at);
}

/** A CSV of the schedule: the days it gives replace what was planned on them, and past days are let go. */
export async function replaceScheduleDays(tx: Tx, companyId: string, days: string[], today: string, appointments: ScheduledAppointment[], at: Date): Promise<void> {
  const replaced = await tx
    .select({ ref: pmsAppointments.appointmentRef })
    .from(pmsAppointments)
    .where(and(eq(pmsAppointments.companyId, companyId), eq(pmsAppointments.source, 'csv'), or(lt(pmsAppointments.day, today), days.length ? inArray(pmsAppointments.day, days) : undefined)));
  await deleteAppointments(tx, companyId, 'csv', replaced.map((r) => r.ref));
  await writeAppointments(tx, companyId, 'csv', appointments, at);
}

async function writeAppointments(tx: Tx, companyId: string, source: Source, appointments: ScheduledAppointment[], at: Date): Promise<void> {
  if (appointments.length === 0) return;
  await tx
    .insert(pmsAppointments)
    .values(appointments.map((a) => ({ companyId, source, appointmentRef: a.appointmentRef, patientRef: a.patientRef, day: a.day, time: a.time, changedAt: a.changedAt, updatedAt: at })))
    .onConflictDoUpdate({
      target: [pmsAppointments.companyId, pmsAppointments.source, pmsAppointments.appointmentRef],
      // Procedures not read now keep the stamp they were read at.
      set: { patientRef: sql`excluded.patient_ref`, day: sql`excluded.day`, time: sql`excluded.time`, changedAt: sql`coalesce(excluded.changed_at, ${pmsAppointments.changedAt})`, updatedAt: at },
    });
  const read = appointments.filter((a) => a.procedures !== null);
  if (read.length === 0) return;
  await tx.delete(pmsAppointmentProcedures).where(and(eq(pmsAppointmentProcedures.companyId, companyId), eq(pmsAppointmentProcedures.source, source), inArray(pmsAppointmentProcedures.appointmentRef, read.map((a) => a.appointmentRef))));
  const procedures = read.flatMap((a) => a.procedures!.map((p) => ({ companyId, source, appointmentRef: a.appointmentRef, code: p.code.toUpperCase(), quantity: p.quantity })));
  if (procedures.length) await tx.insert(pmsAppointmentProcedures).values(procedures);
}

/** When the location's schedule was last read from the PMS (null: never). */
export async function scheduleReadAt(db: DbOrTx, companyId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`max(${pmsAppointments.updatedAt})` })
    .from(pmsAppointments)
    .where(and(eq(pmsAppointments.companyId, companyId), eq(pmsAppointments.source, 'open_dental')));
  return row?.at ? new Date(row.at) : null;
}

export interface PlannedRow {
  day: string;
  appointment_ref: string;
  code: string;
  quantity: number;
  treatment_id: string | null;
  treatment_name: string | null;
}

/** The procedures planned from one day to another, with the treatment each code maps to. */
export async function plannedProcedures(db: DbOrTx, companyId: string, from: string, to: string): Promise<PlannedRow[]> {
  return rowsOf<PlannedRow>(
    db,
    sql`select a.day::text as day, a.source || ':' || a.appointment_ref as appointment_ref, p.code, p.quantity, t.id as treatment_id, t.name as treatment_name
          from pms_appointments a
          join pms_appointment_procedures p on p.company_id = a.company_id and p.source = a.source and p.appointment_ref = a.appointment_ref
          left join pms_code_mappings m on m.company_id = a.company_id and m.code = p.code
          left join treatments t on t.id = m.treatment_id and t.deleted_at is null and t.company_id = ${companyId}::uuid
         where a.company_id = ${companyId}::uuid and a.day between ${from}::date and ${to}::date
         order by a.day, a.time nulls last, a.appointment_ref`,
  );
}

export interface TrayItemRow {
  treatment_id: string;
  product_id: string;
  product_name: string;
  quantity: string;
}

/** The trays of these treatments: what each takes of which product. */
/** The trays of these treatments; with `productId`, only that product's lines of them. */
export async function trayItems(db: DbOrTx, treatmentIds: string[], productId?: string): Promise<TrayItemRow[]> {
  if (treatmentIds.length === 0) return [];
  return rowsOf<TrayItemRow>(
    db,
    sql`select tp.treatment_id, tp.product_id, pr.name as product_name, tp.quantity
          from treatment_products tp join products pr on pr.id = tp.product_id
         where tp.treatment_id = any(${sql.param(treatmentIds)}::uuid[])${productId ? sql` and tp.product_id = ${productId}` : sql``}`,
  );
}

export interface LotRow {
  product_id: string;
  expiry_date: string | null;
  units_left: string;
}

/** The usable lots of these products at the location today (available, not expired). */
export async function usableLots(db: DbOrTx, companyId: string, productIds: string[], today: string): Promise<LotRow[]> {
  if (productIds.length === 0) return [];
  return rowsOf<LotRow>(
    db,
    sql`select s.product_id, s.expiry_date::text as expiry_date, s.units_left
          from stocks s
         where s.company_id = ${companyId}::uuid and s.product_id = any(${sql.param(productIds)}::uuid[]) and ${usableLot('s', today)}`,
  );
}
