import {
  pageWindow,
  toPage,
  SUPPLIER_MESSAGES,
  type CreateSupplierRequest,
  type Page,
  type Supplier,
  type SupplierListQuery,
  type UpdateSupplierRequest,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { assertCanModifyOwned, canSeeOwned, ownerCompanyFor, readableOwners } from '../../core/access';
import { conflict, notFound } from '../../core/errors';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit } from '../audit/audit.writes';
import { browseSuppliers, findSupplierById, insertSupplier, isSupplierNameTaken, listSuppliers, updateSupplier, type SupplierListRow, type SupplierRow } from './suppliers.repo';

function toSupplierResponse(row: SupplierListRow): Supplier {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    tax_id: row.taxId,
    address: row.address,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    company_id: row.companyId,
    distributor: row.vendorCode !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export function createSuppliersService(deps: ServiceDeps) {
  const { db } = deps;

  const onConflict = (error: unknown): never => {
    if (isUniqueViolation(error)) throw conflict(SUPPLIER_MESSAGES.exists);
    throw error;
  };

  async function modifiable(actor: Actor, id: string): Promise<SupplierRow> {
    const row = await findSupplierById(db, id);
    if (!row) throw notFound();
    assertCanModifyOwned(actor, row.companyId);
    return row;
  }

  return {
    async list(actor: Actor, query: SupplierListQuery): Promise<Page<Supplier>> {
      const { companyId } = readableOwners(actor);
      const window = pageWindow(query);
      // Without a term the list runs named statements (suppliers.repo.ts); a search builds its own.
      const { records, total } = query.search ? await listSuppliers(db, companyId, query.search, window) : await browseSuppliers(db, companyId, window);
      return toPage(records.map(toSupplierResponse), total, query);
    },

    async get(actor: Actor, id: string): Promise<Supplier> {
      const row = await findSupplierById(db, id);
      if (!row || !canSeeOwned(actor, row.companyId)) throw notFound();
      return toSupplierResponse(row);
    },

    async create(actor: Actor, body: CreateSupplierRequest): Promise<Supplier> {
      const companyId = ownerCompanyFor(actor);
      if (await isSupplierNameTaken(db, companyId, body.name)) throw conflict(SUPPLIER_MESSAGES.exists);
      const row = await db
        .transaction(async (tx) => {
          const created = await insertSupplier(tx, {
            companyId,
            name: body.name,
            email: body.email,
            phone: body.phone,
            taxId: body.tax_id,
            address: body.address,
            contactEmail: body.contact_email,
            contactPhone: body.contact_phone,
          });
          await recordAudit(tx, actor, { entity: 'supplier', entityId: created.id, action: 'create', organizationId: actor.organizationId, companyId, changes: body });
          return created;
        })
        .catch(onConflict);
      return toSupplierResponse(row);
    },

    async update(actor: Actor, id: string, body: UpdateSupplierRequest): Promise<Supplier> {
      const current = await modifiable(actor, id);
      if (body.name && (await isSupplierNameTaken(db, current.companyId, body.name, id))) throw conflict(SUPPLIER_MESSAGES.exists);
      const row = await db
        .transaction(async (tx) => {
          const updated = await updateSupplier(tx, id, {
            name: body.name,
            email: body.email,
            phone: body.phone,
            taxId: body.tax_id,
            address: body.address,
            contactEmail: body.contact_email,
            contactPhone: body.contact_phone,
          });
          await recordAudit(tx, actor, { entity: 'supplier', entityId: id, action: 'update', organizationId: actor.organizationId, companyId: current.companyId, changes: body });
          return updated;
        })
        .catch(onConflict);
      return toSupplierResponse(row);
    },

    /** Soft delete: stock received from the supplier keeps naming it. */
    async remove(actor: Actor, id: string): Promise<void> {
      const current = await modifiable(actor, id);
      await db.transaction(async (tx) => {
        await updateSupplier(tx, id, { deletedAt: deps.now() });
        await recordAudit(tx, actor, { entity: 'supplier', entityId: id, action: 'delete', organizationId: actor.organizationId, companyId: current.companyId });
      });
    },
  };
}

export type SuppliersService = ReturnType<typeof createSuppliersService>;
