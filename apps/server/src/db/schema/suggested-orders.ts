import { sql } from 'drizzle-orm';
import type { VendorChoice } from '@clinic/domain';
import { boolean, check, date, index, integer, jsonb, numeric, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './organizations';
import { users } from './users';
import { products } from './catalog';
import { suppliers } from './suppliers';
import { purchaseOrders } from './purchasing';
import { vendorKindEnum } from './marketplace';

export const suggestedOrderStatusEnum = pgEnum('suggested_order_status', ['open', 'ordered']);

/**
 * What a location should order now (issue 35): the draft the daily reorder job (or the page's
 * button) writes and a location admin reviews. One open draft per location, whatever runs at once:
 * the partial unique index is what two processes meet on.
 */
export const suggestedOrders = pgTable(
  'suggested_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    status: suggestedOrderStatusEnum('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }),
    /** Who turned the draft into orders; null when automatic sending did. */
    orderedBy: uuid('ordered_by').references(() => users.id),
  },
  (t) => [uniqueIndex('suggested_orders_one_open_idx').on(t.companyId).where(sql`${t.status} = 'open'`), index('suggested_orders_company_idx').on(t.companyId, t.createdAt)],
);

/** One choice of vendor for a suggested line, as the marketplace's comparison priced it when drafted. */
export type SuggestedChoice = VendorChoice;

/**
 * A product the draft orders (or cannot: `problem` says why, and nothing is ordered for it). The
 * facts it was drafted from stay with it, so a reviewer sees why it is there.
 */
export const suggestedOrderLines = pgTable(
  'suggested_order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    suggestedOrderId: uuid('suggested_order_id')
      .notNull()
      .references(() => suggestedOrders.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    vendorId: uuid('vendor_id').references(() => suppliers.id),
    vendorKind: vendorKindEnum('vendor_kind'),
    sku: text('sku'),
    description: text('description').notNull().default(''),
    packSize: integer('pack_size'),
    /** Dollars per pack. */
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }),
    /** Packs to order. */
    quantity: integer('quantity').notNull().default(0),
    unitsNeeded: numeric('units_needed', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    usableUnits: numeric('usable_units', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    onOrderUnits: numeric('on_order_units', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    reorderPoint: integer('reorder_point').notNull(),
    orderUpTo: integer('order_up_to').notNull(),
    /** Issue 51: why this quantity (the order-cost balance, joining the supplier's order). */
    why: text('why'),
    choices: jsonb('choices').$type<SuggestedChoice[]>().notNull().default([]),
    problem: text('problem'),
    /** A person changed the quantity or vendor: the next run of the job leaves the line as they set it. */
    edited: boolean('edited').notNull().default(false),
    /** A person took it off the draft: the next run does not put it back. */
    removed: boolean('removed').notNull().default(false),
    purchaseOrderId: uuid('purchase_order_id').references(() => purchaseOrders.id),
  },
  (t) => [
    uniqueIndex('suggested_order_lines_product_idx').on(t.suggestedOrderId, t.productId),
    index('suggested_order_lines_company_idx').on(t.companyId),
    check('suggested_order_lines_quantity_range', sql`${t.quantity} >= 0`),
  ],
);

export const digestFrequencyEnum = pgEnum('reorder_digest_frequency', ['daily', 'weekly']);

/**
 * A location admin's reorder digest (issue 35): items at risk, lots expiring, suggested orders
 * waiting, by e-mail daily or weekly. No row: no digest. The token is the e-mail's off link.
 */
export const reorderDigestSubscriptions = pgTable(
  'reorder_digest_subscriptions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    frequency: digestFrequencyEnum('frequency').notNull(),
    token: text('token').notNull(),
    lastSentOn: date('last_sent_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), uniqueIndex('reorder_digest_subscriptions_token_idx').on(t.token)],
);
