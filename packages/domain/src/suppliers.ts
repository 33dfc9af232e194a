import { z } from './zod';
import { EmailSchema, PhoneSchema, requiredText, UuidSchema } from './fields';
import { PageQuerySchema, pageOf } from './pagination';

export const SUPPLIER_MESSAGES = {
  exists: 'Supplier already exists',
  createFailed: 'Failed to create supplier!',
  updateFailed: 'Failed to update supplier!',
  deleted: 'Deleted supplier',
  deleteFailed: 'Failed to delete supplier!',
  created: 'Supplier created',
  updated: 'Supplier updated',
} as const;

export const SupplierFieldsSchema = z.object({
  name: requiredText('Name'),
  email: EmailSchema,
  phone: PhoneSchema,
  tax_id: requiredText('Tax ID', 40),
  // No default: a PATCH that leaves the address out must keep it (the column defaults to '').
  address: z.string().trim().max(300, 'Address must be at most 300 characters').optional(),
  contact_email: EmailSchema,
  contact_phone: PhoneSchema,
});

export const CreateSupplierRequestSchema = SupplierFieldsSchema;
export type CreateSupplierRequest = z.infer<typeof CreateSupplierRequestSchema>;
export const UpdateSupplierRequestSchema = SupplierFieldsSchema.partial();
export type UpdateSupplierRequest = z.infer<typeof UpdateSupplierRequestSchema>;

export const SupplierSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  tax_id: z.string(),
  address: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  /** Null for the product admin's suppliers, which every location can use. */
  company_id: UuidSchema.nullable(),
  /** A marketplace distributor ordered from through its API (shared; its prices come from there, not a price list). */
  distributor: z.boolean(),
  created_at: z.string(),
});
export type Supplier = z.infer<typeof SupplierSchema>;

export const SupplierListQuerySchema = PageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});
export type SupplierListQuery = z.infer<typeof SupplierListQuerySchema>;
export const SupplierPageSchema = pageOf(SupplierSchema);
