import { integer, date, index, numeric, pgTable, primaryKey, unique, uuid } from 'drizzle-orm/pg-core';
import { companies } from './organizations';

/**
 * Daily rollups behind the dashboard, kept by triggers on the ledger, the stocks and the visits
 * (migration 0015) and rebuilt from them by `report_rollups_rebuild()`: a report over a year
 * reads a few hundred rows per location instead of every usage row. Days are UTC days; money is
 * unrounded (numeric) and rounded to cents when read. docs/decisions.md (Reports) defines each.
 */

/** Units that left the shelf for treatments or manual use, and their cost at the lots' prices. */
export const reportDailyUsage = pgTable(
  'report_daily_usage',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    day: date('day').notNull(),
    productId: uuid('product_id').notNull(),
    units: numeric('units', { mode: 'number' }).notNull().default(0),
    cost: numeric('cost', { mode: 'number' }).notNull().default(0),
  },
  // The figures ride in the index too, so a report over many locations and months is an index-only scan.
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.productId] }), index('report_daily_usage_figures_idx').on(t.companyId, t.day, t.productId, t.units, t.cost)],
);

/** Purchase spend: owned stock on the day it was received; consignment stock on the day it was used. */
export const reportDailySpend = pgTable(
  'report_daily_spend',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    day: date('day').notNull(),
    /** Null for stock received without a supplier. */
    supplierId: uuid('supplier_id'),
    spend: numeric('spend', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('report_daily_spend_key').on(t.companyId, t.day, t.supplierId).nullsNotDistinct()],
);

/** Treatments performed and the cost of their trays, on the day of the visit. */
export const reportDailyTreatments = pgTable(
  'report_daily_treatments',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    day: date('day').notNull(),
    /** Null for products added at the chair outside any treatment's tray. */
    treatmentId: uuid('treatment_id'),
    performed: integer('performed').notNull().default(0),
    cost: numeric('cost', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    unique('report_daily_treatments_key').on(t.companyId, t.day, t.treatmentId).nullsNotDistinct(),
    index('report_daily_treatments_figures_idx').on(t.companyId, t.day, t.treatmentId, t.performed, t.cost),
  ],
);


/*
 * Monthly rollups (issue 37): the daily rows summed by calendar month (`month` is its first day),
 * kept by statement triggers on the daily tables (migration 0042), so every writer of a daily row
 * moves its month too. A report reads its range's whole months here and only the days at either
 * end from the daily tables: a year over 50 locations is ~12 rows per key instead of ~365.
 */

export const reportMonthlyUsage = pgTable(
  'report_monthly_usage',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    month: date('month').notNull(),
    productId: uuid('product_id').notNull(),
    units: numeric('units', { mode: 'number' }).notNull().default(0),
    cost: numeric('cost', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month, t.productId] }), index('report_monthly_usage_figures_idx').on(t.companyId, t.month, t.productId, t.units, t.cost)],
);

export const reportMonthlySpend = pgTable(
  'report_monthly_spend',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    month: date('month').notNull(),
    supplierId: uuid('supplier_id'),
    spend: numeric('spend', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('report_monthly_spend_key').on(t.companyId, t.month, t.supplierId).nullsNotDistinct()],
);

export const reportMonthlyTreatments = pgTable(
  'report_monthly_treatments',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    month: date('month').notNull(),
    treatmentId: uuid('treatment_id'),
    performed: integer('performed').notNull().default(0),
    cost: numeric('cost', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    unique('report_monthly_treatments_key').on(t.companyId, t.month, t.treatmentId).nullsNotDistinct(),
    index('report_monthly_treatments_figures_idx').on(t.companyId, t.month, t.treatmentId, t.performed, t.cost),
  ],
);
