import {
  MAX_SCHEDULE_IMPORT_ROWS,
  SCHEDULE_IMPORT_COLUMNS,
  UPCOMING_DAYS,
  planUpcomingTrays,
  type PlannedProcedure,
  type ScheduleImportResult,
  type TrayItem,
  type UpcomingTrays,
} from '@clinic/domain';
import type { ServiceDeps } from '../../../services';
import type { Actor } from '../../../core/actor';
import { currentCompanyId } from '../../../core/access';
import { AppError } from '../../../core/errors';
import { isoDay } from '../../../clock';
import { locationDay } from '../../../db/location-day';
import { recordAudit } from '../../audit/audit.writes';
import { readCsvTable } from '../../imports/import-file';
import type { PmsConnector } from '../connection/pms-connector';
import { scheduleOfRows } from '../csv/schedule-csv';
import { plannedProcedures, readAppointmentStamps, replaceSchedule, replaceScheduleDays, scheduleReadAt, trayItems, usableLots, type PlannedRow } from './upcoming.repo';

const DAY_MS = 86_400_000;
/** Appointments whose procedures one sync run reads (one request each, at the API's pace): the soonest first. */
export const UPCOMING_READS_PER_RUN = 24;

/** The last day of the window that starts today. */
export const windowEnd = (today: string, days = UPCOMING_DAYS) => isoDay(new Date(Date.parse(`${today}T00:00:00Z`) + (days - 1) * DAY_MS));

const plannedOf = (rows: PlannedRow[]): PlannedProcedure[] =>
  rows.map((r) => ({ day: r.day, appointmentRef: r.appointment_ref, code: r.code, quantity: Number(r.quantity), treatment: r.treatment_id ? { id: r.treatment_id, name: r.treatment_name ?? '' } : null }));

/** Each treatment's tray, for the planner. */
export function traysByTreatment(items: { treatment_id: string; product_id: string; product_name: string; quantity: string }[]): Map<string, TrayItem[]> {
  const trays = new Map<string, TrayItem[]>();
  for (const item of items) trays.set(item.treatment_id, [...(trays.get(item.treatment_id) ?? []), { productId: item.product_id, productName: item.product_name, quantity: Number(item.quantity) }]);
  return trays;
}

/**
 * Upcoming trays (issue 36; docs/decisions.md, Practice-management link): the appointments of the
 * next 14 days, from the PMS's schedule (read by the sync) or a CSV of it, planned against the
 * shelf day by day.
 */
export function createUpcomingService(deps: ServiceDeps) {
  const { db } = deps;

  return {
    async view(actor: Actor): Promise<UpcomingTrays> {
      const companyId = currentCompanyId(actor);
      const from = await locationDay(db, companyId, deps.now());
      const to = windowEnd(from);
      const planned = plannedOf(await plannedProcedures(db, companyId, from, to));
      const treatmentIds = [...new Set(planned.flatMap((p) => (p.treatment ? [p.treatment.id] : [])))];
      const items = await trayItems(db, treatmentIds);
      const [lots, readAt] = await Promise.all([usableLots(db, companyId, [...new Set(items.map((i) => i.product_id))], from), scheduleReadAt(db, companyId)]);
      const plan = planUpcomingTrays(
        planned,
        traysByTreatment(items),
        lots.map((l) => ({ productId: l.product_id, expiryDate: l.expiry_date, units: Number(l.units_left) })),
      );
      return { from, to, ...plan, read_at: readAt?.toISOString() ?? null };
    },

    /** A schedule exported from any PMS: the days it gives are planned as it says. */
    async importFile(actor: Actor, bytes: Buffer): Promise<ScheduleImportResult> {
      const companyId = currentCompanyId(actor);
      const parsed = await readCsvTable(bytes, SCHEDULE_IMPORT_COLUMNS, MAX_SCHEDULE_IMPORT_ROWS);
      if ('error' in parsed) throw new AppError('BAD_REQUEST', parsed.error, { field: 'file_url' });
      const today = await locationDay(db, companyId, deps.now());
      const { appointments, days, checked } = scheduleOfRows(parsed.rows, today);
      const imported = appointments.reduce((sum, a) => sum + (a.procedures?.length ?? 0), 0);
      await db.transaction(async (tx) => {
        await replaceScheduleDays(tx, companyId, days, today, appointments, deps.now());
        await recordAudit(tx, actor, { entity: 'pms_procedure', entityId: companyId, action: 'import_schedule', organizationId: actor.organizationId, companyId, changes: { rows: parsed.rows.length, imported, days } });
      });
      const rows = checked.map((c) => ({ row_number: c.rowNumber, status: c.reason ? ('failed' as const) : ('imported' as const), reason: c.reason ?? null }));
      return { total_rows: rows.length, imported, days, failed: rows.filter((r) => r.status === 'failed').length, rows };
    },

    /**
     * The sync's part: the practice's scheduled appointments of the window, the procedures of those
     * new or changed read (a run's share, soonest first), the schedule written in one transaction.
     */
    async refreshFromPms(companyId: string, connector: PmsConnector, clinicRef: string | null, maxReads = UPCOMING_READS_PER_RUN): Promise<{ appointments: number; read: number }> {
      const from = await locationDay(db, companyId, deps.now());
      const known = await readAppointmentStamps(db, companyId, 'open_dental');
      const found = await connector.upcomingProcedures(from, windowEnd(from), clinicRef, { known, maxReads });
      const appointments = found.map((a) => ({
        appointmentRef: a.appointmentRef,
        patientRef: a.patientRef,
        day: a.date,
        time: a.time || null,
        changedAt: a.procedures === null ? null : a.changedAt,
        procedures: a.procedures?.map((p) => ({ code: p.code, quantity: p.quantity })) ?? null,
      }));
      await db.transaction((tx) => replaceSchedule(tx, companyId, 'open_dental', appointments, deps.now()));
      return { appointments: found.length, read: found.filter((a) => a.procedures !== null).length };
    },
  };
}

export type UpcomingService = ReturnType<typeof createUpcomingService>;
