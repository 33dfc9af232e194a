import { effectivePermissions, type Profile, type User } from '@clinic/domain';
import type { UserRecord } from './users.repo';

export function toUserResponse(record: UserRecord): User {
  return {
    id: record.id,
    first_name: record.firstName,
    last_name: record.lastName,
    email: record.email,
    phone: record.phone,
    status: record.status,
    approval_status: record.approvalStatus,
    role: record.role,
    permissions: effectivePermissions(record.role, record.permissions),
    hideTour: record.hideTour,
    remindTourAfter: record.remindTourAfter?.toISOString() ?? null,
    company:
      record.company && record.organization
        ? { ...record.company, organization: { id: record.organization.id, name: record.organization.name } }
        : null,
    created_at: record.createdAt.toISOString(),
    deleted_at: record.deletedAt?.toISOString() ?? null,
  };
}

/** The profile shows the location the caller is working in, which an organization admin can switch. */
export function toProfileResponse(record: UserRecord, currentCompany: { id: string; name: string; city: string; state: string; timeZone: string | null } | null): Profile {
  const company = currentCompany ?? (record.company && { ...record.company, timeZone: null });
  return {
    id: record.id,
    first_name: record.firstName,
    last_name: record.lastName,
    email: record.email,
    phone: record.phone,
    status: record.status,
    approval_status: record.approvalStatus,
    role: record.role,
    permissions: effectivePermissions(record.role, record.permissions),
    hideTour: record.hideTour,
    remindTourAfter: record.remindTourAfter?.toISOString() ?? null,
    company: company && record.organization ? { id: company.id, name: company.name, city: company.city, state: company.state, time_zone: company.timeZone, organization: record.organization } : null,
  };
}
