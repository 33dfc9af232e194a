import { pgEnum } from 'drizzle-orm/pg-core';
import { APPROVAL_STATUSES, ROLES, USER_STATUSES } from '@clinic/domain';

export const roleEnum = pgEnum('role', ROLES);
export const userStatusEnum = pgEnum('user_status', USER_STATUSES);
export const approvalStatusEnum = pgEnum('approval_status', APPROVAL_STATUSES);
