import { z } from 'zod';
import { openDentalClient, type OpenDentalOptions } from './open-dental-client';
import { PmsError, type PmsAppointment, type PmsConnector, type PmsProcedure, type PmsProcedureStatus, type ProcedureCursor } from '../connection/pms-connector';

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
  const { anchor } = cursor;
  const anchorOk = anchor === undefined || anchor === null || (typeof anchor === 'object' && /^\d+$/.test(String(anchor.id)) && Stamp.safeParse(anchor.changedAt).success);
  if (!Number.isInteger(cursor.offset) || cursor.offset < 0 || !stampOrNull(cursor.since) || !stampOrNull(cursor.passStartedAt) || !anchorOk) {
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

  /**
   * The rows of the pass that follow the cursor (the window rule, issue 50). Open Dental does not
   * document the order of a list, and its implementation page allows for "page drift" when a record
   * is added in the middle of a series of requests: so each page is asked one row back and must hold
   * the last row read (the anchor), unchanged; the rows after it are the new ones (a row that moved
   * before it changed, so the next pass, from this one's start, reads it). When it does not, the list
   * moved under the offset (a row added, removed, or changed and moved before it): the page a page
   * back is read and the pass goes on after the anchor there. When the anchor is not there either (it
   * changed itself, or the list moved by more than a page), the pass starts over from its first page
   * with the same `since`: nothing is skipped, and what is read again is written once by its id.
   */
  async function pageAfter(cursor: ProcedureCursor, read: (offset: number) => Promise<ProcedureLog[]>): Promise<{ rows: ProcedureLog[]; end: number; full: boolean } | null> {
    const after = (page: ProcedureLog[], from: number) => {
      const at = page.findIndex((r) => String(r.ProcNum) === cursor.anchor?.id && r.DateTStamp === cursor.anchor.changedAt);
      return at < 0 ? null : { rows: page.slice(at + 1), end: from + page.length, full: page.length >= PAGE_SIZE };
    };
    if (cursor.offset === 0 || !cursor.anchor) {
      const page = await read(cursor.offset);
      return { rows: page, end: cursor.offset + page.length, full: page.length >= PAGE_SIZE };
    }
    const next = after(await read(cursor.offset - 1), cursor.offset - 1);
    if (next) return next;
    const back = Math.max(0, cursor.offset - PAGE_SIZE);
    return after(await read(back), back);
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
      const read = async (offset: number) => (await client.get('/procedurelogs', { DateTStamp: cursor.since, ClinicNum: clinicRef ?? undefined, Offset: offset || undefined }, z.array(ProcedureLogSchema)))!;
      const page = await pageAfter(cursor, read);
      // The list moved by more than the rule can follow: the pass starts over, nothing skipped.
      if (!page) return { procedures: [], done: false, next: { since: cursor.since, offset: 0, passStartedAt: cursor.passStartedAt, anchor: null } };
      const { rows } = page;
      const passStartedAt = cursor.passStartedAt ?? serverTimeOf(rows);
      // Older versions ignore ClinicNum: the clinic is checked here too; the offset counts every row read.
      const procedures = rows.filter((r) => clinicRef === null || String(r.ClinicNum) === clinicRef).map(toProcedure);
      const last = rows.at(-1);
      const anchor = last ? { id: String(last.ProcNum), changedAt: last.DateTStamp } : (cursor.anchor ?? null);
      if (page.full) return { procedures, done: false, next: { since: cursor.since, offset: page.end, passStartedAt, anchor } };
      let since = passStartedAt === null ? cursor.since : secondsBefore(passStartedAt, overlapSeconds);
      if (cursor.since !== null && since !== null && since < cursor.since) since = cursor.since;
      return { procedures, done: true, next: { since, offset: 0, passStartedAt: null, anchor: null } };
    },

    async procedure(externalId, patientRef) {
      if (!/^\d+$/.test(externalId)) return null;
      const row = await client.get(`/procedurelogs/${externalId}`, {}, ProcedureLogSchema, true);
      if (row) return toProcedure(row);
      // A 404: gone, or an Open Dental older than this GET (23.3.13), which knows no such route. Open
      // Dental never removes a procedure (it marks it D), so the patient's procedures (21.1) say which.
      if (!patientRef || !/^\d+$/.test(patientRef)) return null;
      const theirs = await all('/procedurelogs', { PatNum: patientRef }, ProcedureLogSchema, (page) => {
        if (page.some((r) => String(r.PatNum) !== patientRef)) throw new PmsError('refused-request', "This Open Dental version cannot list a patient's procedures");
      });
      const found = theirs.find((r) => String(r.ProcNum) === externalId);
      return found ? toProcedure(found) : null;
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
