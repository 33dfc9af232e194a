import {
  CATEGORY_MESSAGES,
  pageWindow,
  toPage,
  type Category,
  type CategoryListQuery,
  type CreateCategoryRequest,
  type Page,
  type UpdateCategoryRequest,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { assertCanModifyOwned, canSeeOwned, currentCompanyId, ownerCompanyFor } from '../../core/access';
import { conflict, notFound } from '../../core/errors';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit } from '../audit/audit.writes';
import { deleteCategory, findCategoryById, insertCategory, isCategoryNameTaken, listCategories, updateCategory, type CategoryRow } from './categories.repo';

const IMAGE_RULE = { types: ['category_image'] as const };

/**
 * How many products a reader (a location, or the admin: null) sees in each category. Products
 * belong to categories, so the products module depends on this one and not the other way round:
 * app.ts hands its read in.
 */
export interface CategoryProductCounts {
  countProductsByCategory(db: DbOrTx, reader: { companyId: string | null }, categoryIds: string[]): Promise<Map<string, number>>;
}

export function createCategoriesService(deps: ServiceDeps, catalog: CategoryProductCounts) {
  const { db, files } = deps;

  const toCategory = (row: CategoryRow, productCount: number): Category => ({
    id: row.id,
    name: row.name,
    description: row.description,
    image_url: files.signedUrl(row.imageUrl),
    company_id: row.companyId,
    product_count: productCount,
    created_at: row.createdAt.toISOString(),
  });

  const onConflict = (error: unknown): never => {
    if (isUniqueViolation(error)) throw conflict(CATEGORY_MESSAGES.exists);
    throw error;
  };

  /** The location whose categories a list shows: the token's, or any one the admin names. */
  function listOwner(actor: Actor, companyId: string | undefined): string | null {
    if (actor.role === 'admin') return companyId ?? null;
    const own = currentCompanyId(actor);
    if (companyId && companyId !== own) throw notFound();
    return own;
  }

  async function counted(actor: Actor, rows: CategoryRow[]): Promise<Category[]> {
    const counts = await catalog.countProductsByCategory(
      db,
      { companyId: actor.role === 'admin' ? null : actor.companyId },
      rows.map((r) => r.id),
    );
    return rows.map((row) => toCategory(row, counts.get(row.id) ?? 0));
  }

  async function modifiable(actor: Actor, id: string): Promise<CategoryRow> {
    const row = await findCategoryById(db, id);
    if (!row) throw notFound();
    assertCanModifyOwned(actor, row.companyId);
    return row;
  }

  return {
    async list(actor: Actor, query: CategoryListQuery): Promise<Page<Category>> {
      const { records, total } = await listCategories(db, listOwner(actor, query.company_id), query.search, pageWindow(query));
      return toPage(await counted(actor, records), total, query);
    },

    async get(actor: Actor, id: string): Promise<Category> {
      const row = await findCategoryById(db, id);
      if (!row || !(actor.role === 'admin' || canSeeOwned(actor, row.companyId))) throw notFound();
      const [category] = await counted(actor, [row]);
      return category!;
    },

    async create(actor: Actor, body: CreateCategoryRequest): Promise<Category> {
      const companyId = ownerCompanyFor(actor);
      if (await isCategoryNameTaken(db, companyId, body.name)) throw conflict(CATEGORY_MESSAGES.exists);
      const imageUrl = body.image_url ? await files.resolveForRecord(actor, 'image_url', body.image_url, IMAGE_RULE) : null;
      const row = await db
        .transaction(async (tx) => {
          const created = await insertCategory(tx, { companyId, name: body.name, description: body.description, imageUrl });
          await recordAudit(tx, actor, { entity: 'category', entityId: created.id, action: 'create', organizationId: actor.organizationId, companyId, changes: body });
          return created;
        })
        .catch(onConflict);
      return toCategory(row, 0);
    },

    async update(actor: Actor, id: string, body: UpdateCategoryRequest): Promise<Category> {
      const current = await modifiable(actor, id);
      if (body.name && (await isCategoryNameTaken(db, current.companyId, body.name, id))) throw conflict(CATEGORY_MESSAGES.exists);
      const imageUrl =
        body.image_url === undefined ? undefined : body.image_url === null ? null : await files.resolveForRecord(actor, 'image_url', body.image_url, IMAGE_RULE, current.imageUrl);
      const row = await db
        .transaction(async (tx) => {
          const updated = await updateCategory(tx, id, { name: body.name, description: body.description, imageUrl });
          await recordAudit(tx, actor, { entity: 'category', entityId: id, action: 'update', organizationId: actor.organizationId, companyId: current.companyId, changes: body });
          return updated;
        })
        .catch(onConflict);
      const [category] = await counted(actor, [row]);
      return category!;
    },

    /** Its products stay, shown under 'Default'. */
    async remove(actor: Actor, id: string): Promise<void> {
      const current = await modifiable(actor, id);
      await db.transaction(async (tx) => {
        await deleteCategory(tx, id);
        await recordAudit(tx, actor, { entity: 'category', entityId: id, action: 'delete', organizationId: actor.organizationId, companyId: current.companyId, changes: { name: current.name } });
      });
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
