import { z } from './zod';
import { ApprovalStatusSchema, PermissionMapSchema, RoleSchema, UserStatusSchema } from './access-schemas';
import { EmailSchema, IsoDateTimeSchema, PhoneSchema, requiredText, UuidSchema } from './fields';
import { PageQuerySchema, pageOf, QueryBooleanSchema } from './pagination';

export const UserSchema = z.object({
  id: UuidSchema,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  status: UserStatusSchema,
  approval_status: ApprovalStatusSchema,
  role: RoleSchema,
  permissions: PermissionMapSchema,
  hideTour: z.boolean(),
  remindTourAfter: z.string().nullable(),
  company: z
    .object({
      id: UuidSchema,
      name: z.string(),
      city: z.string(),
      state: z.string(),
      organization: z.object({ id: UuidSchema, name: z.string() }),
    })
    .nullable(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

/** Creating a user sends them an invitation e-mail with a link to choose their password. */
export const CreateUserRequestSchema = z.object({
  first_name: requiredText('First name', 80),
  last_name: requiredText('Last name', 80),
  email: EmailSchema,
  phone: PhoneSchema,
  role: RoleSchema.exclude(['admin']),
  company_id: UuidSchema,
});
export type CreateUserRequest = z.infer<typeof CreateUserRequestSchema>;

export const UpdateUserRequestSchema = z
  .object({
    first_name: requiredText('First name', 80),
    last_name: requiredText('Last name', 80),
    phone: PhoneSchema,
    role: RoleSchema.exclude(['admin']),
    status: UserStatusSchema,
    approval_status: ApprovalStatusSchema,
    permissions: PermissionMapSchema.nullable(),
    hideTour: z.boolean(),
    remindTourAfter: IsoDateTimeSchema.nullable(),
  })
  .partial();
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;

/** Fields a user may change on their own account; the rest need users.update. */
export const SELF_EDITABLE_USER_FIELDS = ['first_name', 'last_name', 'phone', 'hideTour', 'remindTourAfter'] as const;

export const ReassignLocationRequestSchema = z.object({ companyId: UuidSchema });
export type ReassignLocationRequest = z.infer<typeof ReassignLocationRequestSchema>;

export const UserListQuerySchema = PageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  approval_status: ApprovalStatusSchema.optional(),
  deleted: QueryBooleanSchema.optional(),
  company_id: UuidSchema.optional(),
  organization_id: UuidSchema.optional(),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;
export const UserPageSchema = pageOf(UserSchema);

export const OutboxEmailSchema = z.object({
  id: UuidSchema,
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxEmail = z.infer<typeof OutboxEmailSchema>;
export const OutboxEmailPageSchema = pageOf(OutboxEmailSchema);
