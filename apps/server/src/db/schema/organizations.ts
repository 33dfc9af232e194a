import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { approvalStatusEnum } from './enums';

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    numberOfLocations: integer('number_of_locations').notNull().default(1),
    customPrice: numeric('custom_price', { precision: 10, scale: 2 }),
    approvalStatus: approvalStatusEnum('approval_status').notNull().default('pending'),
    billingContactEmail: text('billing_contact_email').notNull(),
    /**
     * Until when the effective subscription (packages/domain effectiveSubscription) lets the
     * organization in; null when it is not active. Kept by the payments service in the transaction
     * that changes a subscription, so the check on every request reads one column.
     */
    subscriptionActiveUntil: timestamp('subscription_active_until', { withTimezone: true }),
    /** The payment provider's customer (Stripe's cus_...), created with the first checkout. */
    billingCustomerId: text('billing_customer_id'),
    /** When the one-time set-up fee was paid; it is charged with the first paid plan only. */
    setupFeePaidAt: timestamp('setup_fee_paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('organizations_name_unique').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
    index('organizations_status_created_idx').on(t.approvalStatus, t.createdAt),
  ],
);

/** A company is one clinic location of an organization. */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    /**
     * The location's IANA time zone ('America/Los_Angeles'): its nights and mornings (issue 53).
     * Null until its admin sets one: the location then keeps UTC, as before.
     */
    timeZone: text('time_zone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('companies_organization_idx').on(t.organizationId, t.createdAt)],
);
