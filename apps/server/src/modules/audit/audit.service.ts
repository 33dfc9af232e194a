import Papa from 'papaparse';
import { auditEntityLabel, auditSummary, escapeSpreadsheetCell, pageWindow, toPage, type AuditQuery, type AuditRow, type Page } from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { auditScope } from '../../core/access';
import { listAudit, type AuditFilter, type AuditListRow } from './audit.repo';

/** The most rows one CSV export holds; a longer trail is exported by date range. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

function rowOf(row: AuditListRow): AuditRow {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    user: row.userId ? { id: row.userId, name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(), email: row.email ?? '' } : null,
    entity: row.entity,
    entity_id: row.entityId,
    action: row.action,
    location: row.companyId && row.companyName !== null ? { id: row.companyId, name: row.companyName } : null,
    organization_id: row.organizationId,
    summary: auditSummary(row.changes),
  };
}

/**
 * The audit trail's page: the product admin reads every organization's (or one, by
 * organization_id); an organization admin reads only their own organization's; nobody else.
 */
export function createAuditService(deps: Pick<ServiceDeps, 'db'>) {
  const { db } = deps;

  function filterOf(actor: Actor, query: AuditQuery): AuditFilter {
    const organizationId = auditScope(actor, query.organization_id);
    return {
      ...(organizationId ? { organizationId } : {}),
      ...(query.user_id ? { userId: query.user_id } : {}),
      ...(query.entity ? { entity: query.entity } : {}),
      ...(query.action ? { action: query.action } : {}),
      ...(query.from ? { from: query.from } : {}),
      ...(query.to ? { to: query.to } : {}),
    };
  }

  return {
    async list(actor: Actor, query: AuditQuery): Promise<Page<AuditRow>> {
      const { rows, total } = await listAudit(db, filterOf(actor, query), pageWindow(query));
      return toPage(rows.map(rowOf), total, query);
    },

    /** Every row the filters reach (newest first, at most AUDIT_EXPORT_MAX_ROWS), as CSV. */
    async csv(actor: Actor, query: AuditQuery): Promise<string> {
      const { rows } = await listAudit(db, filterOf(actor, query), { offset: 0, limit: AUDIT_EXPORT_MAX_ROWS });
      return Papa.unparse({
        fields: ['time', 'user', 'email', 'kind', 'entity_id', 'action', 'location', 'changes'],
        data: rows.map(rowOf).map((r) => [
          r.created_at,
          escapeSpreadsheetCell(r.user?.name ?? ''),
          escapeSpreadsheetCell(r.user?.email ?? ''),
          auditEntityLabel(r.entity),
          escapeSpreadsheetCell(r.entity_id),
          escapeSpreadsheetCell(r.action),
          escapeSpreadsheetCell(r.location?.name ?? ''),
          escapeSpreadsheetCell(r.summary),
        ]),
      });
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
