import { sql, type SQL } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, numeric, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ATTACHMENT_TYPES, BASIC_UNITS, CONTAINERS, PRODUCT_TYPES } from '@clinic/domain';
import { companies } from './organizations';
import { users } from './users';
import { suppliers } from './suppliers';

const NO_COMPANY = sql`'00000000-0000-0000-0000-000000000000'::uuid`;

/** Product categories: a location's own, or the product admin's (company_id null), shared by all. */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('categories_name_unique').on(sql`coalesce(${t.companyId}, ${NO_COMPANY})`, sql`lower(${t.name})`),
    index('categories_company_name_idx').on(t.companyId, t.name),
  ],
);

export const basicUnitEnum = pgEnum('basic_unit', BASIC_UNITS);
export const productTypeEnum = pgEnum('product_type', PRODUCT_TYPES);
export const containerEnum = pgEnum('container', CONTAINERS);
export const attachmentTypeEnum = pgEnum('attachment_type', ATTACHMENT_TYPES);

/**
 * The catalog. The product admin's products (company_id null) are approved and seen by every
 * location; a location's product is pending, seen only by it, until the admin approves it, after
 * which every location sees it. `search_text` feeds the trigram index of the fuzzy search.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    brand: text('brand').notNull().default(''),
    barcode: text('barcode').notNull().default(''),
    manufacturerCode: text('manufacturer_code').notNull().default(''),
    type: productTypeEnum('type').notNull(),
    container: containerEnum('container').notNull(),
    basicUnit: basicUnitEnum('basic_unit').notNull(),
    weightOrVolume: numeric('weight_or_volume', { precision: 14, scale: 4, mode: 'number' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    supplierId: uuid('supplier_id').references(() => suppliers.id),
    expiresAt: date('expires_at'),
    productImageUrl: text('product_image_url'),
    boxImageUrl: text('box_image_url'),
    isApproved: boolean('is_approved').notNull().default(false),
    isUsageTrackingOn: boolean('is_usage_tracking_on').notNull().default(false),
    /** An implant: consuming it at the chair records its UDI and site for the patient's implant card (issue 20). */
    implantable: boolean('implantable').notNull().default(false),
    /** The manufacturer named on an implant card (EU MDR art. 18); the brand when blank. */
    manufacturerName: text('manufacturer_name').notNull().default(''),
    manufacturerAddress: text('manufacturer_address').notNull().default(''),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${products.name} || ' ' || ${products.brand} || ' ' || ${products.barcode} || ' ' || ${products.manufacturerCode})`),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('products_name_unique').on(sql`coalesce(${t.companyId}, ${NO_COMPANY})`, sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('products_barcode_unique').on(sql`coalesce(${t.companyId}, ${NO_COMPANY})`, t.barcode).where(sql`${t.deletedAt} is null and ${t.barcode} <> ''`),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('products_approved_name_idx').on(t.isApproved, t.name),
    // The unfiltered catalog pages in name order straight off this index.
    index('products_name_order_idx').on(sql`lower(${t.name})`, t.id).where(sql`${t.deletedAt} is null`),
    index('products_company_name_idx').on(t.companyId, t.name),
    index('products_category_idx').on(t.categoryId),
    index('products_barcode_idx').on(t.barcode),
    // Price lists match their items by manufacturer code when there is no barcode.
    index('products_manufacturer_code_idx').on(t.manufacturerCode).where(sql`${t.manufacturerCode} <> ''`),
  ],
);

/**
 * What each location keeps about a product: its minimum stock, whether it tracks the product's
 * usage (null: the catalog's default, products.is_usage_tracking_on), and whether it removed it.
 */
export const productCompanySettings = pgTable(
  'product_company_settings',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    minimumStock: integer('minimum_stock').notNull().default(0),
    usageTrackingOn: boolean('usage_tracking_on'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** Reorder levels the location set by hand (issue 35): they win over the forecast; both or neither. */
    pinnedReorderPoint: integer('pinned_reorder_point'),
    pinnedOrderUpTo: integer('pinned_order_up_to'),
    /** Issue 51: the fill-rate target for this product here, over its category's and the location's; null: theirs. */
    fillRate: numeric('fill_rate', { precision: 4, scale: 3, mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.companyId] }),
    index('product_company_settings_company_idx').on(t.companyId),
    check(
      'product_company_settings_pinned_levels',
      sql`(${t.pinnedReorderPoint} is null) = (${t.pinnedOrderUpTo} is null) and (${t.pinnedReorderPoint} is null or (${t.pinnedReorderPoint} >= 0 and ${t.pinnedOrderUpTo} >= ${t.pinnedReorderPoint}))`,
    ),
    check('product_company_settings_fill_rate_range', sql`${t.fillRate} is null or (${t.fillRate} >= 0.5 and ${t.fillRate} <= 0.999)`),
  ],
);

/** Instructions for use: images and PDFs (uploads) and video links. A location's own are private to it. */
export const productAttachments = pgTable(
  'product_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    companyId: uuid('company_id').references(() => companies.id),
    name: text('name').notNull(),
    type: attachmentTypeEnum('type').notNull(),
    value: text('value').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_attachments_product_idx').on(t.productId, t.createdAt)],
);

/**
 * One row whose version moves, at commit, with every change to which products a list shows
 * (products, and a location removing one). The product list cache keeps an entry only while the
 * version it was read at is current, so several server processes on one database stay correct.
 * `bumped_by` (the writing transaction) lets a transaction bump it once however many rows it writes.
 */
export const catalogVersions = pgTable('catalog_versions', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  bumpedBy: bigint('bumped_by', { mode: 'number' }).notNull().default(0),
});
