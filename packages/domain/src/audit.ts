import { z } from './zod';
import { IsoDateTimeSchema, IsoDaySchema, UuidSchema } from './fields';
import { PageQuerySchema, pageOf } from './pagination';
import { REPORT_MESSAGES } from './report-range';

/**
 * The audit trail (issue 18): every write, and every read of a patient's visits or case notes,
 * leaves one row (docs/decisions.md, Audit trail). The kinds are what a row is about; the page
 * filters by them.
 */
export const AUDIT_ENTITIES = {
  alert: 'Alert',
  category: 'Category',
  company: 'Location',
  file: 'File',
  job: 'Background job',
  marketplace_checkout: 'Marketplace checkout',
  marketplace_order: 'Marketplace order',
  organization: 'Organization',
  patient: 'Patient',
  pms_connection: 'Practice-management connection',
  pms_procedure: 'Practice-management procedure',
  price_list: 'Price list',
  price_list_item: 'Price list item',
  product: 'Product',
  product_attachment: 'Product attachment',
  product_import: 'Product import',
  product_request: 'Product request',
  product_import_row: 'Product import row',
  purchase_order: 'Purchase order',
  recall_contact: 'Recall contact',
  running_list: 'Running list',
  running_list_product: 'Running list product',
  stock: 'Stock lot',
  storage_place: 'Storage place',
  reorder_settings: 'Reorder settings',
  reorder_digest: 'Reorder digest e-mail',
  stock_count: 'Cycle count',
  stock_transfer: 'Transfer between locations',
  stock_consumption: 'Stock consumption',
  suggested_order: 'Suggested order',
  subscription: 'Subscription',
  supplier: 'Supplier',
  treatment: 'Treatment',
  treatment_category: 'Treatment category',
  treatment_import: 'Treatment import',
  treatment_log: 'Visit',
  user: 'User',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;
export const AuditEntitySchema = z.enum(Object.keys(AUDIT_ENTITIES) as [AuditEntity, ...AuditEntity[]]);

/** A kind as the page and its CSV export name it ("Patient"); a code this build does not know stays as it is. */
export const auditEntityLabel = (entity: string): string => (AUDIT_ENTITIES as Record<string, string | undefined>)[entity] ?? entity;

export const AUDIT_MESSAGES = {
  fromAfterTo: REPORT_MESSAGES.startAfterEnd,
} as const;

/**
 * GET /api/audit and /api/audit/export: newest first; from and to are inclusive UTC days. The
 * product admin may name an organization; an organization admin always gets their own.
 */
export const AuditQuerySchema = PageQuerySchema.extend({
  user_id: UuidSchema.optional(),
  entity: AuditEntitySchema.optional(),
  action: z.string().trim().min(1).max(60).optional(),
  organization_id: UuidSchema.optional(),
  from: IsoDaySchema.optional(),
  to: IsoDaySchema.optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['from'], message: AUDIT_MESSAGES.fromAfterTo });
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditRowSchema = z.object({
  id: z.number().int(),
  created_at: IsoDateTimeSchema,
  user: z.object({ id: UuidSchema, name: z.string(), email: z.string() }).nullable(),
  entity: z.string(),
  entity_id: z.string(),
  action: z.string(),
  location: z.object({ id: UuidSchema, name: z.string() }).nullable(),
  organization_id: UuidSchema.nullable(),
  /** One line: the changed fields as `field: value`, shortened. */
  summary: z.string(),
});
export type AuditRow = z.infer<typeof AuditRowSchema>;
export const AuditPageSchema = pageOf(AuditRowSchema);

/** A row's changes in one line: `field: value; ...`, each value shortened, the whole at most 300 characters. */
export function auditSummary(changes: Record<string, unknown> | null): string {
  if (!changes) return '';
  const parts = Object.entries(changes).map(([key, value]) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
    return `${key}: ${text.length > 60 ? `${text.slice(0, 59)}…` : text}`;
  });
  const line = parts.join('; ');
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}
