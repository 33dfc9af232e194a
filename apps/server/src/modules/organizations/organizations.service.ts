import {
  AUTH_MESSAGES,
  pageWindow,
  toPage,
  type Company,
  type CreateLocationRequest,
  type Organization,
  type OrganizationListQuery,
  type Page,
  type UpdateOrganizationRequest,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { assertOrganization, requirePermission } from '../../core/access';
import { conflict, notFound } from '../../core/errors';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../audit/audit.writes';
import { countLocations } from '../companies/companies.reads';
import { insertCompany } from '../companies/companies.writes';
import { toCompanyResponse } from '../companies/companies.mapper';
import { enqueueEmail } from '../mail/mail.writes';
import { emailTemplates } from '../mail/templates';
import { setApprovalForOrganization } from '../users/users.writes';
import {
  findOrganizationById,
  isOrganizationNameTaken,
  listOrganizations,
  organizationAdminEmails,
  retireOrganization,
  updateOrganization,
  type OrganizationPatch,
} from './organizations.repo';
import { toOrganizationResponse } from './organizations.mapper';

export function createOrganizationsService(deps: ServiceDeps) {
  const { db } = deps;

  async function visible(actor: Actor, id: string) {
    assertOrganization(actor, id);
    const record = await findOrganizationById(db, id);
    if (!record) throw notFound();
    return record;
  }

  async function notifyDecision(tx: DbOrTx, organization: { id: string; name: string; billingContactEmail: string }, approved: boolean) {
    const recipients = new Set([organization.billingContactEmail, ...(await organizationAdminEmails(tx, organization.id))]);
    for (const to of recipients) {
      await enqueueEmail(tx, deps.jobs, approved ? emailTemplates.organizationApproved(to, organization.name, `${deps.publicUrl}/`) : emailTemplates.organizationRejected(to, organization.name));
    }
  }

  return {
    async list(actor: Actor, query: OrganizationListQuery): Promise<Page<Organization>> {
      const filter = actor.role === 'admin'
        ? { approvalStatus: query.approval_status, search: query.search }
        : { onlyId: actor.organizationId ?? undefined, approvalStatus: query.approval_status, search: query.search };
      const { records, total } = await listOrganizations(db, filter, pageWindow(query));
      return toPage(records.map(toOrganizationResponse), total, query);
    },

    async get(actor: Actor, id: string): Promise<Organization> {
      return toOrganizationResponse(await visible(actor, id));
    },

    /** Approval decisions are the product admin's; approving lets the organization's pending users in and e-mails them. */
    async update(actor: Actor, id: string, body: UpdateOrganizationRequest): Promise<Organization> {
      const current = await visible(actor, id);
      if (body.approvalStatus !== undefined && body.approvalStatus !== current.approvalStatus) requirePermission(actor, 'organizations', 'approve');
      if (body.name && (await isOrganizationNameTaken(db, body.name, id))) throw conflict(AUTH_MESSAGES.organizationExists);
      const patch: OrganizationPatch = {};
      if (body.name !== undefined) patch.name = body.name;
      if (body.numberOfLocations !== undefined) patch.numberOfLocations = body.numberOfLocations;
      if (body.billingContact) patch.billingContactEmail = body.billingContact.email;
      if (body.approvalStatus !== undefined) patch.approvalStatus = body.approvalStatus;

      await db.transaction(async (tx) => {
        await updateOrganization(tx, id, patch);
        const decided = body.approvalStatus !== undefined && body.approvalStatus !== current.approvalStatus ? body.approvalStatus : null;
        if (decided === 'approved') {
          await setApprovalForOrganization(tx, id, 'pending', 'approved');
          await notifyDecision(tx, { ...current, ...patch }, true);
        } else if (decided === 'rejected') {
          await setApprovalForOrganization(tx, id, 'pending', 'rejected');
          await notifyDecision(tx, { ...current, ...patch }, false);
        }
        await recordAudit(tx, actor, { entity: 'organization', entityId: id, action: decided ? `approval_${decided}` : 'update', organizationId: id, changes: body });
      });
      return this.get(actor, id);
    },

    async changeCustomPrice(actor: Actor, id: string, customPrice: string | null): Promise<Organization> {
      const current = await visible(actor, id);
      await db.transaction(async (tx) => {
        await updateOrganization(tx, id, { customPrice });
        await recordAudit(tx, actor, { entity: 'organization', entityId: id, action: 'change_custom_price', organizationId: id, changes: { from: current.customPrice, to: customPrice } });
      });
      return this.get(actor, id);
    },

    /** Deleting a client retires its locations and accounts with it (soft delete, history kept). */
    async remove(actor: Actor, id: string): Promise<void> {
      await visible(actor, id);
      const at = deps.now();
      await db.transaction(async (tx) => {
        await retireOrganization(tx, id, at);
        await recordAudit(tx, actor, { entity: 'organization', entityId: id, action: 'delete', organizationId: id });
      });
    },

    async addLocation(actor: Actor, id: string, body: CreateLocationRequest): Promise<Company> {
      const organization = await visible(actor, id);
      const company = await db.transaction(async (tx) => {
        const created = await insertCompany(tx, { organizationId: id, ...body });
        const total = await countLocations(tx, id);
        if (total > organization.numberOfLocations) await updateOrganization(tx, id, { numberOfLocations: total });
        await recordAudit(tx, actor, { entity: 'company', entityId: created.id, action: 'create', organizationId: id, companyId: created.id, changes: body });
        return created;
      });
      return toCompanyResponse(company);
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
