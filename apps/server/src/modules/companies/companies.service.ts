import { forgetLocationZone, redayLocationRollups } from '../../db/location-day';
import { AUTH_MESSAGES, pageWindow, toPage, type Company, type Page, type UpdateCompanyRequest } from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { assertCompany, tenantFilter } from '../../core/access';
import { conflict, notFound } from '../../core/errors';
import { recordAudit } from '../audit/audit.writes';
import { countLocations, findCompanyById, listCompanies, updateCompany } from './companies.repo';
import { toCompanyResponse } from './companies.mapper';

/**
 * Who works at a location, asked before it is removed. Users belong to locations, so the users
 * module depends on this one and not the other way round: app.ts hands its read in.
 */
export interface LocationStaff {
  countUsersInCompany(db: DbOrTx, companyId: string): Promise<number>;
}

export function createCompaniesService(deps: ServiceDeps, staff: LocationStaff) {
  const { db } = deps;

  async function visible(actor: Actor, id: string) {
    const company = await findCompanyById(db, id);
    if (!company) throw notFound();
    assertCompany(actor, company);
    return company;
  }

  return {
    async list(actor: Actor, query: { currentPage: number; perPage: number; organization_id?: string | undefined }): Promise<Page<Company>> {
      const { records, total } = await listCompanies(
        db,
        { ...tenantFilter(actor), filterOrganizationId: query.organization_id },
        pageWindow(query),
      );
      return toPage(records.map(toCompanyResponse), total, query);
    },

    async get(actor: Actor, id: string): Promise<Company> {
      return toCompanyResponse(await visible(actor, id));
    },

    async update(actor: Actor, id: string, body: UpdateCompanyRequest): Promise<Company> {
      const company = await visible(actor, id);
      // Nothing to change is not an error: answer the location as it is.
      if (Object.values(body).every((value) => value === undefined)) return toCompanyResponse(company);
      await db.transaction(async (tx) => {
        const { time_zone: timeZone, ...details } = body;
        await updateCompany(tx, id, { ...details, ...(timeZone !== undefined && { timeZone }) });
        // The reports' days follow the zone: the location's rollups are summed again by its new days.
        if (timeZone !== undefined && timeZone !== company.timeZone) await redayLocationRollups(tx, id);
        await recordAudit(tx, actor, { entity: 'company', entityId: id, action: 'update', organizationId: company.organizationId, companyId: id, changes: body });
      });
      // Its "today" follows the new zone at once in this process (db/location-day.ts).
      if (body.time_zone !== undefined) forgetLocationZone(id);
      return this.get(actor, id);
    },

    /** A location can go only when nobody works there any more and it is not the organization's last. */
    async remove(actor: Actor, id: string): Promise<void> {
      const company = await visible(actor, id);
      if ((await staff.countUsersInCompany(db, id)) > 0) throw conflict(AUTH_MESSAGES.locationHasUsers);
      if ((await countLocations(db, company.organizationId)) <= 1) throw conflict(AUTH_MESSAGES.lastLocation);
      await db.transaction(async (tx) => {
        await updateCompany(tx, id, { deletedAt: deps.now() });
        await recordAudit(tx, actor, { entity: 'company', entityId: id, action: 'delete', organizationId: company.organizationId, companyId: id });
      });
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
