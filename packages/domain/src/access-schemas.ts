import { z } from './zod';
import { ACTIONS, FEATURES } from './permissions';
import { APPROVAL_STATUSES, ROLES, USER_STATUSES } from './roles';

// The zod schemas of roles.ts and permissions.ts, kept apart from those zod-free lists (which the
// web app's first page imports) so that zod is loaded only with the pages that validate.
export const RoleSchema = z.enum(ROLES);
export const UserStatusSchema = z.enum(USER_STATUSES);
export const ApprovalStatusSchema = z.enum(APPROVAL_STATUSES);
export const FeatureSchema = z.enum(FEATURES);
export const ActionSchema = z.enum(ACTIONS);
export const PermissionMapSchema = z.partialRecord(FeatureSchema, z.array(ActionSchema));
