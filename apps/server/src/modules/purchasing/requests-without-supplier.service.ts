import {
  DEFAULT_RUNNING_LIST_PRICE,
  PRODUCT_REQUEST_MESSAGES,
  REQUESTS_WITHOUT_SUPPLIER_LIMIT,
  type ChooseRequestSupplier,
  type ProductRequest,
  type RequestsWithoutSupplier,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import type { Tx } from '../../db/client';
import { canSeeOwned, currentCompanyId } from '../../core/access';
import { badRequest, conflict, notFound } from '../../core/errors';
import { recordAudit } from '../audit/audit.writes';
import { alertRulesNow, refreshProductAlerts } from '../alerts/alerts.writes';
import { findSupplierById } from '../suppliers/suppliers.reads';
import { insertRunningList, insertRunningListProducts, lastPricesPaid, lockOpenListForSupplier, updateRunningListProduct } from './running-lists.repo';
import { findProductRequest, listRequestsWithoutSupplier, lockLineOnList, lockProductRequest, settleAwaitingRequest } from './product-requests.repo';
import { toRequest, toRequestWithoutSupplier } from './product-requests.mapper';

/**
 * Requests without a supplier (issue 50): a request no vendor could take waits on the running lists
 * page until a location admin chooses its supplier (it then goes on that supplier's open list as a
 * high-priority line, as any request) or declines it (it reads as cancelled). The requester sees
 * "Waiting for a supplier" until then.
 */
export function createRequestsWithoutSupplierService(deps: ServiceDeps) {
  const { db } = deps;

  /** The request, locked, while it still waits for a supplier: another location's is not found, a settled one is a conflict. */
  async function lockAwaiting(tx: Tx, companyId: string, id: string) {
    const request = await lockProductRequest(tx, companyId, id);
    if (!request) throw notFound();
    if (!request.awaitingSupplier) throw conflict(PRODUCT_REQUEST_MESSAGES.notAwaitingSupplier);
    return request;
  }

  const refresh = (tx: Tx, companyId: string, productId: string) => refreshProductAlerts(tx, companyId, productId, alertRulesNow(deps));

  return {
    async list(actor: Actor): Promise<RequestsWithoutSupplier> {
      const { rows, total } = await listRequestsWithoutSupplier(db, currentCompanyId(actor), REQUESTS_WITHOUT_SUPPLIER_LIMIT);
      return { results: rows.map(toRequestWithoutSupplier), total };
    },

    /**
     * On the chosen supplier's open list of the location (made when there is none), in one
     * transaction: the product's line there gets the quantity and turns high priority, or a new
     * high-priority line at the last price paid to that supplier, else $1.
     */
    async chooseSupplier(actor: Actor, id: string, body: ChooseRequestSupplier): Promise<ProductRequest> {
      const companyId = currentCompanyId(actor);
      const supplier = await findSupplierById(db, body.supplier_id);
      if (!supplier || supplier.deletedAt || !canSeeOwned(actor, supplier.companyId)) throw badRequest('supplier_id', PRODUCT_REQUEST_MESSAGES.supplierNotFound);
      await db.transaction(async (tx) => {
        const request = await lockAwaiting(tx, companyId, id);
        const list = (await lockOpenListForSupplier(tx, companyId, supplier.id)) ?? (await insertRunningList(tx, { companyId, supplierId: supplier.id, createdBy: actor.userId }));
        const onList = await lockLineOnList(tx, list.id, request.productId);
        let lineId: string;
        if (onList) {
          await updateRunningListProduct(tx, onList.id, { quantity: onList.quantity + request.quantity, highPriority: true });
          lineId = onList.id;
        } else {
          const price = (await lastPricesPaid(tx, companyId, supplier.id, [request.productId])).get(request.productId) ?? DEFAULT_RUNNING_LIST_PRICE;
          const [line] = await insertRunningListProducts(tx, [{ runningListId: list.id, companyId, productId: request.productId, quantity: request.quantity, price, highPriority: true }]);
          lineId = line!.id;
        }
        await settleAwaitingRequest(tx, request.id, lineId);
        await refresh(tx, companyId, request.productId);
        await recordAudit(tx, actor, {
          entity: 'product_request',
          entityId: request.id,
          action: 'choose_supplier',
          organizationId: actor.organizationId,
          companyId,
          changes: { supplier_id: supplier.id, running_list_id: list.id, running_list_product_id: lineId, added_to_line: onList !== undefined },
        });
      });
      const row = await findProductRequest(db, companyId, id);
      if (!row) throw notFound();
      return toRequest(row);
    },

    /** Declined: off the list, nothing ordered; the requester sees it cancelled. */
    async decline(actor: Actor, id: string): Promise<void> {
      const companyId = currentCompanyId(actor);
      await db.transaction(async (tx) => {
        const request = await lockAwaiting(tx, companyId, id);
        await settleAwaitingRequest(tx, request.id, null);
        await refresh(tx, companyId, request.productId);
        await recordAudit(tx, actor, { entity: 'product_request', entityId: request.id, action: 'decline', organizationId: actor.organizationId, companyId, changes: { product_id: request.productId, quantity: request.quantity } });
      });
    },
  };
}

export type RequestsWithoutSupplierService = ReturnType<typeof createRequestsWithoutSupplierService>;
