import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, numeric, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ALERT_KINDS, DISPOSAL_REASONS, LOT_STATUSES, USAGE_KINDS } from '@clinic/domain';
import { companies } from './organizations';
import { users } from './users';
import { suppliers } from './suppliers';
import { products } from './catalog';
import { purchaseOrderLines } from './purchasing';
import { storagePlaces } from './places';

export const lotStatusEnum = pgEnum('lot_status', LOT_STATUSES);

/**
 * A stock is one receipt of a product at a location: a lot with its price and expiry. Its unit
 * counters are kept by a trigger on `stock_usages` (migration 0006), the only way units leave,
 * and the CHECK keeps the balance from ever going below zero.
 */
export const stocks = pgTable(
  'stocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    supplierId: uuid('supplier_id').references(() => suppliers.id),
    containerQuantity: integer('container_quantity').notNull(),
    unitsPerContainer: integer('units_per_container').notNull(),
    pricePerContainer: numeric('price_per_container', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    unitPrice: numeric('unit_price', { precision: 16, scale: 5, mode: 'number' }).notNull(),
    totalUnits: integer('total_units')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`${stocks.containerQuantity} * ${stocks.unitsPerContainer}`),
    unitsUsed: numeric('units_used', { precision: 14, scale: 3, mode: 'number' }).notNull().default(0),
    unitsConsumed: numeric('units_consumed', { precision: 14, scale: 3, mode: 'number' }).notNull().default(0),
    unitsRemoved: numeric('units_removed', { precision: 14, scale: 3, mode: 'number' }).notNull().default(0),
    unitsLeft: numeric('units_left', { precision: 14, scale: 3, mode: 'number' })
      .notNull()
      .generatedAlwaysAs((): SQL => sql`${stocks.containerQuantity} * ${stocks.unitsPerContainer} - ${stocks.unitsUsed} - ${stocks.unitsConsumed} - ${stocks.unitsRemoved}`),
    expiryDate: date('expiry_date'),
    lotNumber: text('lot_number').notNull().default(''),
    isConsignment: boolean('is_consignment').notNull().default(false),
    note: text('note').notNull().default(''),
    hasUniqueLot: boolean('has_unique_lot').notNull().default(false),
    /** Recalled or quarantined lots are skipped by consumption and refused when named (issue 20). */
    status: lotStatusEnum('status').notNull().default('available'),
    statusReason: text('status_reason').notNull().default(''),
    /** The manufacturer's or the authority's recall notice, a quarantine ticket. */
    statusReference: text('status_reference').notNull().default(''),
    statusChangedBy: uuid('status_changed_by').references(() => users.id),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    runningListProductId: uuid('running_list_product_id'),
    /** The purchase-order line this stock was received against (purchasing). */
    purchaseOrderLineId: uuid('purchase_order_line_id').references(() => purchaseOrderLines.id),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The storage place the lot sits in (issue 34). Left out on insert, a trigger puts the lot in
     * its location's default place (migration 0032), so every way lots arrive has one.
     */
    placeId: uuid('place_id').notNull(),
    /** The lot units were moved out of to make this one (a part of a lot moved to another place). */
    movedFromStockId: uuid('moved_from_stock_id'),
    /**
     * The cycle count that found this lot on the shelf but not on the books (issue 34). Its foreign
     * key to stock_counts is in migration 0033 (the counts' schema imports this file).
     */
    foundInCountId: uuid('found_in_count_id'),
    /** The lot at another location of the organization these units were shipped from (issue 34, item 3). */
    transferredFromStockId: uuid('transferred_from_stock_id'),
  },
  (t) => [
    foreignKey({ name: 'stocks_place_fk', columns: [t.placeId, t.companyId], foreignColumns: [storagePlaces.id, storagePlaces.companyId] }),
    foreignKey({ name: 'stocks_moved_from_fk', columns: [t.movedFromStockId], foreignColumns: [t.id] }),
    foreignKey({ name: 'stocks_transferred_from_fk', columns: [t.transferredFromStockId], foreignColumns: [t.id] }),
    // Recall tracing follows a lot to the lots made from it at other locations.
    index('stocks_transferred_from_idx').on(t.transferredFromStockId).where(sql`${t.transferredFromStockId} is not null`),
    // A quarantine follows a lot to the parts moved from it to other places (issue 50).
    index('stocks_moved_from_idx').on(t.movedFromStockId).where(sql`${t.movedFromStockId} is not null`),
    // The place's lots: the places page's units, the stock list's place filter.
    index('stocks_company_place_idx').on(t.companyId, t.placeId).where(sql`${t.deletedAt} is null`),
    check('stocks_balance_not_negative', sql`${t.containerQuantity} * ${t.unitsPerContainer} - ${t.unitsUsed} - ${t.unitsConsumed} - ${t.unitsRemoved} >= 0`),
    // units_removed may go below zero by a count's surplus only (a 'count' row with a negative
    // quantity: the shelf held more than the books); the balance CHECK above still holds the lot.
    check('stocks_counters_not_negative', sql`${t.unitsUsed} >= 0 and ${t.unitsConsumed} >= 0`),
    check('stocks_sizes_positive', sql`${t.containerQuantity} > 0 and ${t.unitsPerContainer} > 0 and ${t.pricePerContainer} >= 0`),
    check('stocks_note_length', sql`char_length(${t.note}) <= 300`),
    // The stock grid: a product's stock at a location, newest first.
    index('stocks_company_product_created_idx').on(t.companyId, t.productId, t.createdAt),
    // Consumption picks live lots first-expiry-first; alerts and in-stock filters read the same rows
    // (their `units_left > 0` is checked on the row). The predicates name deleted_at only: a column
    // in an index predicate makes every update of it write new index entries, and each consumption
    // updates the counters, so with units_left here the trigger's UPDATE could never be HOT.
    index('stocks_live_lots_idx').on(t.companyId, t.productId, t.expiryDate, t.id).where(sql`${t.deletedAt} is null`),
    index('stocks_product_live_idx').on(t.productId).where(sql`${t.deletedAt} is null`),
    // The dashboard's stocks about to expire: a location's live lots by expiry.
    index('stocks_company_expiry_live_idx').on(t.companyId, t.expiryDate).where(sql`${t.deletedAt} is null`),
    // Recall tracing: a location's lots by number, whatever the case.
    index('stocks_company_lot_number_idx').on(t.companyId, sql`lower(${t.lotNumber})`),
    // A purchase order's receipts.
    index('stocks_purchase_order_line_idx').on(t.purchaseOrderLineId).where(sql`${t.purchaseOrderLineId} is not null`),
  ],
);

export const usageKindEnum = pgEnum('usage_kind', USAGE_KINDS);
export const disposalReasonEnum = pgEnum('disposal_reason', DISPOSAL_REASONS);

/**
 * The ledger: every unit that leaves a stock, append-only (a trigger refuses updates and deletes).
 * A negative reconciliation puts units back after a recount found more than the books.
 */
export const stockUsages = pgTable(
  'stock_usages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    stockId: uuid('stock_id')
      .notNull()
      .references(() => stocks.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    kind: usageKindEnum('kind').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    /** The lot's unit price when the units left, so costs never change afterwards. */
    unitPrice: numeric('unit_price', { precision: 16, scale: 5, mode: 'number' }).notNull(),
    note: text('note').notNull().default(''),
    userId: uuid('user_id').references(() => users.id),
    /** Set by treatment consumption (treatments issue). */
    treatmentLogProductId: uuid('treatment_log_product_id'),
    /** The consume request this row belongs to, for idempotent replays. */
    consumptionKey: text('consumption_key'),
    /** A disposal's reason (set exactly on 'disposal' rows). */
    disposalReason: disposalReasonEnum('disposal_reason'),
    /** Dollars the supplier credits for a return (set exactly on 'return' rows). */
    creditAmount: numeric('credit_amount', { precision: 14, scale: 2, mode: 'number' }),
    /** A return's supplier reference (RMA, credit note). */
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_usages_quantity_nonzero', sql`${t.quantity} <> 0`),
    // Compared as text: a kind added by the same migration cannot be named as an enum value there.
    check(
      'stock_usages_write_off_fields',
      sql`(${t.kind}::text = 'disposal') = (${t.disposalReason} is not null) and (${t.kind}::text = 'return') = (${t.creditAmount} is not null) and (${t.creditAmount} is null or ${t.creditAmount} >= 0)`,
    ),
    index('stock_usages_stock_idx').on(t.stockId, t.createdAt),
    index('stock_usages_company_product_created_idx').on(t.companyId, t.productId, t.createdAt),
    index('stock_usages_company_created_idx').on(t.companyId, t.createdAt),
    // A visit's lines and what they hold (editing a visit, its lots).
    // Waste and credits over a range: the few write-off rows among the many usages.
    index('stock_usages_write_offs_idx').on(t.companyId, t.createdAt).where(sql`${t.disposalReason} is not null or ${t.creditAmount} is not null`),
    index('stock_usages_treatment_log_product_idx').on(t.treatmentLogProductId).where(sql`${t.treatmentLogProductId} is not null`),
  ],
);

/**
 * Units moved between storage places of a location (issue 34), append-only. A part of a lot moves
 * as a 'move' usage row on the lot it leaves and a new lot at the target (`to_stock_id`); a whole
 * lot moves by changing its place (`from_stock_id` = `to_stock_id`). The lots' histories read it.
 */
export const stockMoves = pgTable(
  'stock_moves',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    fromStockId: uuid('from_stock_id')
      .notNull()
      .references(() => stocks.id),
    toStockId: uuid('to_stock_id')
      .notNull()
      .references(() => stocks.id),
    fromPlaceId: uuid('from_place_id')
      .notNull()
      .references(() => storagePlaces.id),
    toPlaceId: uuid('to_place_id')
      .notNull()
      .references(() => storagePlaces.id),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    userId: uuid('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_moves_quantity_positive', sql`${t.quantity} > 0`),
    check('stock_moves_places_differ', sql`${t.fromPlaceId} <> ${t.toPlaceId}`),
    index('stock_moves_from_idx').on(t.fromStockId, t.createdAt),
    index('stock_moves_to_idx').on(t.toStockId, t.createdAt),
  ],
);

export const alertKindEnum = pgEnum('alert_kind', ALERT_KINDS);

/**
 * An alert lives while its condition holds (resolved_at null). At most one live alert per
 * location, kind, product and lot; once resolved, the condition returning raises a new one.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    stockId: uuid('stock_id').references(() => stocks.id),
    kind: alertKindEnum('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    dismissedBy: uuid('dismissed_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alerts_live_unique')
      .on(t.companyId, t.kind, t.productId, sql`coalesce(${t.stockId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${t.resolvedAt} is null`),
    index('alerts_open_idx').on(t.companyId, t.kind, t.createdAt).where(sql`${t.resolvedAt} is null and ${t.dismissedAt} is null`),
  ],
);
