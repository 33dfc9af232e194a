import { locationDay } from '../../db/location-day';
import {
  containersToReachMinimum,
  DEFAULT_RUNNING_LIST_PRICE,
  DEFAULT_RUNNING_LIST_QUANTITY,
  lineTotal,
  pageWindow,
  PURCHASING_MESSAGES,
  toPage,
  type AddedRunningListProducts,
  type AddRunningListProductRequest,
  type BulkRunningListProductsRequest,
  type CreateRunningListRequest,
  type ReorderSuggestions,
  type ReorderSuggestionsRequest,
  type RunningList,
  type RunningListDetail,
  type RunningListPage,
  type RunningListProduct,
  type RunningListProductInput,
  type RunningListQuery,
  type UpdateRunningListProductRequest,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import type { Tx } from '../../db/client';
import { canSeeOwned, currentCompanyId } from '../../core/access';
import { AppError, badRequest, conflict, notFound } from '../../core/errors';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit } from '../audit/audit.writes';
import { alertRulesNow, refreshAlerts, refreshProductAlerts } from '../alerts/alerts.writes';
import { findSupplierById } from '../suppliers/suppliers.reads';
import { visibleProductIds } from '../products/products.reads';
import {
  deleteRunningListProduct,
  findRunningListProduct,
  findRunningListSummaries,
  insertRunningList,
  insertRunningListProducts,
  lastPricesPaid,
  listRunningListProducts,
  listRunningLists,
  lockOpenListForSupplier,
  lockRunningList,
  productsAlreadyListed,
  productsOnList,
  softDeleteRunningList,
  updateRunningListProduct,
  type RunningListRow,
  type RunningListSummaryRow,
} from './running-lists.repo';
import { productsBelowMinimum } from './reorder.repo';
import { requestersOfLines } from './product-requests.repo';

type LineRow = Awaited<ReturnType<typeof listRunningListProducts>>[number];
type Requesters = Map<string, RunningListProduct['requested_by']>;

function toSummary(row: RunningListSummaryRow): RunningList {
  return {
    id: row.list.id,
    supplier: { id: row.list.supplierId, name: row.supplierName },
    created_at: row.list.createdAt.toISOString(),
    ordered_at: row.list.orderedAt?.toISOString() ?? null,
    purchase_order_id: row.purchaseOrderId,
    products_count: row.productsCount,
    high_priority_count: row.highPriorityCount,
    total: row.total,
  };
}

/** A product already on the list, in the spec's words, with the products named for the client. */
const alreadyListed = (productIds: string[]) => new AppError('CONFLICT', PURCHASING_MESSAGES.alreadyInList, { details: { product_ids: productIds } });

export function createRunningListsService(deps: ServiceDeps) {
  const { db, files } = deps;
  const alertRules = () => alertRulesNow(deps);

  function toLine(row: LineRow, requesters: Requesters): RunningListProduct {
    const price = row.line.price;
    return {
      id: row.line.id,
      running_list_id: row.line.runningListId,
      supplier_id: row.supplierId,
      product_id: row.product.id,
      product: {
        id: row.product.id,
        name: row.product.name,
        barcode: row.product.barcode,
        manufacturer_code: row.product.manufacturerCode,
        product_image_url: files.signedUrl(row.product.productImageUrl),
        type: row.product.type,
        container: row.product.container,
        basic_unit: row.product.basicUnit,
      },
      quantity: row.line.quantity,
      price,
      high_priority: row.line.highPriority,
      total: lineTotal(row.line.quantity, price),
      // A consumable is counted in units: one unit per "container".
      units_per_container: row.product.type === 'consumable' ? 1 : row.unitsPerContainer,
      requested_by: requesters.get(row.line.id) ?? [],
    };
  }

  /** The lines as the page shows them, with who asked for each (Request Product). */
  async function toLines(rows: LineRow[]): Promise<RunningListProduct[]> {
    const requesters: Requesters = new Map();
    for (const r of await requestersOfLines(db, rows.map((row) => row.line.id))) {
      if (!r.lineId) continue;
      requesters.set(r.lineId, [...(requesters.get(r.lineId) ?? []), { id: r.userId, name: r.name, urgency: r.urgency, quantity: r.quantity, note: r.note, created_at: r.createdAt.toISOString() }]);
    }
    return rows.map((row) => toLine(row, requesters));
  }

  async function summaries(companyId: string, ids: string[]): Promise<RunningList[]> {
    const rows = await findRunningListSummaries(db, companyId, ids);
    return ids.map((id) => rows.find((r) => r.list.id === id)).filter((r) => r !== undefined).map(toSummary);
  }

  async function detail(companyId: string, id: string): Promise<RunningListDetail> {
    const [summary] = await summaries(companyId, [id]);
    if (!summary) throw notFound();
    const lines = await listRunningListProducts(db, [id]);
    return { ...summary, runningListProducts: await toLines(lines) };
  }

  async function supplierFor(actor: Actor, supplierId: string, field: string): Promise<void> {
    const supplier = await findSupplierById(db, supplierId);
    if (!supplier || supplier.deletedAt || !canSeeOwned(actor, supplier.companyId)) throw badRequest(field, 'Supplier not found');
  }

  /** The list products go on: the one named (open, of this location), or the supplier's open list, made when there is none. */
  async function targetList(tx: Tx, actor: Actor, companyId: string, target: { runningListId?: string | undefined; supplierId?: string | undefined }): Promise<RunningListRow> {
    if (target.runningListId) {
      const list = await lockRunningList(tx, companyId, target.runningListId);
      if (!list) throw badRequest('running_list_id', 'Running list not found');
      if (list.orderedAt) throw conflict(PURCHASING_MESSAGES.alreadyOrdered);
      return list;
    }
    const supplierId = target.supplierId!;
    return (await lockOpenListForSupplier(tx, companyId, supplierId)) ?? insertRunningList(tx, { companyId, supplierId, createdBy: actor.userId });
  }

  /**
   * Adds products to a list in one transaction: every product must be one the location sees and
   * none may be on the list already (spec: 'Failed to add products already in the running list');
   * quantity defaults to 1 and price to the last price paid to the supplier, else 1.
   */
  async function addProducts(actor: Actor, target: { runningListId?: string | undefined; supplierId?: string | undefined }, inputs: RunningListProductInput[]): Promise<AddedRunningListProducts> {
    const companyId = currentCompanyId(actor);
    if (target.supplierId && !target.runningListId) await supplierFor(actor, target.supplierId, 'supplier_id');
    const productIds = inputs.map((i) => i.product_id);
    const duplicates = productIds.filter((id, index) => productIds.indexOf(id) !== index);
    if (duplicates.length > 0) throw alreadyListed([...new Set(duplicates)]);
    const visible = await visibleProductIds(db, companyId, productIds);
    const unknown = inputs.findIndex((i) => !visible.has(i.product_id));
    if (unknown >= 0) throw badRequest(inputs.length === 1 ? 'product_id' : `runningListProducts.${String(unknown)}.product_id`, 'Product not found');

    try {
      const { list, lineIds } = await db.transaction(async (tx) => {
        const list = await targetList(tx, actor, companyId, target);
        const listed = await productsAlreadyListed(tx, list.id, productIds);
        if (listed.length > 0) throw alreadyListed(listed);
        const prices = await lastPricesPaid(tx, companyId, list.supplierId, productIds);
        const inserted = await insertRunningListProducts(
          tx,
          inputs.map((input) => ({
            runningListId: list.id,
            companyId,
            productId: input.product_id,
            quantity: input.quantity ?? DEFAULT_RUNNING_LIST_QUANTITY,
            price: input.price ?? prices.get(input.product_id) ?? DEFAULT_RUNNING_LIST_PRICE,
            highPriority: input.high_priority ?? false,
          })),
        );
        await recordAudit(tx, actor, { entity: 'running_list', entityId: list.id, action: 'add_products', organizationId: actor.organizationId, companyId, changes: { products: inputs } });
        return { list, lineIds: inserted.map((l) => l.id) };
      });
      const [summary] = await summaries(companyId, [list.id]);
      const lines = (await listRunningListProducts(db, [list.id])).filter((l) => lineIds.includes(l.line.id));
      return { runningList: summary!, runningListProducts: await toLines(lines) };
    } catch (error) {
      // Two people adding the same product at once: the unique index decides, in the same words.
      if (isUniqueViolation(error)) throw alreadyListed(productIds);
      throw error;
    }
  }

  /** An open list line of this location, for editing or removing. */
  async function openLine(actor: Actor, id: string) {
    const companyId = currentCompanyId(actor);
    const found = await findRunningListProduct(db, companyId, id);
    if (!found) throw notFound();
    if (found.list.orderedAt) throw conflict(PURCHASING_MESSAGES.alreadyOrdered);
    return { companyId, ...found };
  }

  return {
    async list(actor: Actor, query: RunningListQuery): Promise<RunningListPage> {
      const companyId = currentCompanyId(actor);
      const { records, total } = await listRunningLists(db, companyId, { isNotOrdered: query.is_not_ordered, supplierId: query.supplier_id }, pageWindow(query));
      return toPage(records.map(toSummary), total, query);
    },

    async get(actor: Actor, id: string): Promise<RunningListDetail> {
      return detail(currentCompanyId(actor), id);
    },

    async create(actor: Actor, body: CreateRunningListRequest): Promise<RunningListDetail> {
      const companyId = currentCompanyId(actor);
      await supplierFor(actor, body.supplier_id, 'supplier_id');
      const list = await db.transaction(async (tx) => {
        const created = await insertRunningList(tx, { companyId, supplierId: body.supplier_id, createdBy: actor.userId });
        await recordAudit(tx, actor, { entity: 'running_list', entityId: created.id, action: 'create', organizationId: actor.organizationId, companyId, changes: body });
        return created;
      });
      return detail(companyId, list.id);
    },

    /** Removes a list from the running lists; an order generated from it stays in the purchase history. */
    async remove(actor: Actor, id: string): Promise<void> {
      const companyId = currentCompanyId(actor);
      await db.transaction(async (tx) => {
        const list = await lockRunningList(tx, companyId, id);
        if (!list) throw notFound();
        // An ordered list is the record behind its purchase order: it stays.
        if (list.orderedAt) throw conflict(PURCHASING_MESSAGES.alreadyOrdered);
        await softDeleteRunningList(tx, id, deps.now());
        // Requests on the list are cancelled with it: their 'requested' alerts end.
        await refreshAlerts(tx, { companyId, productIds: await productsOnList(tx, id) }, alertRules());
        await recordAudit(tx, actor, { entity: 'running_list', entityId: id, action: 'delete', organizationId: actor.organizationId, companyId });
      });
    },

    addProduct(actor: Actor, body: AddRunningListProductRequest): Promise<AddedRunningListProducts> {
      return addProducts(actor, { runningListId: body.running_list_id, supplierId: body.supplier_id }, [body]);
    },

    addProductsInBulk(actor: Actor, body: BulkRunningListProductsRequest): Promise<AddedRunningListProducts> {
      return addProducts(actor, { runningListId: body.runningListId, supplierId: body.supplierId }, body.runningListProducts);
    },

    async updateProduct(actor: Actor, id: string, body: UpdateRunningListProductRequest): Promise<RunningListProduct> {
      const { companyId, list } = await openLine(actor, id);
      await db.transaction(async (tx) => {
        const locked = await lockRunningList(tx, companyId, list.id);
        if (!locked || locked.orderedAt) throw conflict(PURCHASING_MESSAGES.alreadyOrdered);
        // Removed by someone else since it was read: gone, as for anyone else.
        if (!(await findRunningListProduct(tx, companyId, id))) throw notFound();
        await updateRunningListProduct(tx, id, {
          ...(body.quantity !== undefined && { quantity: body.quantity }),
          ...(body.price !== undefined && { price: body.price }),
          ...(body.high_priority !== undefined && { highPriority: body.high_priority }),
        });
        await recordAudit(tx, actor, { entity: 'running_list_product', entityId: id, action: 'update', organizationId: actor.organizationId, companyId, changes: body });
      });
      const line = (await listRunningListProducts(db, [list.id])).find((l) => l.line.id === id);
      if (!line) throw notFound();
      const [answer] = await toLines([line]);
      return answer!;
    },

    async removeProduct(actor: Actor, id: string): Promise<void> {
      const { companyId, list, line } = await openLine(actor, id);
      await db.transaction(async (tx) => {
        const locked = await lockRunningList(tx, companyId, list.id);
        if (!locked || locked.orderedAt) throw conflict(PURCHASING_MESSAGES.alreadyOrdered);
        await deleteRunningListProduct(tx, id);
        // A request for it is cancelled (its link is set to null): its 'requested' alert ends.
        await refreshProductAlerts(tx, companyId, line.productId, alertRules());
        await recordAudit(tx, actor, { entity: 'running_list_product', entityId: id, action: 'delete', organizationId: actor.organizationId, companyId });
      });
    },

    /**
     * "Reorder suggestions": every product under its minimum goes on the open list of the supplier
     * it last came from (or the one given, for products never stocked here), in whole containers
     * enough to reach the minimum. Products already on that list are left as they are.
     */
    async reorderSuggestions(actor: Actor, body: ReorderSuggestionsRequest): Promise<ReorderSuggestions> {
      const companyId = currentCompanyId(actor);
      if (body.supplier_id) await supplierFor(actor, body.supplier_id, 'supplier_id');
      const below = await productsBelowMinimum(db, companyId, await locationDay(db, companyId, deps.now()));
      const skipped: ReorderSuggestions['skipped'] = [];
      const bySupplier = new Map<string, typeof below>();
      for (const row of below) {
        // Containers ordered and not yet received count as coming: no second order for them.
        const coming = row.onOrderContainers * (row.lastUnitsPerContainer ?? 1);
        if (containersToReachMinimum(row.minimumStock, row.usableUnits + coming, row.lastUnitsPerContainer ?? 1) === 0) {
          skipped.push({ product_id: row.productId, name: row.name, reason: 'Already on order' });
          continue;
        }
        const supplierId = row.lastSupplierId ?? body.supplier_id;
        if (!supplierId) {
          skipped.push({ product_id: row.productId, name: row.name, reason: 'Never stocked here: choose a supplier for it' });
          continue;
        }
        bySupplier.set(supplierId, [...(bySupplier.get(supplierId) ?? []), row]);
      }

      const { listIds, added } = await db.transaction(async (tx) => {
        const listIds: string[] = [];
        let added = 0;
        for (const [supplierId, rows] of bySupplier) {
          const list = (await lockOpenListForSupplier(tx, companyId, supplierId)) ?? (await insertRunningList(tx, { companyId, supplierId, createdBy: actor.userId }));
          const listed = new Set(await productsAlreadyListed(tx, list.id, rows.map((r) => r.productId)));
          for (const row of rows.filter((r) => listed.has(r.productId))) skipped.push({ product_id: row.productId, name: row.name, reason: 'Already on the running list' });
          const fresh = rows.filter((r) => !listed.has(r.productId));
          if (fresh.length === 0) continue;
          const prices = await lastPricesPaid(tx, companyId, supplierId, fresh.map((r) => r.productId));
          await insertRunningListProducts(
            tx,
            fresh.map((row) => ({
              runningListId: list.id,
              companyId,
              productId: row.productId,
              quantity: Math.max(1, containersToReachMinimum(row.minimumStock, row.usableUnits + row.onOrderContainers * (row.lastUnitsPerContainer ?? 1), row.lastUnitsPerContainer ?? 1)),
              price: prices.get(row.productId) ?? DEFAULT_RUNNING_LIST_PRICE,
              highPriority: row.usableUnits === 0,
            })),
          );
          await recordAudit(tx, actor, { entity: 'running_list', entityId: list.id, action: 'reorder_suggestions', organizationId: actor.organizationId, companyId, changes: { products: fresh.map((r) => r.productId) } });
          listIds.push(list.id);
          added += fresh.length;
        }
        return { listIds, added };
      });
      return { added, runningLists: await summaries(companyId, listIds), skipped };
    },
  };
}

export type RunningListsService = ReturnType<typeof createRunningListsService>;
