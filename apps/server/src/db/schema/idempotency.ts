import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './organizations';

/**
 * Idempotency: the first answer to a request that changes stock, replayed when its key comes again
 * with the same request. Keys are scoped by operation ('stock.consume', 'treatment_log.create', 'marketplace.place_order'),
 * so the same key sent to two different operations never collides.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    operation: text('operation').notNull(),
    key: text('key').notNull(),
    /** requestFingerprint of the request that claimed the key; null on keys stored before it was kept. */
    fingerprint: text('fingerprint'),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.operation, t.key] })],
);
