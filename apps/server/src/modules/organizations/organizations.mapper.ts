import type { Organization } from '@clinic/domain';
import type { OrganizationRecord } from './organizations.repo';

export function toOrganizationResponse(record: OrganizationRecord): Organization {
  return {
    id: record.id,
    name: record.name,
    numberOfLocations: record.numberOfLocations,
    customPrice: record.customPrice,
    approvalStatus: record.approvalStatus,
    billingContact: { email: record.billingContactEmail },
    locations: record.locations.map((l) => ({ id: l.id, name: l.name, city: l.city, state: l.state })),
    created_at: record.createdAt.toISOString(),
  };
}
