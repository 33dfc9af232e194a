import { DEFAULT_RUNNING_LIST_PRICE, PRODUCT_REQUEST_MESSAGES, PRODUCT_REQUESTS_LIMIT, type SendProductRequest, type ProductRequest, type ProductRequestList } from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { currentCompanyId } from '../../core/access';
import { AppError, notFound } from '../../core/errors';
import { isoDay } from '../../clock';
import { recordAudit } from '../audit/audit.writes';
import { refreshProductAlerts } from '../alerts/alerts.writes';
import { enqueueEmail } from '../mail/mail.writes';
import { claimKey, idempotentRequest, storeAnswer } from '../idempotency/idempotency';
import { findProductWithNames } from '../products/products.reads';
import { insertRunningList, insertRunningListProducts, lastPricesPaid, lockOpenListForSupplier, updateRunningListProduct } from './running-lists.repo';
import { findProductRequest, insertProductRequest, listOwnProductRequests, lockOpenLineOfProduct, requestRecipients, usualSupplierOf, type ProductRequestWithState } from './product-requests.repo';
import { productRequestEmail } from './product-request-email';
import { findSupplierById } from '../suppliers/suppliers.reads';

function toRequest(row: ProductRequestWithState): ProductRequest {
  const { request } = row;
  return {
    id: request.id,
    product_id: request.productId,
    quantity: request.quantity,
    urgency: request.urgency,
    note: request.note,
    state: row.state,
    requested_by: { id: request.requestedBy, name: row.requesterName },
    running_list_id: row.runningListId,
    supplier: row.supplierId && row.supplierName !== null ? { id: row.supplierId, name: row.supplierName } : null,
    created_at: request.createdAt.toISOString(),
  };
}

/**
 * Request Product (issue 39): anyone working at a location asks for a product to be ordered; the
 * request becomes a high-priority line on a running list, the location's admins get an alert and
 * an e-mail, and the asker follows its state on the product page.
 */
export function createProductRequestsService(deps: ServiceDeps) {
  const { db } = deps;

  /** A product the location sees and uses (not deleted, not removed here); anything else is not found. */
  async function productAt(companyId: string, productId: string) {
    const product = await findProductWithNames(db, { companyId }, productId);
    if (!product || product.product.deletedAt) throw notFound();
    return product.product;
  }

  return {
    /**
     * In one transaction: the product's line on an open list of the location gets the quantity
     * added and turns high priority; with none, a high-priority line goes on the open list of the
     * usual supplier (made when there is none) at the last price paid. The request is recorded,
     * the 'requested' alert raised and the admins' e-mails queued. A repeated key answers the
     * first request.
     */
    async create(actor: Actor, productId: string, body: SendProductRequest): Promise<ProductRequest> {
      const companyId = currentCompanyId(actor);
      const product = await productAt(companyId, productId);
      const key = idempotentRequest(companyId, 'product.request', `POST /product/${productId}/requests`, body);
      const note = body.note ?? '';

      const id = await db.transaction(async (tx) => {
        const claim = await claimKey<{ id: string }>(tx, key);
        if ('replay' in claim) return claim.replay.id;

        const supplierId = await usualSupplierOf(tx, companyId, productId);
        // The supplier's lock first: two requests for one product never start two lines.
        const supplierList = supplierId ? await lockOpenListForSupplier(tx, companyId, supplierId) : undefined;
        const listed = await lockOpenLineOfProduct(tx, companyId, productId);
        let lineId: string;
        let runningListId: string;
        let listSupplierId: string;
        if (listed) {
          await updateRunningListProduct(tx, listed.line.id, { quantity: listed.line.quantity + body.quantity, highPriority: true });
          ({ id: lineId } = listed.line);
          runningListId = listed.list.id;
          listSupplierId = listed.list.supplierId;
        } else {
          if (!supplierId) throw new AppError('BAD_REQUEST', PRODUCT_REQUEST_MESSAGES.noSupplier);
          const list = supplierList ?? (await insertRunningList(tx, { companyId, supplierId, createdBy: actor.userId }));
          const price = (await lastPricesPaid(tx, companyId, supplierId, [productId])).get(productId) ?? DEFAULT_RUNNING_LIST_PRICE;
          const [line] = await insertRunningListProducts(tx, [{ runningListId: list.id, companyId, productId, quantity: body.quantity, price, highPriority: true }]);
          lineId = line!.id;
          runningListId = list.id;
          listSupplierId = supplierId;
        }

        const created = await insertProductRequest(tx, { companyId, productId, requestedBy: actor.userId, quantity: body.quantity, urgency: body.urgency, note, runningListProductId: lineId });
        await refreshProductAlerts(tx, companyId, productId, { today: isoDay(deps.now()), expiryWindowDays: deps.alertExpiryWindowDays });

        // One after the other: a transaction is one connection, which runs one statement at a time
        // (pg warns of queries queued on a busy client, and pg 9 will refuse them).
        const recipients = await requestRecipients(tx, companyId);
        const requester = await findProductRequest(tx, companyId, created.id);
        const supplier = await findSupplierById(tx, listSupplierId);
        for (const to of recipients.emails) {
          await enqueueEmail(
            tx,
            deps.jobs,
            productRequestEmail({
              to,
              requesterName: requester?.requesterName ?? '',
              locationName: recipients.locationName,
              productName: product.name,
              quantity: body.quantity,
              urgency: body.urgency,
              note,
              supplierName: supplier?.name ?? '',
              link: `${deps.publicUrl}/running-list/${runningListId}`,
            }),
          );
        }
        await recordAudit(tx, actor, {
          entity: 'product_request',
          entityId: created.id,
          action: 'create',
          organizationId: actor.organizationId,
          companyId,
          changes: { product_id: productId, quantity: body.quantity, urgency: body.urgency, note, running_list_id: runningListId, running_list_product_id: lineId, added_to_line: listed !== undefined },
        });
        await storeAnswer(tx, key, { id: created.id });
        return created.id;
      });

      const row = await findProductRequest(db, companyId, id);
      if (!row) throw notFound();
      return toRequest(row);
    },

    /** The caller's own requests for a product at this location, newest first, with their state. */
    async listOwn(actor: Actor, productId: string): Promise<ProductRequestList> {
      const companyId = currentCompanyId(actor);
      await productAt(companyId, productId);
      const rows = await listOwnProductRequests(db, companyId, productId, actor.userId, PRODUCT_REQUESTS_LIMIT);
      return { results: rows.map(toRequest) };
    },
  };
}

export type ProductRequestsService = ReturnType<typeof createProductRequestsService>;
