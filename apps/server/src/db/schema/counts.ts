import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, numeric, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { COUNT_SCOPES, COUNT_STATUSES } from '@clinic/domain';
import { companies } from './organizations';
import { users } from './users';
import { categories, products } from './catalog';
import { storagePlaces } from './places';
import { stocks } from './stock';

export const countScopeEnum = pgEnum('count_scope', COUNT_SCOPES);
export const countStatusEnum = pgEnum('count_status', COUNT_STATUSES);

/**
 * A cycle count of a location (issue 34): its scope, and who started, submitted, approved or
 * canceled it. One count at a time is under way (open or submitted) per location, so two counts
 * never adjust the same lot for the same difference.
 */
export const stockCounts = pgTable(
  'stock_counts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    scope: countScopeEnum('scope').notNull(),
    categoryId: uuid('category_id').references(() => categories.id),
    placeId: uuid('place_id'),
    status: countStatusEnum('status').notNull().default('open'),
    startedBy: uuid('started_by').references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    submittedBy: uuid('submitted_by').references(() => users.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedBy: uuid('approved_by').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    canceledBy: uuid('canceled_by').references(() => users.id),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({ name: 'stock_counts_place_fk', columns: [t.placeId, t.companyId], foreignColumns: [storagePlaces.id, storagePlaces.companyId] }),
    check('stock_counts_scope_target', sql`(${t.scope}::text = 'category') = (${t.categoryId} is not null) and (${t.scope}::text = 'place') = (${t.placeId} is not null)`),
    // One count under way per location: a second start waits on this index and is refused.
    uniqueIndex('stock_counts_one_under_way').on(t.companyId).where(sql`${t.status} in ('open', 'submitted')`),
    // Count history, newest first; accuracy over the approved ones.
    index('stock_counts_company_started_idx').on(t.companyId, t.startedAt),
  ],
);

/**
 * A line of a count: a lot on the books when the count started, or a lot found on the shelf
 * (`is_found`, no stock until approval makes one). `expected_units` is what the books held at the
 * moment the line was counted, so the approval applies only the difference from that moment.
 */
export const stockCountLines = pgTable(
  'stock_count_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    countId: uuid('count_id')
      .notNull()
      .references(() => stockCounts.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    stockId: uuid('stock_id').references(() => stocks.id),
    placeId: uuid('place_id'),
    lotNumber: text('lot_number').notNull().default(''),
    expiryDate: date('expiry_date', { mode: 'string' }),
    unitPrice: numeric('unit_price', { precision: 16, scale: 5, mode: 'number' }).notNull(),
    isFound: boolean('is_found').notNull().default(false),
    countedUnits: numeric('counted_units', { precision: 14, scale: 3, mode: 'number' }),
    expectedUnits: numeric('expected_units', { precision: 14, scale: 3, mode: 'number' }),
    countedBy: uuid('counted_by').references(() => users.id),
    countedAt: timestamp('counted_at', { withTimezone: true }),
    /** What the approval put on the ledger: shelf minus books, capped by what the lot still held. */
    adjustedUnits: numeric('adjusted_units', { precision: 14, scale: 3, mode: 'number' }),
  },
  (t) => [
    foreignKey({ name: 'stock_count_lines_place_fk', columns: [t.placeId, t.companyId], foreignColumns: [storagePlaces.id, storagePlaces.companyId] }),
    check('stock_count_lines_counted_not_negative', sql`${t.countedUnits} is null or ${t.countedUnits} >= 0`),
    check('stock_count_lines_found_units_positive', sql`not ${t.isFound} or ${t.countedUnits} > 0`),
    uniqueIndex('stock_count_lines_count_stock_unique').on(t.countId, t.stockId).where(sql`${t.stockId} is not null`),
    // The sheet: a count's lines by product and expiry.
    index('stock_count_lines_count_idx').on(t.countId, t.productId, t.expiryDate),
    // A lot's counts, for its history.
    index('stock_count_lines_stock_idx').on(t.stockId).where(sql`${t.stockId} is not null`),
  ],
);
