import { effectivePermissions } from '@clinic/domain';
import type { Actor } from '../../core/actor';
import type { UserRecord } from './users.reads';

/**
 * An Actor for work no signed-in request does (the seed, automatic sending of suggested orders),
 * built as auth's loadActor builds it from the account, so audit records, "created by" and the
 * services' tenant rules come out as if that person had done it.
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
