import { locationDay } from '../../db/location-day';
import {
  pageWindow,
  toPage,
  TREATMENT_MESSAGES,
  trayCost,
  type CreateTreatmentRequest,
  type ExecutedWithin,
  type ExecutedWithinQuery,
  type Treatment,
  type TreatmentListQuery,
  type TreatmentPage,
  type UpdateTreatmentRequest,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { currentCompanyId } from '../../core/access';
import { badRequest, conflict, notFound } from '../../core/errors';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit } from '../audit/audit.writes';
import { visibleProductIds } from '../products/products.reads';
import { findTreatmentCategory } from './treatment-categories.repo';
import { executedWithin, findTreatments, insertTreatment, listTrays, listTreatments, newTreatmentOf, replaceTray, softDeleteTreatment, updateTreatment, type TreatmentRow } from './treatments.repo';

type TrayRow = Awaited<ReturnType<typeof listTrays>>[number];

/** Spec section 8: a code already used at the location is 'Treatment already exists' (409). */
const onConflict = (error: unknown): never => {
  if (isUniqueViolation(error)) throw conflict(TREATMENT_MESSAGES.exists);
  throw error;
};

export function createTreatmentsService(deps: ServiceDeps) {
  const { db, files } = deps;

  function toTreatment(row: TreatmentRow, categoryName: string | null, tray: TrayRow[]): Treatment {
    const items = tray.map((item) => ({
      product_id: item.product.id,
      quantity: item.quantity,
      product: { id: item.product.id, name: item.product.name, product_image_url: files.signedUrl(item.product.productImageUrl), type: item.product.type, basic_unit: item.product.basicUnit, implantable: item.product.implantable },
      estimated_unit_price: item.nextUnitPrice,
    }));
    return {
      id: row.id,
      treatment_code: row.treatmentCode,
      name: row.name,
      abbreviation: row.abbreviation,
      description: row.description,
      category: row.categoryId && categoryName !== null ? { id: row.categoryId, name: categoryName } : null,
      treatmentProducts: items,
      estimated_cost: trayCost(items.map((i) => ({ quantity: i.quantity, unitPrice: i.estimated_unit_price }))),
      created_at: row.createdAt.toISOString(),
    };
  }

  /** Treatments with their trays, in two queries whatever the count. */
  async function withTrays(companyId: string, rows: { treatment: TreatmentRow; categoryName: string | null }[]): Promise<Treatment[]> {
    const trays = await listTrays(
      db,
      companyId,
      rows.map((r) => r.treatment.id),
      await locationDay(db, companyId, deps.now()),
    );
    return rows.map((r) => toTreatment(r.treatment, r.categoryName, trays.filter((t) => t.treatmentId === r.treatment.id)));
  }

  async function get(companyId: string, id: string): Promise<Treatment> {
    const [row] = await findTreatments(db, companyId, [id]);
    if (!row) throw notFound();
    const [treatment] = await withTrays(companyId, [row]);
    return treatment!;
  }

  /** The category and the tray's products must be the location's own to use. */
  async function checkReferences(companyId: string, body: UpdateTreatmentRequest): Promise<void> {
    if (body.category_id && !(await findTreatmentCategory(db, companyId, body.category_id))) throw badRequest('category_id', 'Category not found');
    if (body.treatmentProducts) {
      const visible = await visibleProductIds(
        db,
        companyId,
        body.treatmentProducts.map((p) => p.product_id),
      );
      const unknown = body.treatmentProducts.findIndex((p) => !visible.has(p.product_id));
      if (unknown >= 0) throw badRequest(`treatmentProducts.${String(unknown)}.product_id`, 'Product not found');
    }
  }

  const tray = (body: UpdateTreatmentRequest) => body.treatmentProducts?.map((p) => ({ productId: p.product_id, quantity: p.quantity }));

  return {
    async list(actor: Actor, query: TreatmentListQuery): Promise<TreatmentPage> {
      const companyId = currentCompanyId(actor);
      const { records, total } = await listTreatments(db, companyId, { search: query.search, categoryId: query.category_id }, pageWindow(query));
      return toPage(await withTrays(companyId, records), total, query);
    },

    get: (actor: Actor, id: string) => get(currentCompanyId(actor), id),

    async executedWithin(actor: Actor, query: ExecutedWithinQuery): Promise<ExecutedWithin> {
      const rows = await executedWithin(db, currentCompanyId(actor), query.start_date, query.end_date);
      return { results: rows.map((r) => ({ id: r.id, treatment_code: r.treatmentCode, name: r.name, times: r.times, last_executed_at: r.lastExecutedAt.toISOString() })) };
    },

    async create(actor: Actor, body: CreateTreatmentRequest): Promise<Treatment> {
      const companyId = currentCompanyId(actor);
      await checkReferences(companyId, body);
      const created = await db
        .transaction(async (tx) => {
          const row = await insertTreatment(tx, newTreatmentOf(companyId, actor.userId, body));
          await replaceTray(tx, row.id, tray(body) ?? []);
          await recordAudit(tx, actor, { entity: 'treatment', entityId: row.id, action: 'create', organizationId: actor.organizationId, companyId, changes: body });
          return row;
        })
        .catch(onConflict);
      return get(companyId, created.id);
    },

    async update(actor: Actor, id: string, body: UpdateTreatmentRequest): Promise<Treatment> {
      const companyId = currentCompanyId(actor);
      if ((await findTreatments(db, companyId, [id])).length === 0) throw notFound();
      await checkReferences(companyId, body);
      await db
        .transaction(async (tx) => {
          await updateTreatment(tx, id, {
            ...(body.category_id !== undefined && { categoryId: body.category_id }),
            ...(body.treatment_code !== undefined && { treatmentCode: body.treatment_code }),
            ...(body.name !== undefined && { name: body.name }),
            ...(body.abbreviation !== undefined && { abbreviation: body.abbreviation }),
            ...(body.description !== undefined && { description: body.description }),
          });
          const items = tray(body);
          if (items) await replaceTray(tx, id, items);
          await recordAudit(tx, actor, { entity: 'treatment', entityId: id, action: 'update', organizationId: actor.organizationId, companyId, changes: body });
        })
        .catch(onConflict);
      return get(companyId, id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const companyId = currentCompanyId(actor);
      if ((await findTreatments(db, companyId, [id])).length === 0) throw notFound();
      await db.transaction(async (tx) => {
        await softDeleteTreatment(tx, id, deps.now());
        await recordAudit(tx, actor, { entity: 'treatment', entityId: id, action: 'delete', organizationId: actor.organizationId, companyId });
      });
    },
  };
}

export type TreatmentsService = ReturnType<typeof createTreatmentsService>;
