import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PRODUCT_REQUEST_URGENCIES, PURCHASE_ORDER_STATUSES } from '@clinic/domain';
import { companies } from './organizations';
import { users } from './users';
import { suppliers } from './suppliers';
import { products } from './catalog';

/**
 * A running list collects what a location wants to order from one supplier until a purchase order
 * is generated from it (ordered_at); after that it is history and no longer changes.
 */
export const runningLists = pgTable(
  'running_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // The lists page, newest first, optionally only the open ones.
    index('running_lists_company_created_idx').on(t.companyId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    // "The supplier's open list" when a product is added by supplier.
    index('running_lists_open_supplier_idx').on(t.companyId, t.supplierId, t.createdAt).where(sql`${t.deletedAt} is null and ${t.orderedAt} is null`),
  ],
);

export const runningListProducts = pgTable(
  'running_list_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runningListId: uuid('running_list_id')
      .notNull()
      .references(() => runningLists.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** Containers to order. */
    quantity: integer('quantity').notNull(),
    /** Price per container, dollars. */
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    highPriority: boolean('high_priority').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Spec: a product is on a list once ('Failed to add products already in the running list').
    uniqueIndex('running_list_products_list_product_unique').on(t.runningListId, t.productId),
    check('running_list_products_quantity_positive', sql`${t.quantity} > 0`),
    check('running_list_products_price_not_negative', sql`${t.price} >= 0`),
  ],
);

export const purchaseOrderStatusEnum = pgEnum('purchase_order_status', PURCHASE_ORDER_STATUSES);

/**
 * A purchase order freezes a running list: its lines copy product, quantity and price, so later
 * catalog or list changes never alter what was sent to the supplier.
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** The location's running number (document_counters). */
    number: integer('number').notNull(),
    /** The list the order was generated from; null for a marketplace order, which comes from a cart. */
    runningListId: uuid('running_list_id').references(() => runningLists.id),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    total: numeric('total', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    status: purchaseOrderStatusEnum('status').notNull().default('ordered'),
    pdfUrl: text('pdf_url'),
    emailedTo: text('emailed_to'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Also the history page's order: newest number first.
    uniqueIndex('purchase_orders_company_number_unique').on(t.companyId, t.number),
    // One order per list, even when Generate is pressed twice at once.
    uniqueIndex('purchase_orders_running_list_unique').on(t.runningListId),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    runningListProductId: uuid('running_list_product_id').references(() => runningListProducts.id),
    productName: text('product_name').notNull(),
    /** The vendor's item number, on marketplace orders. */
    vendorSku: text('vendor_sku'),
    quantity: integer('quantity').notNull(),
    /**
     * Catalog items (containers) in one pack as the vendor sells it (a price list's pack size; 1
     * when not said): what is on order counts packs x items x the product's units per container.
     */
    itemsPerPack: integer('items_per_pack'),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    highPriority: boolean('high_priority').notNull().default(false),
    /** Containers received so far; only receiving moves it, and never past what was ordered. */
    receivedQuantity: integer('received_quantity').notNull().default(0),
  },
  (t) => [
    index('purchase_order_lines_order_idx').on(t.purchaseOrderId),
    // What is already on order for a product (reorder suggestions).
    index('purchase_order_lines_company_product_idx').on(t.companyId, t.productId),
    check('purchase_order_lines_received_within_ordered', sql`${t.receivedQuantity} >= 0 and ${t.receivedQuantity} <= ${t.quantity}`),
  ],
);

/** One delivery received against an order; the key makes a retried receive count once. */
export const purchaseOrderReceipts = pgTable(
  'purchase_order_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** requestFingerprint of the delivery; null on receipts stored before it was kept. */
    fingerprint: text('fingerprint'),
    /** The stocks the delivery created, replayed for a repeated key. */
    stockIds: jsonb('stock_ids').$type<string[]>().notNull(),
    receivedBy: uuid('received_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('purchase_order_receipts_key_unique').on(t.companyId, t.idempotencyKey), index('purchase_order_receipts_order_idx').on(t.purchaseOrderId)],
);

/** Running document numbers per location (purchase orders), taken with one atomic upsert. */
export const documentCounters = pgTable(
  'document_counters',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind] })],
);

export const productRequestUrgencyEnum = pgEnum('product_request_urgency', PRODUCT_REQUEST_URGENCIES);

/**
 * Request Product: someone at a location asked for a product to be ordered. The request points at
 * the running-list line it raised; its state (requested, ordered, received, cancelled) is read
 * through that line, its list and the order line made from it, so it cannot drift from them.
 * Removing the line (before ordering) sets the link to null: the request reads as cancelled.
 * A request no vendor could take (issue 50) has no line yet and waits for a location admin to
 * choose its supplier (`awaiting_supplier`); declined, it reads as cancelled.
 */
export const productRequests = pgTable(
  'product_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    /** Containers asked for; the line may hold more (several requests, or what was there already). */
    quantity: integer('quantity').notNull(),
    urgency: productRequestUrgencyEnum('urgency').notNull(),
    note: text('note').notNull().default(''),
    runningListProductId: uuid('running_list_product_id').references(() => runningListProducts.id, { onDelete: 'set null' }),
    /** No vendor could take it: on the location's "Requests without a supplier" until an admin chooses one or declines it. */
    awaitingSupplier: boolean('awaiting_supplier').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The product page: the caller's own requests for a product, newest first.
    index('product_requests_requester_idx').on(t.companyId, t.productId, t.requestedBy, t.createdAt),
    // Who asked for a line (running list page), and the 'requested' alert of a product.
    index('product_requests_line_idx').on(t.runningListProductId),
    // The location's requests without a supplier (few: each waits for an admin).
    index('product_requests_awaiting_idx').on(t.companyId, t.createdAt).where(sql`${t.awaitingSupplier}`),
    check('product_requests_quantity_positive', sql`${t.quantity} > 0`),
    // Waiting for a supplier means no line yet.
    check('product_requests_awaiting_without_line', sql`not (${t.awaitingSupplier} and ${t.runningListProductId} is not null)`),
  ],
);
