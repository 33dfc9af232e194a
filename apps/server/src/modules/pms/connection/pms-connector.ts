/**
 * What the app asks of a practice-management system (PMS): the procedures the chair charted,
 * the appointments coming up and the patients' chart numbers. Open Dental is the first
 * (open-dental-connector.ts, docs/open-dental.md); another PMS implements the same interface.
 *
 * Every reference (procedure, patient, appointment, clinic) is the PMS's own identifier as a
 * string, because another PMS need not number them. Times the PMS stamps (`changedAt`, the
 * cursor's `since`) are its own clock, compared only with other values from the same PMS.
 */

/**
 * Where a pass over the changed procedures stands. Plain JSON: the caller stores it after every
 * page and hands it back, so a pass interrupted by a crash resumes at the page it stopped at.
 */
export interface ProcedureCursor {
  /** Procedures changed at or after this PMS time are read in this pass; null reads them all. */
  since: string | null;
  /** How many procedures of this pass have been read (the next page starts here). */
  offset: number;
  /**
   * The PMS's clock at the first page of this pass; it becomes the next pass's `since`, so a change
   * made while the pass runs is read by the next one. Null until the first page is read.
   */
  passStartedAt: string | null;
  /**
   * The last procedure read (its id and its change stamp), which the next page must follow: a list
   * that moved under the offset meanwhile (a row added, removed or moved before it) is found again
   * from there, so no row is skipped; one whose anchor changed itself is read again from the start.
   * Absent or null before the first page and in cursors stored before issue 50.
   */
  anchor?: { id: string; changedAt: string } | null;
}

/** 'planned' is treatment-planned (scheduled or not); 'deleted' is a procedure the PMS deleted or invalidated. */
export type PmsProcedureStatus = 'complete' | 'planned' | 'deleted' | 'other';

export interface PmsProcedure {
  externalId: string;
  patientRef: string;
  /** The patient's chart number when the answer carries it (Open Dental's procedures do not: see patients()). */
  chartNumber: string | null;
  /** Null when the procedure is on no appointment. */
  appointmentRef: string | null;
  /** Null when the practice does not use clinics or the procedure is on none. */
  clinicRef: string | null;
  /** The procedure code as charted, e.g. the CDT code D2391. */
  code: string;
  /** The day the procedure was done (or planned for), ISO yyyy-mm-dd. */
  date: string;
  /** The fee for one unit, as charted. */
  fee: number;
  /** Units charted (Open Dental's UnitQty), 1 for most procedures. */
  quantity: number;
  status: PmsProcedureStatus;
  /** The PMS's time of the last change to this procedure. */
  changedAt: string;
}

export interface ProcedurePage {
  /** Every procedure changed in the pass, whatever its status: one that is no longer complete undoes what was recorded. */
  procedures: PmsProcedure[];
  /** Store this, then call again with it. */
  next: ProcedureCursor;
  /** True when this page ended the pass; `next` then starts the next pass. */
  done: boolean;
}

export interface PmsAppointment {
  appointmentRef: string;
  patientRef: string;
  clinicRef: string | null;
  /** ISO day and wall-clock time (HH:mm) in the practice's own time zone. */
  date: string;
  time: string;
  /** The PMS's stamp of the appointment's last change (a procedure attached or taken off changes it too). */
  changedAt: string;
  /** The planned procedures on the appointment; null when they were not read (unchanged since, or past the run's reads). */
  procedures: { externalId: string; code: string; quantity: number }[] | null;
}

export interface UpcomingOptions {
  /** Appointments whose procedures the caller holds, by reference, with the `changedAt` they were read at: not read again unless changed. */
  known?: ReadonlyMap<string, string>;
  /** At most this many appointments' procedures read in this call (each one a request); the rest come back with procedures null. */
  maxReads?: number;
}

export interface PmsClinic {
  clinicRef: string;
  name: string;
}

export type ConnectionTest = { ok: true; clinics: PmsClinic[] } | { ok: false; message: string };

export interface PmsConnector {
  /** Whether the address and keys work; the clinics to choose from (none when the practice does not use clinics). */
  testConnection(): Promise<ConnectionTest>;
  /** A cursor for a first pass that reads the changes made from the start of that day (null: every procedure ever charted). */
  startCursor(fromDay: string | null): ProcedureCursor;
  /** One page of the procedures changed since the cursor's `since`, in one clinic or all (null). */
  changedProcedures(cursor: ProcedureCursor, clinicRef: string | null): Promise<ProcedurePage>;
  /**
   * One procedure read again by its id; null when the PMS no longer has it. `patientRef`, its
   * patient, lets the PMS look again among the patient's procedures before answering null.
   */
  procedure(externalId: string, patientRef?: string | null): Promise<PmsProcedure | null>;
  /**
   * Scheduled appointments from one day to another (both included), by date and time, with the
   * planned procedures of those new or changed since `known` (up to `maxReads` of them).
   */
  upcomingProcedures(from: string, to: string, clinicRef: string | null, options?: UpcomingOptions): Promise<PmsAppointment[]>;
  /** Chart numbers by patient reference; null for a patient without one, absent for one the PMS does not know. */
  patients(patientRefs: readonly string[]): Promise<Map<string, string | null>>;
}

/**
 * Why a call to the PMS failed. 'refused-keys': the keys are wrong or lack a permission (fix the
 * connection). 'rate-limited': the PMS turns requests away for now (too many). 'server-failed':
 * the PMS's server failed (5xx) after the retries. 'unreachable': no answer at all (try again
 * later). 'refused-request': the PMS answered the request with an error; Open Dental also answers
 * this way when the practice's server is offline, so it is worth trying later too.
 * 'unexpected-answer': an answer that is not the PMS's (a web page, data of another form).
 * 'bad-address': the address is not one we send keys to.
 */
export type PmsErrorKind = 'refused-keys' | 'rate-limited' | 'server-failed' | 'unreachable' | 'refused-request' | 'unexpected-answer' | 'bad-address';

/**
 * The one error connectors throw. Its message is written for the clinic and never holds a key; the
 * PMS's own words (`remoteText`, from its answer's body) follow it, and `summary` is the message
 * without them, for answers that must never carry a remote body (the connection test, issue 50).
 */
export class PmsError extends Error {
  readonly summary: string;
  constructor(
    readonly kind: PmsErrorKind,
    message: string,
    readonly httpStatus: number | null = null,
    readonly remoteText: string | null = null,
  ) {
    super(remoteText ? `${message}: ${remoteText}` : message);
    this.name = 'PmsError';
    this.summary = message;
  }
}
