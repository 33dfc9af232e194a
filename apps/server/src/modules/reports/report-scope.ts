import { REPORT_MESSAGES, type ReportLocation } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { canSeeCompany, currentCompanyId } from '../../core/access';
import { forbidden, notFound } from '../../core/errors';
import { findCompanyById, organizationLocations } from '../companies/companies.reads';

export interface ScopeQuery {
  scope: 'location' | 'organization';
  location_id?: string | undefined;
}

const asLocation = (c: { id: string; name: string; city: string; state: string }): ReportLocation => ({ id: c.id, name: c.name, city: c.city, state: c.state });

/**
 * The locations a report covers, tenant-checked here for every report: the current location; a
 * named one the actor may see (another tenant's answers 404); or, for an organization admin only,
 * every location of the organization.
 */
export async function reportLocations(db: DbOrTx, actor: Actor, query: ScopeQuery): Promise<ReportLocation[]> {
  if (query.scope === 'organization') {
    if (actor.role !== 'organization_admin' || !actor.organizationId) throw forbidden(REPORT_MESSAGES.organizationOnly);
    return (await organizationLocations(db, actor.organizationId)).map(asLocation);
  }
  if (query.location_id) {
    const company = await findCompanyById(db, query.location_id);
    if (!company || !canSeeCompany(actor, company)) throw notFound();
    return [asLocation(company)];
  }
  const company = await findCompanyById(db, currentCompanyId(actor));
  if (!company) throw notFound();
  return [asLocation(company)];
}
