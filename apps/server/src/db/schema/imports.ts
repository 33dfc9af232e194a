import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { IMPORT_ROW_STATUSES, IMPORT_STATUSES } from '@clinic/domain';
import { companies } from './organizations';
import { users } from './users';
import { products } from './catalog';

export const importStatusEnum = pgEnum('import_status', IMPORT_STATUSES);
export const importRowStatusEnum = pgEnum('import_row_status', IMPORT_ROW_STATUSES);

/**
 * A CSV import of products, run by the job engine's product-import queue (src/jobs): a job whose
 * process died is failed once that process's heartbeat stops and runs again, resuming after the
 * rows recorded. `heartbeat_at` is the time of the last progress written.
 */
export const productImports = pgTable(
  'product_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id),
    /** The location that receives the rows' stock columns; none means rows with stock fail. */
    stockCompanyId: uuid('stock_company_id').references(() => companies.id),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    status: importStatusEnum('status').notNull().default('queued'),
    error: text('error'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    succeededRows: integer('succeeded_rows').notNull().default(0),
    failedRows: integer('failed_rows').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** The last time a run cut off by its server stopping was taken up again, and the rows done by then. */
    resumedAt: timestamp('resumed_at', { withTimezone: true }),
    resumedAfterRows: integer('resumed_after_rows'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('product_imports_status_idx').on(t.status, t.createdAt), index('product_imports_company_idx').on(t.companyId, t.createdAt)],
);

/** Every row of an import with its outcome; a failed row keeps its data and reason to be fixed. */
export const productImportRows = pgTable(
  'product_import_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    importId: uuid('import_id')
      .notNull()
      .references(() => productImports.id),
    rowNumber: integer('row_number').notNull(),
    status: importRowStatusEnum('status').notNull(),
    reason: text('reason'),
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    productId: uuid('product_id').references(() => products.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('product_import_rows_number_unique').on(t.importId, t.rowNumber), index('product_import_rows_status_idx').on(t.importId, t.status, t.rowNumber)],
);
