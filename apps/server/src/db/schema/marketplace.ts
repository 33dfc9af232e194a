import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { VENDOR_KINDS, VENDOR_ORDER_STATUSES } from '@clinic/domain';
import { companies } from './organizations';
import { users } from './users';
import { suppliers } from './suppliers';
import { products } from './catalog';
import { purchaseOrders } from './purchasing';

/**
 * The price list a location keeps for a supplier it buys from (its own or a shared one: each
 * location has its own prices), from the file last uploaded; replaced whole on each upload.
 */
export const priceLists = pgTable(
  'price_lists',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    fileName: text('file_name').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.supplierId] })],
);

/**
 * One item of a supplier's price list. product_id is the catalog product it was matched to by
 * barcode or manufacturer code when the list was uploaded (or proposed later); null while unmatched.
 */
export const priceListItems = pgTable(
  'price_list_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    vendorSku: text('vendor_sku').notNull(),
    description: text('description').notNull(),
    barcode: text('barcode').notNull().default(''),
    manufacturerCode: text('manufacturer_code').notNull().default(''),
    packSize: integer('pack_size').notNull(),
    /** Dollars per pack. */
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    inStock: boolean('in_stock').notNull().default(true),
    productId: uuid('product_id').references(() => products.id),
  },
  (t) => [
    uniqueIndex('price_list_items_company_supplier_sku_unique').on(t.companyId, t.supplierId, t.vendorSku),
    // The comparison: every vendor's offers for the products on a page of results.
    index('price_list_items_company_product_idx').on(t.companyId, t.productId),
    // The supplier's price list page, matched or not, by description.
    index('price_list_items_company_supplier_description_idx').on(t.companyId, t.supplierId, t.description, t.id),
    check('price_list_items_pack_size_positive', sql`${t.packSize} > 0`),
    check('price_list_items_price_not_negative', sql`${t.price} >= 0`),
  ],
);

export const vendorOrderStatusEnum = pgEnum('vendor_order_status', VENDOR_ORDER_STATUSES);
export const vendorKindEnum = pgEnum('vendor_kind', VENDOR_KINDS);

/**
 * A purchase order placed through the marketplace: where it stands with its vendor. The order,
 * its lines and its receiving are the purchase order's; this row adds the vendor's side.
 */
export const vendorOrders = pgTable(
  'vendor_orders',
  {
    purchaseOrderId: uuid('purchase_order_id')
      .primaryKey()
      .references(() => purchaseOrders.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** The placement's idempotency key: the orders one cart became share it. */
    checkoutKey: text('checkout_key').notNull(),
    /** Which adapter placed the order and follows it (the order's supplier is the vendor). */
    vendorKind: vendorKindEnum('vendor_kind').notNull(),
    status: vendorOrderStatusEnum('status').notNull(),
    vendorReference: text('vendor_reference'),
    carrier: text('carrier'),
    trackingUrl: text('tracking_url'),
    error: text('error'),
    /** What the same units would have cost at the highest unit price quoted for each product. */
    highestTotal: numeric('highest_total', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The orders page and order-status: a location's orders in a date range, newest first.
    index('vendor_orders_company_placed_idx').on(t.companyId, t.placedAt, t.purchaseOrderId),
    index('vendor_orders_company_checkout_idx').on(t.companyId, t.checkoutKey),
    index('vendor_orders_company_tracking_idx').on(t.companyId, t.trackingUrl).where(sql`${t.trackingUrl} is not null`),
    index('vendor_orders_company_reference_idx').on(t.companyId, t.vendorReference).where(sql`${t.vendorReference} is not null`),
    // The status job: distributor orders still on their way, least recently checked first.
    index('vendor_orders_open_idx').on(t.updatedAt).where(sql`${t.vendorKind} = 'distributor' and ${t.status} in ('placing', 'placed', 'confirmed', 'shipped')`),
  ],
);
