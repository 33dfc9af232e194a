import { effectivePermissions } from '@clinic/domain';
import type { Actor } from '../core/actor';
import type { UserRecord } from '../modules/users/users.reads';

/**
 * The seed is no signed-in request: it runs as the system at first start. Where a service wants
 * an Actor, the seed acts for the demo account the record is meant to come from (the product
 * admin for shared suppliers, Downtown's staff for its lists and orders), built as auth's
 * loadActor builds it from that account, so audit records, "created by" and the services' tenant
 * rules come out as if that person had done it.
 */
export function actingAs(user: UserRecord): Actor {
  return {
    userId: user.id,
    role: user.role,
    organizationId: user.organizationId,
    companyId: user.companyId,
    organizationApproval: user.organization?.approvalStatus ?? null,
    permissions: effectivePermissions(user.role, user.permissions),
    subscriptionActiveUntil: user.organization?.subscriptionActiveUntil ?? null,
  };
}
