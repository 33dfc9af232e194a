import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { namedStatement } from '../../db/named-statement';
import type { Actor } from '../../core/actor';

export interface AuditEntry {
  entity: string;
  entityId: string;
  action: string;
  organizationId?: string | null;
  companyId?: string | null;
  changes?: Record<string, unknown>;
}

const p = (name: string) => sql.placeholder(name);
/** Every change writes one: a named statement (db/named-statement.ts). */
const insertAudit = namedStatement(
  'record_audit',
  sql`insert into audit_log (actor_user_id, organization_id, company_id, entity, entity_id, action, changes)
      values (${p('actor')}::uuid, ${p('organization')}::uuid, ${p('company')}::uuid, ${p('entity')}, ${p('entityId')}, ${p('action')}, ${p('changes')}::jsonb)`,
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
