import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit';
import { companies } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import type { AuditEntity } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import { namedStatement } from '../../db/named-statement';
import type { Actor } from '../../core/actor';

export interface AuditEntry {
  /** One of the kinds the audit page filters by (AUDIT_ENTITIES). */
  entity: AuditEntity;
  entityId: string;
  action: string;
  organizationId?: string | null;
  companyId?: string | null;
  changes?: Record<string, unknown>;
}

const p = (name: string) => sql.placeholder(name);
/**
 * Every change writes one: a named statement (db/named-statement.ts). A row that names only its
 * location gets the location's organization, so the organization's audit page finds it.
 */
const insertAudit = namedStatement(
  'record_audit',
  sql`insert into audit_log (actor_user_id, organization_id, company_id, entity, entity_id, action, changes)
      values (${p('actor')}::uuid,
              coalesce(${p('organization')}::uuid, (select organization_id from companies where id = ${p('company')}::uuid)),
              ${p('company')}::uuid, ${p('entity')}, ${p('entityId')}, ${p('action')}, ${p('changes')}::jsonb)`,
);

/** Written inside the caller's transaction so a change and its audit record land together. */
export async function recordAudit(db: DbOrTx, actor: Pick<Actor, 'userId'> | null, entry: AuditEntry): Promise<void> {
  await insertAudit(db, {
    actor: actor?.userId ?? null,
    organization: entry.organizationId ?? null,
    company: entry.companyId ?? null,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    changes: entry.changes === undefined ? null : JSON.stringify(entry.changes),
  });
}

export interface AuditFilter {
  organizationId?: string;
  userId?: string;
  entity?: string;
  action?: string;
  /** Inclusive UTC days, YYYY-MM-DD. */
  from?: string;
  to?: string;
}

export interface AuditListRow {
  id: number;
  createdAt: Date;
  userId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  entity: string;
  entityId: string;
  action: string;
  companyId: string | null;
  companyName: string | null;
  organizationId: string | null;
  changes: Record<string, unknown> | null;
}

function whereOf(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.organizationId) conditions.push(eq(auditLog.organizationId, filter.organizationId));
  if (filter.userId) conditions.push(eq(auditLog.actorUserId, filter.userId));
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.from) conditions.push(gte(auditLog.createdAt, new Date(`${filter.from}T00:00:00.000Z`)));
  // The whole last day: before the next day's midnight.
  if (filter.to) conditions.push(lt(auditLog.createdAt, new Date(Date.parse(`${filter.to}T00:00:00.000Z`) + 86_400_000)));
  return conditions.length ? and(...conditions) : undefined;
}

const listColumns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  userId: auditLog.actorUserId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  action: auditLog.action,
  companyId: auditLog.companyId,
  companyName: companies.name,
  organizationId: auditLog.organizationId,
  changes: auditLog.changes,
};

/** One page of the audit trail, newest first (indexes: organization+created_at, organization+user+created_at, created_at). */
export async function listAudit(db: DbOrTx, filter: AuditFilter, page: { offset: number; limit: number }): Promise<{ rows: AuditListRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select(listColumns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .leftJoin(companies, eq(companies.id, auditLog.companyId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

