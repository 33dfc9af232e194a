import { ALL, tenantOf, type Case } from './case';

/**
 * The audit trail: the product admin reads any organization's; an organization admin only their
 * own (naming another organization answers 404); everyone else 403.
 */
const AUDIT_READERS = { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(200, 404), company_admin: ALL(403), company_member: ALL(403), assistant: ALL(403) };

export const auditCases: Record<string, Case> = {
  'GET /api/audit': {
    build: (w, _t, _c, tenant) => ({ url: `/api/audit?organization_id=${tenantOf(w, tenant).org.id}` }),
    expect: AUDIT_READERS,
  },
  'GET /api/audit/export': {
    build: (w, _t, _c, tenant) => ({ url: `/api/audit/export?organization_id=${tenantOf(w, tenant).org.id}` }),
    expect: AUDIT_READERS,
  },
};
