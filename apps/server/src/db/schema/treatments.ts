import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './organizations';
import { users } from './users';
import { products } from './catalog';

/** A location's treatment categories (spec: Design treatments), one name once per location. */
export const treatmentCategories = pgTable(
  'treatment_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('treatment_categories_name_unique').on(t.companyId, sql`lower(${t.name})`)],
);

/**
 * A treatment design: a code, a name and its tray of products with default quantities. Deleted
 * designs are kept (deleted_at) because recorded visits point at them.
 */
export const treatments = pgTable(
  'treatments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    categoryId: uuid('category_id').references(() => treatmentCategories.id, { onDelete: 'set null' }),
    treatmentCode: text('treatment_code').notNull(),
    name: text('name').notNull(),
    abbreviation: text('abbreviation').notNull().default(''),
    description: text('description').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // 'Treatment already exists': one live design per code at a location.
    uniqueIndex('treatments_code_unique').on(t.companyId, sql`lower(${t.treatmentCode})`).where(sql`${t.deletedAt} is null`),
    // The designs list, by code, optionally of one category.
    index('treatments_company_code_idx').on(t.companyId, t.treatmentCode).where(sql`${t.deletedAt} is null`),
    index('treatments_category_idx').on(t.categoryId).where(sql`${t.deletedAt} is null`),
  ],
);

/** A treatment's tray: each product once, with the quantity a visit uses by default. */
export const treatmentProducts = pgTable(
  'treatment_products',
  {
    treatmentId: uuid('treatment_id')
      .notNull()
      .references(() => treatments.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.treatmentId, t.productId] }),
    // The product page's Associated Treatments.
    index('treatment_products_product_idx').on(t.productId),
    check('treatment_products_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
