import { z } from 'zod';

/** Roles, most to least privileged. `admin` is the product master user, outside any organization. */
export const ROLES = ['admin', 'organization_admin', 'company_admin', 'company_member', 'assistant'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const USER_STATUSES = ['active', 'disabled'] as const;
export const UserStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatusSchema>;

export const APPROVAL_STATUSES = ['approved', 'pending', 'rejected'] as const;
export const ApprovalStatusSchema = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof ApprovalStatusSchema>;

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  organization_admin: 'Organization admin',
  company_admin: 'Location admin',
  company_member: 'Member',
  assistant: 'Assistant',
};

/** Roles an organization or location admin may give to the people they manage. */
export const MANAGEABLE_ROLES: Record<Role, readonly Role[]> = {
  admin: ['organization_admin', 'company_admin', 'company_member', 'assistant'],
  organization_admin: ['organization_admin', 'company_admin', 'company_member', 'assistant'],
  company_admin: ['company_admin', 'company_member', 'assistant'],
  company_member: [],
  assistant: [],
};
