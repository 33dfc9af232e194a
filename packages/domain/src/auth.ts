import { z } from './zod';
import { ApprovalStatusSchema, PermissionMapSchema, RoleSchema, UserStatusSchema } from './access-schemas';
import { EmailSchema, PasswordSchema, PhoneSchema, requiredText, UuidSchema } from './fields';
import { LocationFieldsSchema } from './organizations';
import { AUTH_MESSAGES } from './messages';

export const LoginRequestSchema = z.object({
  username: z.string().trim().toLowerCase().min(1, AUTH_MESSAGES.emailRequired).max(254),
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(128),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const AccessTokenResponseSchema = z.object({ access_token: z.string() });
export type AccessTokenResponse = z.infer<typeof AccessTokenResponseSchema>;

/** Sign-up creates a pending organization, its first location and its organization admin. */
export const SignupRequestSchema = z.object({
  organization_name: requiredText('Organization name'),
  number_of_locations: z.number().int().min(1, 'At least one location').max(500),
  first_name: requiredText('First name', 80),
  last_name: requiredText('Last name', 80),
  email: EmailSchema,
  phone: PhoneSchema,
  password: PasswordSchema,
  location: LocationFieldsSchema,
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

export const RecoverPasswordRequestSchema = z.object({ email: EmailSchema });
export type RecoverPasswordRequest = z.infer<typeof RecoverPasswordRequestSchema>;

export const ResetPasswordRequestSchema = z.object({
  token: z.string().min(20, 'This link is invalid or has expired. Ask for a new one.').max(200),
  password: PasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

export const SwitchLocationRequestSchema = z.object({ company_id: UuidSchema });
export type SwitchLocationRequest = z.infer<typeof SwitchLocationRequestSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });

export const ProfileSchema = z.object({
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
      /** The location's IANA time zone (null: UTC): the screens show its dates and its "today" in it. */
      time_zone: z.string().nullable(),
      organization: z.object({
        id: UuidSchema,
        name: z.string(),
        approvalStatus: ApprovalStatusSchema,
        numberOfLocations: z.number().int(),
      }),
    })
    .nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const PermissionsResponseSchema = z.object({
  role: RoleSchema,
  permissions: PermissionMapSchema,
});
export type PermissionsResponse = z.infer<typeof PermissionsResponseSchema>;

/** What the signed token carries. The server re-reads the user on every request. */
export const TokenClaimsSchema = z.object({
  sub: UuidSchema,
  role: RoleSchema,
  organization_id: UuidSchema.nullable(),
  company_id: UuidSchema.nullable(),
});
export type TokenClaims = z.infer<typeof TokenClaimsSchema>;
