import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './organizations';
import { categories, products } from './catalog';
import { suppliers } from './suppliers';
import { users } from './users';

/**
 * A location's reordering settings (issue 35): the cycle service level its reorder points aim at
 * and the days between orders its order-up-to levels cover. No row: the defaults (98%, 7 days).
 */
export const reorderSettings = pgTable(
  'reorder_settings',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id),
    serviceLevel: numeric('service_level', { precision: 4, scale: 3, mode: 'number' }).notNull().default(0.98),
    reviewDays: integer('review_days').notNull().default(7),
    /** Issue 51: the share of units asked for the shelf should serve (the reorder points aim at it). */
    fillRate: numeric('fill_rate', { precision: 4, scale: 3, mode: 'number' }).notNull().default(0.99),
    /** Dollars an order to a supplier costs (staff time, handling): counted once however many lines. */
    orderCost: numeric('order_cost', { precision: 10, scale: 2, mode: 'number' }).notNull().default(15),
    /** Yearly cost of holding a dollar of stock (capital, space, expiry). */
    holdingRate: numeric('holding_rate', { precision: 4, scale: 3, mode: 'number' }).notNull().default(0.25),
    /** Suggested orders to one vendor under this value (dollars) go out without a person; null: never. */
    autoSendUnder: numeric('auto_send_under', { precision: 14, scale: 2, mode: 'number' }),
    /** The admin who turned automatic sending on: the orders it sends are issued in their name. */
    autoSendBy: uuid('auto_send_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reorder_settings_service_level_range', sql`${t.serviceLevel} >= 0.5 and ${t.serviceLevel} <= 0.999`),
    check('reorder_settings_review_days_range', sql`${t.reviewDays} between 1 and 60`),
    check('reorder_settings_fill_rate_range', sql`${t.fillRate} >= 0.5 and ${t.fillRate} <= 0.999`),
    check('reorder_settings_order_cost_range', sql`${t.orderCost} >= 0 and ${t.orderCost} <= 10000`),
    check('reorder_settings_holding_rate_range', sql`${t.holdingRate} > 0 and ${t.holdingRate} <= 1`),
    check('reorder_settings_auto_send_positive', sql`${t.autoSendUnder} is null or (${t.autoSendUnder} > 0 and ${t.autoSendBy} is not null)`),
  ],
);

/**
 * The daily forecast of each product a location uses (issue 35), written by the reorder job: what
 * lists sort by (days of cover) and what the "runs out" alert compares the shelf with, on every
 * stock change, between two runs.
 */
export const reorderForecasts = pgTable(
  'reorder_forecasts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    method: text('method').notNull(),
    dailyUse: numeric('daily_use', { precision: 14, scale: 4, mode: 'number' }).notNull(),
    leadTimeDays: numeric('lead_time_days', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    reorderPoint: integer('reorder_point').notNull(),
    orderUpTo: integer('order_up_to').notNull(),
    /** Issue 51: the fill the levels are expected to give, and why an order is the size it is. */
    expectedFill: numeric('expected_fill', { precision: 5, scale: 4, mode: 'number' }),
    why: text('why'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.productId] }), index('reorder_forecasts_company_use_idx').on(t.companyId).where(sql`${t.dailyUse} > 0`)],
);

/**
 * Issue 51: a fill-rate target a location sets for a category (its implants at 99.5%, its gloves at
 * 97%): over the location's, under a product's own (product_company_settings.fill_rate).
 */
export const categoryReorderSettings = pgTable(
  'category_reorder_settings',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    fillRate: numeric('fill_rate', { precision: 4, scale: 3, mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.categoryId] }), check('category_reorder_settings_fill_rate_range', sql`${t.fillRate} >= 0.5 and ${t.fillRate} <= 0.999`)],
);

/**
 * Issue 51: what a supplier charges this location for shipping an order, and the order value from
 * which shipping is free (null: never). Per location, as a shared supplier's price lists are. The
 * order-cost balance counts the fee once per order and weighs reaching the threshold.
 */
export const supplierShipping = pgTable(
  'supplier_shipping',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    shippingFee: numeric('shipping_fee', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    freeShippingOver: numeric('free_shipping_over', { precision: 14, scale: 2, mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.supplierId] }),
    check('supplier_shipping_fee_range', sql`${t.shippingFee} >= 0 and ${t.shippingFee} <= 10000`),
    check('supplier_shipping_free_over_positive', sql`${t.freeShippingOver} is null or (${t.freeShippingOver} > 0 and ${t.freeShippingOver} <= 1000000)`),
  ],
);
