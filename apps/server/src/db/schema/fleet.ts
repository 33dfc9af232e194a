import { date, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './organizations';

/**
 * Open Dental's pace per key (issue 53): the free tier answers one request per 5 s per key, and
 * every server process asks with the same keys, so the next moment a request may go is kept here,
 * not in one process's memory. A request takes its turn with one atomic update (pms/open-dental-pace.repo.ts).
 */
export const openDentalPaces = pgTable('open_dental_paces', {
  /** A digest of the practice's address and keys (never the keys). */
  keyHash: text('key_hash').primaryKey(),
  /** The database's clock: no request with this key goes before it. */
  nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
});

/**
 * The nightly per-location jobs (issue 53) that finished for a day: a retried or restarted night
 * skips the locations already done (jobs/location-jobs.ts).
 */
export const locationJobDays = pgTable(
  'location_job_days',
  {
    /** The per-location queue's name (reorder-forecast-location). */
    queue: text('queue').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The last day whose run finished at the location. */
    day: date('day', { mode: 'string' }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.queue, t.companyId] })],
);
