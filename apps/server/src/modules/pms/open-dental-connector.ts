import { z } from 'zod';
import { openDentalClient, type OpenDentalOptions } from './open-dental-client';
import { PmsError, type PmsAppointment, type PmsConnector, type PmsProcedure, type PmsProcedureStatus, type ProcedureCursor } from './pms-connector';

export { OPEN_DENTAL_API, REFUSED_KEYS, checkAddress, type OpenDentalOptions } from './open-dental-client';

/** Open Dental's remote API answers lists in pages of up to 100 (docs/open-dental.md, Paging). */
const PAGE_SIZE = 100;
/** A list longer than this many pages is not what we asked for (an ignored filter walks the whole table). */
const MAX_PAGES = 200;

// Open Dental writes keys as numbers in some answers and as strings of digits in others ("AptNum": "0").
const Id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/).transform(Number)]);
const Amount = z.union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)]);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** "yyyy-MM-dd HH:mm:ss" on the practice's server clock, no time zone. */
const Stamp = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

const ProcedureLogSchema = z.object({
  ProcNum: Id,
  PatNum: Id,
  AptNum: Id.default(0),
  ProcDate: Day,
  ProcFee: Amount,
  ProcStatus: z.string(),
  ClinicNum: Id.default(0),
  procCode: z.string().min(1),
  UnitQty: Id.default(1),
  DateTStamp: Stamp,
  serverDateTime: z.string().optional(),
});
type ProcedureLog = z.infer<typeof ProcedureLogSchema>;
const AppointmentSchema = z.object({ AptNum: Id, PatNum: Id, AptStatus: z.string(), AptDateTime: Stamp, ClinicNum: Id.default(0), DateTStamp: Stamp.optional() });
const ClinicSchema = z.object({ ClinicNum: Id, Description: z.string(), Abbr: z.string().optional() });
const PatientSchema = z.object({ PatNum: Id, ChartNumber: z.string().nullish() });

const STATUS: Record<string, PmsProcedureStatus> = { C: 'complete', TP: 'planned', D: 'deleted' };

function toProcedure(row: ProcedureLog): PmsProcedure {
  return {
    externalId: String(row.ProcNum),
    patientRef: String(row.PatNum),
    chartNumber: null,
    appointmentRef: row.AptNum ? String(row.AptNum) : null,
    clinicRef: row.ClinicNum ? String(row.ClinicNum) : null,
    code: row.procCode,
    date: row.ProcDate,
    fee: row.ProcFee,
    quantity: Math.max(1, row.UnitQty),
    status: STATUS[row.ProcStatus] ?? 'other',
    changedAt: row.DateTStamp,
  };
}

/** A "yyyy-MM-dd HH:mm:ss" time moved back by some seconds, read as a wall clock (no zone). */
function secondsBefore(stamp: string, seconds: number): string {
  const at = new Date(`${stamp.replace(' ', 'T')}Z`).getTime() - seconds * 1000;
  return new Date(at).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The PMS clock a pass starts from: the serverDateTime Open Dental puts on every item. Without it
 * (older versions), the latest change on the first page: anything changed after the page was read
 * is stamped later still, so nothing is missed, at the price of reading some again.
 */
function serverTimeOf(rows: ProcedureLog[]): string | null {
  const stamped = rows.find((r) => r.serverDateTime && Stamp.safeParse(r.serverDateTime).success);
  if (stamped) return stamped.serverDateTime!;
  return rows.reduce<string | null>((latest, r) => (latest === null || r.DateTStamp > latest ? r.DateTStamp : latest), null);
}

function checkDay(day: string, name: string): void {
  if (!Day.safeParse(day).success || Number.isNaN(Date.parse(day))) throw new TypeError(`${name} must be an ISO day (yyyy-mm-dd), not ${JSON.stringify(day)}`);
}

/** Open Dental's clinics are numbered; anything else cannot be one of them. */
function checkClinic(clinicRef: string | null): void {
  if (clinicRef !== null && !/^\d+$/.test(clinicRef)) throw new TypeError(`Not an Open Dental clinic: ${JSON.stringify(clinicRef)}`);
}

function checkCursor(cursor: ProcedureCursor): void {
  const stampOrNull = (v: string | null) => v === null || Stamp.safeParse(v).success;
  if (!Number.isInteger(cursor.offset) || cursor.offset < 0 || !stampOrNull(cursor.since) || !stampOrNull(cursor.passStartedAt)) {
    throw new TypeError(`Not an Open Dental procedure cursor: ${JSON.stringify(cursor)}`);
  }
}

/** The practice's Open Dental through its API (docs/open-dental.md). Creating it sends nothing. */
export function createOpenDentalConnector(options: OpenDentalOptions): PmsConnector {
  const client = openDentalClient(options);
  const overlapSeconds = options.overlapSeconds ?? 60;

  /** Every page of a list, for lists that are short (clinics, a window of appointments, one appointment's procedures). */
  async function all<T>(path: string, query: Record<string, string | number | undefined>, item: z.ZodType<T>, checkPage: (page: T[]) => void = () => undefined): Promise<T[]> {
    const rows: T[] = [];
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const answer = (await client.get(path, { ...query, Offset: rows.length || undefined }, z.array(item)))!;
      checkPage(answer);
      rows.push(...answer);
      if (answer.length < PAGE_SIZE) return rows;
    }
    throw new PmsError('unexpected-answer', `Open Dental's list of ${path.slice(1)} did not end after ${String(MAX_PAGES * PAGE_SIZE)} items`);
  }

  return {
    async testConnection() {
      try {
        const clinics = await all('/clinics', {}, ClinicSchema);
        return { ok: true, clinics: clinics.map((c) => ({ clinicRef: String(c.ClinicNum), name: c.Description || c.Abbr || `Clinic ${String(c.ClinicNum)}` })) };
      } catch (error) {
        // Never the answer's body: the test may be pointed anywhere, and its words are not ours to show.
        if (error instanceof PmsError) return { ok: false, message: error.summary };
        throw error;
      }
    },

    startCursor(fromDay) {
      if (fromDay !== null) checkDay(fromDay, 'fromDay');
      return { since: fromDay === null ? null : `${fromDay} 00:00:00`, offset: 0, passStartedAt: null };
    },

    async changedProcedures(cursor, clinicRef) {
      checkCursor(cursor);
      checkClinic(clinicRef);
      // No ProcStatus filter: a procedure set back from complete, or deleted (Open Dental only ever
      // marks it D), must reach the caller, and a filter would let rows leave the set mid-pass and
      // shift the pages under the offset.
      const rows = (await client.get('/procedurelogs', { DateTStamp: cursor.since, ClinicNum: clinicRef ?? undefined, Offset: cursor.offset || undefined }, z.array(ProcedureLogSchema)))!;
      const passStartedAt = cursor.passStartedAt ?? serverTimeOf(rows);
      // Older versions ignore ClinicNum: the clinic is checked here too; the offset counts every row read.
      const procedures = rows.filter((r) => clinicRef === null || String(r.ClinicNum) === clinicRef).map(toProcedure);
      if (rows.length >= PAGE_SIZE) return { procedures, done: false, next: { since: cursor.since, offset: cursor.offset + rows.length, passStartedAt } };
      let since = passStartedAt === null ? cursor.since : secondsBefore(passStartedAt, overlapSeconds);
      if (cursor.since !== null && since !== null && since < cursor.since) since = cursor.since;
      return { procedures, done: true, next: { since, offset: 0, passStartedAt: null } };
    },

    async procedure(externalId) {
      if (!/^\d+$/.test(externalId)) return null;
      const row = await client.get(`/procedurelogs/${externalId}`, {}, ProcedureLogSchema, true);
      return row ? toProcedure(row) : null;
    },

    async upcomingProcedures(from, to, clinicRef, options = {}) {
      checkDay(from, 'from');
      checkDay(to, 'to');
      if (from > to) throw new TypeError(`from (${from}) is after to (${to})`);
      checkClinic(clinicRef);
      // Soonest first: under maxReads, the days nearest are read first.
      const appointments = (await all('/appointments', { dateStart: from, dateEnd: to, ClinicNum: clinicRef ?? undefined }, AppointmentSchema))
        .filter((a) => a.AptStatus === 'Scheduled' && (clinicRef === null || String(a.ClinicNum) === clinicRef))
        .sort((a, b) => a.AptDateTime.localeCompare(b.AptDateTime) || a.AptNum - b.AptNum);
      const found: PmsAppointment[] = [];
      let reads = options.maxReads ?? Number.POSITIVE_INFINITY;
      // One request per appointment: the API lists procedures by appointment, not by date; an appointment
      // unchanged since its procedures were read (attaching one changes it) is not asked again.
      for (const appointment of appointments) {
        const [date = '', time = ''] = appointment.AptDateTime.split(' ');
        const changedAt = appointment.DateTStamp ?? appointment.AptDateTime;
        const base = { appointmentRef: String(appointment.AptNum), patientRef: String(appointment.PatNum), clinicRef: appointment.ClinicNum ? String(appointment.ClinicNum) : null, date, time: time.slice(0, 5), changedAt };
        // Without a stamp (an older version) every appointment is read each time.
        const unchanged = appointment.DateTStamp !== undefined && options.known?.get(base.appointmentRef) === changedAt;
        if (unchanged || reads <= 0) {
          found.push({ ...base, procedures: null });
          continue;
        }
        reads -= 1;
        // A version before 22.3.32 ignores AptNum and answers everyone's procedures: stop at the first page.
        const rows = await all('/procedurelogs', { AptNum: appointment.AptNum }, ProcedureLogSchema, (page) => {
          if (page.some((r) => r.AptNum !== appointment.AptNum)) {
            throw new PmsError('refused-request', "This Open Dental version cannot list an appointment's procedures (it needs version 22.3.32 or later)");
          }
        });
        found.push({
          ...base,
          procedures: rows.filter((r) => r.ProcStatus === 'TP').map((r) => ({ externalId: String(r.ProcNum), code: r.procCode, quantity: Math.max(1, r.UnitQty) })),
        });
      }
      return found;
    },

    async patients(patientRefs) {
      const chartNumbers = new Map<string, string | null>();
      // One request per patient: the API reads patients one by one or in searches, not by a list of numbers.
      for (const ref of new Set(patientRefs)) {
        if (!/^\d+$/.test(ref)) continue;
        const patient = await client.get(`/patients/${ref}`, {}, PatientSchema, true);
        if (patient) chartNumbers.set(ref, patient.ChartNumber?.trim() || null);
      }
      return chartNumbers;
    },
  };
}
