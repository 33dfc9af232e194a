// No zod here: the web app's first page (session, route guards) reads these lists, and the schemas
// built from them live in access-schemas.ts so that zod loads only with the pages that parse.

/** Roles, most to least privileged. `admin` is the product master user, outside any organization. */
export const ROLES = ['admin', 'organization_admin', 'company_admin', 'company_member', 'assistant'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const APPROVAL_STATUSES = ['approved', 'pending', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

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
