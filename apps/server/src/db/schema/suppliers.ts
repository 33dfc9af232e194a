import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './organizations';

/**
 * Suppliers of a location; the product admin's suppliers (company_id null) are shared by all.
 * Names are unique per owner among live suppliers.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    taxId: text('tax_id').notNull(),
    address: text('address').notNull().default(''),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    /** Set on a distributor reached through its ordering API (MARKETPLACE_DISTRIBUTORS): its code there. */
    vendorCode: text('vendor_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('suppliers_name_unique')
      .on(sql`coalesce(${t.companyId}, '00000000-0000-0000-0000-000000000000'::uuid)`, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('suppliers_company_name_idx').on(t.companyId, t.name),
    // One shared supplier per configured distributor, whatever the number of processes starting.
    uniqueIndex('suppliers_vendor_code_unique').on(t.vendorCode),
  ],
);
