// What other modules write to the audit log, inside their own transaction: every change to
// patients, treatment logs, stock and users records who, what and when (docs/architecture.md).
export { recordAudit, type AuditEntry } from './audit.repo';
