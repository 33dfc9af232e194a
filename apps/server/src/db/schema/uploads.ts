import { sql } from 'drizzle-orm';
import { bigint, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { UPLOAD_TYPES } from '@clinic/domain';
import { companies } from './organizations';
import { users } from './users';

export const uploadTypeEnum = pgEnum('upload_type', UPLOAD_TYPES);

/**
 * Every file handed out through POST /upload. The owner decides who may read it: a location's
 * files are read by that location (and the product admin); the admin's (company_id null) by all.
 * `completed_at` is set once the storage accepted the bytes. Until then the row is a grant: it
 * holds `max_bytes` of its organization's quota until `expires_at` (and a while after, see
 * uploads/quota.ts), and the local storage's form post claims it once (`claimed_at`).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    companyId: uuid('company_id').references(() => companies.id),
    type: uploadTypeEnum('type').notNull(),
    mimeType: text('mime_type').notNull(),
    fileName: text('file_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** The most the grant lets the browser send; null on files the server wrote itself. */
    maxBytes: bigint('max_bytes', { mode: 'number' }),
    /** When the grant stops accepting a form post; null on files the server wrote itself. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the local storage's form post started receiving the file: a grant is used once. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('uploads_company_idx').on(t.companyId, t.createdAt),
    // Grants left unfinished, for the sweep that forgets them.
    index('uploads_pending_expiry_idx').on(t.expiresAt).where(sql`${t.completedAt} is null`),
  ],
);
