import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { TRANSCRIPTION_STATUSES } from '@clinic/domain';
import { companies } from './organizations';
import { users } from './users';
import { products } from './catalog';
import { treatments } from './treatments';

/** A patient of a location, known by the chart number the clinic uses (no other personal data). */
export const patients = pgTable(
  'patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    chartNumber: text('chart_number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The latest visit, kept by a trigger: patients seen since a day is a count of this index. */
    lastVisitAt: timestamp('last_visit_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('patients_chart_number_unique').on(t.companyId, sql`lower(${t.chartNumber})`), index('patients_company_last_visit_idx').on(t.companyId, t.lastVisitAt)],
);

/** A visit: the treatments performed on a patient, the products they used and their cost. */
export const treatmentLogs = pgTable(
  'treatment_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    caseNotes: text('case_notes').notNull().default(''),
    summary: text('summary').notNull().default(''),
    recordingTranscript: text('recording_transcript').notNull().default(''),
    recordingUrls: jsonb('recording_urls').$type<string[]>().notNull().default([]),
    /** Dollars: the sum of the products' costs, kept with the rows that make it up. */
    totalCost: numeric('total_cost', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A patient's visits, newest first; the patients list's summaries.
    index('treatment_logs_patient_created_idx').on(t.patientId, t.createdAt),
    // Covers the dashboard's patients seen (distinct patients of a range) without reading the visits.
    index('treatment_logs_company_created_idx').on(t.companyId, t.createdAt, t.patientId),
  ],
);

/** The treatments of a visit, in the order chosen. */
export const treatmentLogTreatments = pgTable(
  'treatment_log_treatments',
  {
    treatmentLogId: uuid('treatment_log_id')
      .notNull()
      .references(() => treatmentLogs.id),
    treatmentId: uuid('treatment_id')
      .notNull()
      .references(() => treatments.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.treatmentLogId, t.treatmentId] }), index('treatment_log_treatments_treatment_idx').on(t.treatmentId)],
);

/** A product used in a visit: its usage rows in the stock ledger point here. */
export const treatmentLogProducts = pgTable(
  'treatment_log_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    treatmentLogId: uuid('treatment_log_id')
      .notNull()
      .references(() => treatmentLogs.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    treatmentId: uuid('treatment_id').references(() => treatments.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    cost: numeric('cost', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    /** The lot's unit price, or -1 when several lots were used. */
    unitPrice: numeric('unit_price', { precision: 16, scale: 5, mode: 'number' }).notNull(),
    lotNumber: text('lot_number').notNull().default(''),
    label: text('label').notNull().default(''),
  },
  (t) => [index('treatment_log_products_log_idx').on(t.treatmentLogId), check('treatment_log_products_quantity_positive', sql`${t.quantity} > 0`)],
);

export const transcriptionStatusEnum = pgEnum('transcription_status', TRANSCRIPTION_STATUSES);

/**
 * Turning a visit's recordings into a transcript, a summary and case notes. The latest job of a
 * visit is its status; the job engine's case-notes queue runs it (src/jobs), and keeps its
 * attempts and retries.
 */
export const transcriptionJobs = pgTable(
  'transcription_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    treatmentLogId: uuid('treatment_log_id')
      .notNull()
      .references(() => treatmentLogs.id),
    status: transcriptionStatusEnum('status').notNull().default('in_progress'),
    /** Why it failed, in words a clinic can act on. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transcription_jobs_log_created_idx').on(t.treatmentLogId, t.createdAt),
    index('transcription_jobs_pending_idx').on(t.createdAt).where(sql`${t.status} = 'in_progress'`),
  ],
);
