import type { Profile } from '@clinic/domain';

/** Why the organization keeps its users out ('pending' or 'rejected'), or null when it does not. */
export function blockingStatus(profile: Profile | undefined) {
  if (!profile || profile.role === 'admin' || !profile.company) return null;
  const status = profile.company.organization.approvalStatus;
  return status === 'approved' ? null : status;
}
