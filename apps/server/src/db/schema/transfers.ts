import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { TRANSFER_STATUSES } from '@clinic/domain';
import { companies, organizations } from './organizations';
import { users } from './users';
import { products } from './catalog';
import { stocks } from './stock';

export const transferStatusEnum = pgEnum('transfer_status', TRANSFER_STATUSES);

/**
 * Units sent between two locations of one organization (issue 34, item 3). Both locations are of
 * `organization_id` (a trigger in migration 0034 refuses anything else, whatever a bug upstream
 * sends). While in transit the units are on no shelf: the lines hold them with their value.
 */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    fromCompanyId: uuid('from_company_id')
      .notNull()
      .references(() => companies.id),
    toCompanyId: uuid('to_company_id')
      .notNull()
      .references(() => companies.id),
    status: transferStatusEnum('status').notNull(),
    note: text('note').notNull().default(''),
    requestedBy: uuid('requested_by').references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    shippedBy: uuid('shipped_by').references(() => users.id),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    receivedBy: uuid('received_by').references(() => users.id),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    canceledBy: uuid('canceled_by').references(() => users.id),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_transfers_locations_differ', sql`${t.fromCompanyId} <> ${t.toCompanyId}`),
    check('stock_transfers_note_length', sql`char_length(${t.note}) <= 300`),
    // A location's transfers, both ways, newest first.
    index('stock_transfers_from_idx').on(t.fromCompanyId, t.createdAt),
    index('stock_transfers_to_idx').on(t.toCompanyId, t.createdAt),
  ],
);

/** What was asked for (or sent) per product, before lots are picked. */
export const stockTransferItems = pgTable(
  'stock_transfer_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => stockTransfers.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    units: integer('units').notNull(),
  },
  (t) => [check('stock_transfer_items_units_positive', sql`${t.units} > 0`), index('stock_transfer_items_transfer_idx').on(t.transferId)],
);

/**
 * One lot's units shipped: a 'transfer' usage row took them off `source_stock_id`; on receipt the
 * units that arrived become `received_stock_id` at the receiver, the rest is written off here.
 */
export const stockTransferLines = pgTable(
  'stock_transfer_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => stockTransfers.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    sourceStockId: uuid('source_stock_id')
      .notNull()
      .references(() => stocks.id),
    unitsShipped: integer('units_shipped').notNull(),
    /** The source lot's unit price: the value in transit, and the new lot's price. */
    unitPrice: numeric('unit_price', { precision: 16, scale: 5, mode: 'number' }).notNull(),
    unitsReceived: integer('units_received'),
    unitsWrittenOff: integer('units_written_off'),
    writeOffReason: text('write_off_reason'),
    receivedStockId: uuid('received_stock_id').references(() => stocks.id),
  },
  (t) => [
    check('stock_transfer_lines_units_positive', sql`${t.unitsShipped} > 0`),
    // Received whole or in part, never more: what arrived and what was written off add up.
    check(
      'stock_transfer_lines_received_adds_up',
      sql`(${t.unitsReceived} is null and ${t.unitsWrittenOff} is null) or (${t.unitsReceived} >= 0 and ${t.unitsWrittenOff} >= 0 and ${t.unitsReceived} + ${t.unitsWrittenOff} = ${t.unitsShipped})`,
    ),
    index('stock_transfer_lines_transfer_idx').on(t.transferId),
    index('stock_transfer_lines_source_idx').on(t.sourceStockId),
  ],
);
