import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, organizations } from './organizations';
import { products } from './catalog';
import { users } from './users';
import { lotStatusEnum, stocks } from './stock';

/**
 * A recall or a quarantine (issue 50, item 1): what was stopped, why, by whom, and when it was
 * released. A recall names a product and its lot number, so it holds every lot of that product and
 * number in the organization, however the units arrived, and lots of that number arriving later
 * join it (`whole_lot_number`). A quarantine holds the lot and every unit moved from it, or the
 * whole lot number when asked. `stocks.status` is kept from the lot's active holds (a recall wins
 * over a quarantine) by lot_status_refresh (migration 0043), so releasing a hold undoes exactly
 * what it stopped and nothing another hold still stops.
 */
export const lotHolds = pgTable(
  'lot_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The location that set it: the hold is released there. */
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** The lot it was set on (the alerts name it as the recall's source). */
    stockId: uuid('stock_id')
      .notNull()
      .references(() => stocks.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    lotNumber: text('lot_number').notNull(),
    status: lotStatusEnum('status').notNull(),
    wholeLotNumber: boolean('whole_lot_number').notNull(),
    reason: text('reason').notNull().default(''),
    reference: text('reference').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedBy: uuid('released_by').references(() => users.id),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releaseReason: text('release_reason').notNull().default(''),
  },
  (t) => [
    check('lot_holds_status_stops', sql`${t.status} <> 'available'`),
    // A lot arriving looks for the active holds on its product's lot number in its organization.
    index('lot_holds_active_lot_number_idx')
      .on(t.organizationId, t.productId, sql`lower(${t.lotNumber})`)
      .where(sql`${t.releasedAt} is null and ${t.wholeLotNumber}`),
  ],
);

/** The lots a hold stops: those it reached when set, and those that joined it since. */
export const lotHoldStocks = pgTable(
  'lot_hold_stocks',
  {
    holdId: uuid('hold_id')
      .notNull()
      .references(() => lotHolds.id),
    stockId: uuid('stock_id')
      .notNull()
      .references(() => stocks.id),
  },
  (t) => [primaryKey({ columns: [t.holdId, t.stockId] }), index('lot_hold_stocks_stock_idx').on(t.stockId)],
);
