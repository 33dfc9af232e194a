import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/index';
import type { Actor } from '../../http/actor';

export interface AuditEntry {
  entity: string;
  entityId: string;
  action: string;
  organizationId?: string | null;
  companyId?: string | null;
  changes?: Record<string, unknown>;
}

/** Written inside the caller's transaction so a change and its audit record land together. */
export async function recordAudit(db: DbOrTx, actor: Pick<Actor, 'userId'> | null, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: actor?.userId ?? null,
    organizationId: entry.organizationId ?? null,
    companyId: entry.companyId ?? null,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    changes: entry.changes ?? null,
  });
}
