import {
  CATEGORY_MESSAGES,
  pageWindow,
  toPage,
  type CreateTreatmentCategoryRequest,
  type TreatmentCategory,
  type TreatmentCategoryListQuery,
  type TreatmentCategoryPage,
  type UpdateTreatmentCategoryRequest,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { currentCompanyId } from '../../core/access';
import { conflict, notFound } from '../../core/errors';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit } from '../audit/audit.writes';
import { deleteTreatmentCategory, findTreatmentCategory, insertTreatmentCategory, listTreatmentCategories, updateTreatmentCategory, type TreatmentCategoryRow } from './treatment-categories.repo';

const toCategory = (row: TreatmentCategoryRow, treatmentCount: number): TreatmentCategory => ({
  id: row.id,
  name: row.name,
  description: row.description,
  treatment_count: treatmentCount,
  created_at: row.createdAt.toISOString(),
});

/** Spec section 8: a name taken at the location is 'Category already exists' (409). */
const onConflict = (error: unknown): never => {
  if (isUniqueViolation(error)) throw conflict(CATEGORY_MESSAGES.exists);
  throw error;
};

export function createTreatmentCategoriesService(deps: ServiceDeps) {
  const { db } = deps;

  async function get(companyId: string, id: string): Promise<TreatmentCategory> {
    const row = await findTreatmentCategory(db, companyId, id);
    if (!row) throw notFound();
    return toCategory(row.category, row.treatmentCount);
  }

  return {
    async list(actor: Actor, query: TreatmentCategoryListQuery): Promise<TreatmentCategoryPage> {
      const { records, total } = await listTreatmentCategories(db, currentCompanyId(actor), query.search, pageWindow(query));
      return toPage(records.map((r) => toCategory(r.category, r.treatmentCount)), total, query);
    },

    get: (actor: Actor, id: string) => get(currentCompanyId(actor), id),

    async create(actor: Actor, body: CreateTreatmentCategoryRequest): Promise<TreatmentCategory> {
      const companyId = currentCompanyId(actor);
      const row = await db
        .transaction(async (tx) => {
          const created = await insertTreatmentCategory(tx, { companyId, name: body.name, description: body.description ?? '' });
          await recordAudit(tx, actor, { entity: 'treatment_category', entityId: created.id, action: 'create', organizationId: actor.organizationId, companyId, changes: body });
          return created;
        })
        .catch(onConflict);
      return toCategory(row, 0);
    },

    async update(actor: Actor, id: string, body: UpdateTreatmentCategoryRequest): Promise<TreatmentCategory> {
      const companyId = currentCompanyId(actor);
      if (!(await findTreatmentCategory(db, companyId, id))) throw notFound();
      await db
        .transaction(async (tx) => {
          await updateTreatmentCategory(tx, id, body);
          await recordAudit(tx, actor, { entity: 'treatment_category', entityId: id, action: 'update', organizationId: actor.organizationId, companyId, changes: body });
        })
        .catch(onConflict);
      return get(companyId, id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const companyId = currentCompanyId(actor);
      if (!(await findTreatmentCategory(db, companyId, id))) throw notFound();
      await db.transaction(async (tx) => {
        await deleteTreatmentCategory(tx, id);
        await recordAudit(tx, actor, { entity: 'treatment_category', entityId: id, action: 'delete', organizationId: actor.organizationId, companyId });
      });
    },
  };
}

export type TreatmentCategoriesService = ReturnType<typeof createTreatmentCategoriesService>;
