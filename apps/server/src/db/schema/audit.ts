import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Append-only record of who changed what (and who read a patient's visits); written in the same
 * transaction as the change. A trigger refuses UPDATE and DELETE (migration 0027_audit_trail).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: uuid('actor_user_id'),
    organizationId: uuid('organization_id'),
    companyId: uuid('company_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_entity_idx').on(t.entity, t.entityId, t.createdAt),
    index('audit_org_idx').on(t.organizationId, t.createdAt),
    // The audit page: one organization's rows of one user, newest first.
    index('audit_org_user_idx').on(t.organizationId, t.actorUserId, t.createdAt),
    // The product admin's page across every organization, newest first.
    index('audit_created_idx').on(t.createdAt),
  ],
);
