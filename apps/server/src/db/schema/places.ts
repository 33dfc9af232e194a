import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './organizations';

/**
 * A storage place within a location (issue 34): "Main closet", "Operatory 2". Every lot sits in
 * one (stocks.place_id). Each location has exactly one default place, made by a trigger when the
 * location is inserted (migration 0032), where lots go when no place is named. Retired places keep
 * their history and take no new units.
 */
export const storagePlaces = pgTable(
  'storage_places',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A live name once per location, whatever the case.
    uniqueIndex('storage_places_live_name_unique').on(t.companyId, sql`lower(${t.name})`).where(sql`${t.retiredAt} is null`),
    uniqueIndex('storage_places_default_unique').on(t.companyId).where(sql`${t.isDefault}`),
    // The target of stocks' (place_id, company_id) reference: a lot's place is of the lot's location.
    unique('storage_places_id_company_unique').on(t.id, t.companyId),
    index('storage_places_company_idx').on(t.companyId, t.createdAt),
  ],
);
