import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PermissionMap } from '@clinic/domain';
import { approvalStatusEnum, roleEnum, userStatusEnum } from './enums';
import { companies, organizations } from './organizations';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id),
    companyId: uuid('company_id').references(() => companies.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash'),
    role: roleEnum('role').notNull(),
    status: userStatusEnum('status').notNull().default('active'),
    approvalStatus: approvalStatusEnum('approval_status').notNull().default('approved'),
    /** Narrowed grants; null means the role's defaults (see packages/domain permissions.ts). */
    permissions: jsonb('permissions').$type<PermissionMap>(),
    hideTour: boolean('hide_tour').notNull().default(false),
    remindTourAfter: timestamp('remind_tour_after', { withTimezone: true }),
    /** Tokens issued before this (a password reset or change) no longer sign anyone in. */
    sessionsValidFrom: timestamp('sessions_valid_from', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_phone_unique').on(t.phone).where(sql`${t.deletedAt} is null`),
    index('users_organization_idx').on(t.organizationId, t.createdAt),
    index('users_company_idx').on(t.companyId, t.createdAt),
    index('users_approval_idx').on(t.approvalStatus, t.createdAt),
  ],
);

/** Single-use, expiring links for password recovery and invitations; only a hash is stored. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_token_unique').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

/** Failed sign-ins per account and address, shared by every server process through the database. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Signed-out sessions: a token whose session id is here is refused by every server process until
 * it would have expired anyway (then the row is swept).
 */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    sessionId: uuid('session_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_sessions_expires_idx').on(t.expiresAt)],
);
