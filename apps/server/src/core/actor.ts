import type { PermissionMap, Role } from '@clinic/domain';

/** The authenticated caller, rebuilt from the database on every request. */
export interface Actor {
  userId: string;
  role: Role;
  organizationId: string | null;
  companyId: string | null;
  organizationApproval: 'approved' | 'pending' | 'rejected' | null;
  permissions: PermissionMap;
  /** Until when the organization's subscription lets its users in; null when it does not. */
  subscriptionActiveUntil: Date | null;
  /** The signed-in session, which signing out revokes; absent for the seed's and imports' stand-in actors. */
  session?: { id: string; expiresAt: Date };
}

export const isAdmin = (actor: Actor) => actor.role === 'admin';
