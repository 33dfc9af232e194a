import { UPCOMING_MESSAGES, type ScheduleImportField } from '@clinic/domain';
import { checkProcedureBasics } from './procedure-csv';
import type { ScheduledAppointment } from '../upcoming/upcoming.repo';

type Row = { rowNumber: number; data: Partial<Record<ScheduleImportField, string>> };

/** "9:30", "09:30", "14:05": HH:mm, or null when not a time of day. */
export function parseTime(text: string): string | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return null;
  return `${match[1]!.padStart(2, '0')}:${match[2]!}`;
}

/**
 * The rows of a schedule export (one procedure planned on an appointment per row) as appointments:
 * a patient's rows of one day are one appointment, or each row's reason. Days before today are
 * refused: the plan starts today.
 */
export function scheduleOfRows(rows: Row[], today: string): { appointments: ScheduledAppointment[]; days: string[]; checked: { rowNumber: number; reason?: string }[] } {
  const appointments = new Map<string, ScheduledAppointment>();
  const checked = rows.map(({ rowNumber, data }) => {
    const problems: string[] = [];
    const { day, code, chart } = checkProcedureBasics(data, problems);
    if (day && day < today) problems.push(UPCOMING_MESSAGES.pastDay);
    const time = data.time ? parseTime(data.time) : null;
    if (data.time && !time) problems.push(UPCOMING_MESSAGES.timeFormat);
    const quantity = data.quantity ? Number(data.quantity) : 1;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 99) problems.push(UPCOMING_MESSAGES.quantityFormat);
    if (problems.length > 0) return { rowNumber, reason: problems.join('; ') };
    const ref = `${day!}|${chart.toLowerCase()}`;
    const appointment = appointments.get(ref) ?? { appointmentRef: ref, patientRef: chart, day: day!, time, changedAt: null, procedures: [] };
    if (time && (!appointment.time || time < appointment.time)) appointment.time = time;
    appointment.procedures!.push({ code, quantity });
    appointments.set(ref, appointment);
    return { rowNumber };
  });
  return { appointments: [...appointments.values()], days: [...new Set([...appointments.values()].map((a) => a.day))].sort(), checked };
}
