import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './organizations';
import { users } from './users';
import { treatments } from './treatments';
import { treatmentLogs } from './treatment-logs';

// Issue 36: the link to the practice-management system (PMS). Completed procedures come in (from
// Open Dental's API, or a CSV any PMS exports), wait at the chair or are recorded at once as
// visits, and their fees are the location's production.

export const pmsKindEnum = pgEnum('pms_kind', ['open_dental', 'csv']);

/**
 * Where an Open Dental sync stands: the connector's ProcedureCursor (modules/pms/pms-connector.ts),
 * stored as it was handed back after the last page written: the watermark of the pass under way,
 * the page it reached, and the PMS's clock when the pass began.
 */
export interface PmsCursor {
  since: string | null;
  offset: number;
  passStartedAt: string | null;
  /** The last procedure read (id and change stamp), which the next page must follow (absent in cursors stored before issue 50). */
  anchor?: { id: string; changedAt: string } | null;
}

/**
 * A location's link to its PMS (one per location). The keys are stored encrypted (never returned
 * by the API); `cursor` is where the sync resumes after a crash.
 */
export const pmsConnections = pgTable('pms_connections', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id),
  kind: pmsKindEnum('kind').notNull(),
  baseUrl: text('base_url'),
  /** The PMS's clinic this location is; null: the whole office (a PMS without clinics). */
  clinicNum: integer('clinic_num'),
  developerKeyEncrypted: text('developer_key_encrypted'),
  customerKeyEncrypted: text('customer_key_encrypted'),
  enabled: boolean('enabled').notNull().default(false),
  /** Record completed procedures as visits at once, rather than waiting at the chair for a tap. */
  takeStockOnComplete: boolean('take_stock_on_complete').notNull().default(false),
  /**
   * A patient without a chart number in the PMS is filed under the PMS's own patient number, shown
   * as such ("Open Dental patient 9002"); off, their procedures wait until a person picks the patient.
   */
  usePatientNumber: boolean('use_patient_number').notNull().default(false),
  /** Procedures recorded in the last this many days are read again by their ids once a day (issue 50). */
  recheckDays: integer('recheck_days').notNull().default(7),
  cursor: jsonb('cursor').$type<PmsCursor>(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastError: text('last_error'),
  connectedBy: uuid('connected_by').references(() => users.id),
  /**
   * Which practice the connection reads: a random id, new whenever the connection is pointed at
   * another practice (a new address, another customer key). Procedures are unique per practice, so
   * a location pointed at another practice never takes that practice's ProcNum 1 for the first
   * one's. '' for connections keyed before it was kept (migration 0039); null (read as '') for one
   * saved without keys before then.
   */
  practiceKey: text('practice_key'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A PMS procedure code (CDT, e.g. D2391) as one of the location's treatment designs. */
export const pmsCodeMappings = pgTable(
  'pms_code_mappings',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code').notNull(),
    treatmentId: uuid('treatment_id')
      .notNull()
      .references(() => treatments.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.code] })],
);

export const pmsProcedureStatusEnum = pgEnum('pms_procedure_status', ['waiting', 'recorded', 'dismissed', 'reversed']);

/**
 * A completed procedure read from the PMS, once per procedure however often it is read (unique by
 * source, practice and the PMS's id). It waits at the chair until confirmed (a visit through the
 * ledger) or dismissed; a procedure of an unknown code or patient waits with its problem and never
 * writes stock (a patient without a chart number: `chart_number` '' until a person picks one).
 * Deleted or changed in the PMS after it was recorded, its visit is revised or reversed.
 */
export const pmsProcedures = pgTable(
  'pms_procedures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    source: pmsKindEnum('source').notNull(),
    /** The practice it was read from (pms_connections.practice_key); '' for the CSV path. */
    practiceKey: text('practice_key').notNull().default(''),
    externalId: text('external_id').notNull(),
    chartNumber: text('chart_number').notNull(),
    patientRef: text('patient_ref'),
    appointmentRef: text('appointment_ref'),
    code: text('code').notNull(),
    fee: numeric('fee', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    performedOn: date('performed_on', { mode: 'string' }).notNull(),
    status: pmsProcedureStatusEnum('status').notNull().default('waiting'),
    /** Why it cannot be recorded yet (an unmapped code, an unknown patient); null when it can. */
    problem: text('problem'),
    deletedInPms: boolean('deleted_in_pms').notNull().default(false),
    treatmentLogId: uuid('treatment_log_id').references(() => treatmentLogs.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    recordedBy: uuid('recorded_by').references(() => users.id),
    changedInPmsAt: timestamp('changed_in_pms_at', { withTimezone: true }),
    /**
     * Who picked the patient of a procedure whose patient had no chart number in the PMS: the chart
     * number is theirs, never read from the PMS, so the sync does not file the patient's later
     * procedures under it.
     */
    chartPickedBy: uuid('chart_picked_by').references(() => users.id),
    /** When the sync last read it again by its id (the daily re-read of what was recorded). */
    recheckedAt: timestamp('rechecked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pms_procedures_external_idx').on(t.companyId, t.source, t.practiceKey, t.externalId),
    // The chair's list: what waits, newest first.
    index('pms_procedures_waiting_idx').on(t.companyId, t.performedOn).where(sql`${t.status} = 'waiting'`),
    // Production by day (fees of completed procedures).
    index('pms_procedures_company_day_idx').on(t.companyId, t.performedOn),
    // The daily re-read: what the sync recorded lately, by when.
    index('pms_procedures_recorded_idx').on(t.companyId, t.recordedAt).where(sql`${t.status} = 'recorded' and ${t.source} = 'open_dental'`),
  ],
);

export const productionSourceEnum = pgEnum('production_source', ['typed', 'csv']);

/**
 * Production the clinic gives besides its procedures' fees: a monthly figure typed (kept on the
 * month's first day) or a CSV of production per day from any PMS.
 */
export const productionDays = pgTable(
  'production_days',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    day: date('day', { mode: 'string' }).notNull(),
    source: productionSourceEnum('source').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.source] })],
);

/**
 * An appointment of the next days (issue 36, upcoming trays), read from the PMS's schedule or a
 * CSV of scheduled procedures. `changedAt` is the PMS's stamp of the appointment when its planned
 * procedures were last read (null: not read yet), so only appointments that changed are read again.
 */
export const pmsAppointments = pgTable(
  'pms_appointments',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    source: pmsKindEnum('source').notNull(),
    appointmentRef: text('appointment_ref').notNull(),
    /** The patient: the chart number for the CSV path, the PMS's patient number otherwise. */
    patientRef: text('patient_ref').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** Wall-clock HH:mm in the practice's time zone; null when the schedule gives none. */
    time: text('time'),
    changedAt: text('changed_at'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.source, t.appointmentRef] }), index('pms_appointments_day_idx').on(t.companyId, t.day)],
);

/** A procedure planned on an appointment: its code and units. Replaced whenever its appointment is read again. */
export const pmsAppointmentProcedures = pgTable(
  'pms_appointment_procedures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    source: pmsKindEnum('source').notNull(),
    appointmentRef: text('appointment_ref').notNull(),
    code: text('code').notNull(),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [index('pms_appointment_procedures_appointment_idx').on(t.companyId, t.source, t.appointmentRef)],
);
