import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A stored file sent along (a purchase order's PDF): read from file storage when the message goes out. */
export interface OutboxAttachment {
  filename: string;
  /** The stored address (/api/files/...). */
  url: string;
  contentType: string;
}

export const emailStatusEnum = pgEnum('email_status', ['pending', 'sent', 'failed']);

/**
 * E-mail outbox: messages are written in the transaction that causes them, then delivered by
 * the outbox worker when SMTP is configured. Without SMTP they stay here for the admin to read.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    status: emailStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_outbox_status_idx').on(t.status, t.createdAt), index('email_outbox_created_idx').on(t.createdAt)],
);
