import type { Company, Organization } from '@clinic/domain';
import type { CompanyRow, OrganizationRecord } from './organizations.repo';

export function toCompanyResponse(row: CompanyRow): Company {
  return { id: row.id, name: row.name, city: row.city, state: row.state, organization_id: row.organizationId, created_at: row.createdAt.toISOString() };
}

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
