import type { Company } from '@clinic/domain';
import type { CompanyRow } from './companies.repo';

/** A location as the API answers it; organizations answer the locations they create with it too. */
export function toCompanyResponse(row: CompanyRow): Company {
  return { id: row.id, name: row.name, city: row.city, state: row.state, time_zone: row.timeZone, organization_id: row.organizationId, created_at: row.createdAt.toISOString() };
}
