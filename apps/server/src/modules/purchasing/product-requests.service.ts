import {
  DEFAULT_RUNNING_LIST_PRICE,
  PRODUCT_REQUESTS_LIMIT,
  roundToCents,
  routeProduct,
  type ProductRequest,
  type ProductRequestList,
  type RoutableOffer,
  type SendProductRequest,
  type VendorKind,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { currentCompanyId } from '../../core/access';
import { notFound } from '../../core/errors';
import { recordAudit } from '../audit/audit.writes';
import { alertRulesNow, refreshProductAlerts } from '../alerts/alerts.writes';
import { enqueueEmail } from '../mail/mail.writes';
import { claimKey, idempotentRequest, storeAnswer } from '../idempotency/idempotency';
import { findProductWithNames } from '../products/products.reads';
import { insertRunningList, insertRunningListProducts, lastPricesPaid, lockOpenListForSupplier, updateRunningListProduct } from './running-lists.repo';
import { catalogSupplierOf, findProductRequest, insertProductRequest, listOwnProductRequests, lockOpenLineOfProduct, requestRecipients } from './product-requests.repo';
import { lastDeliveryOf } from './last-delivery.repo';
import { toRequest } from './product-requests.mapper';
import { productRequestEmail } from './product-request-email';
import { findSupplierById } from '../suppliers/suppliers.reads';

/**
 * The marketplace's comparison of every vendor's offers at a location (its price lists and
 * distributors), handed in by app.ts: the marketplace depends on purchasing, not the reverse.
 */
export interface VendorOffers {
  offersFor(companyId: string, productIds: string[]): Promise<{ offers: (RoutableOffer & { productId: string | null })[]; kinds: ReadonlyMap<string, VendorKind> }>;
}

/**
 * Request Product (issue 39): anyone working at a location asks for a product to be ordered; the
 * request becomes a high-priority line on a running list (or, with no vendor to take it, waits for
 * an admin to choose one: issue 50), the location's admins get an alert and an e-mail, and the
 * asker follows its state on the product page.
 */
export function createProductRequestsService(deps: ServiceDeps, vendors: VendorOffers) {
  const { db } = deps;

  /**
   * Where a request goes (issue 50): the vendor with the best in-stock price in the location's
   * price lists and distributors, else the last supplier at the last delivery's price, as
   * suggested orders route (`routeProduct`); else the product's catalog supplier. Null: nobody,
   * a location admin chooses. `price` is per container; null: the last price paid to it, else $1.
   */
  async function vendorFor(companyId: string, productId: string): Promise<{ supplierId: string; price: number | null } | null> {
    const [delivered, { offers, kinds }] = await Promise.all([lastDeliveryOf(db, companyId, productId), vendors.offersFor(companyId, [productId])]);
    const offered = offers.filter((o) => o.productId === productId);
    const { choice } = routeProduct({ last: delivered && !delivered.supplierDeleted ? delivered : null }, offered, kinds);
    if (choice) {
      // A line counts containers; a price list's pack holds pack size catalog items (containers).
      const offer = choice.sku === null ? undefined : offered.find((o) => o.vendorId === choice.vendorId && o.sku === choice.sku);
      return { supplierId: choice.vendorId, price: offer ? roundToCents(offer.price / offer.packSize) : choice.price };
    }
    const catalog = await catalogSupplierOf(db, companyId, productId);
    return catalog ? { supplierId: catalog, price: null } : null;
  }

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
     * vendor it is routed to (made when there is none); with no vendor, the request waits for an
     * admin to choose one. The request is recorded, the 'requested' alert raised and the admins'
     * e-mails queued. A repeated key answers the first request.
     */
    async create(actor: Actor, productId: string, body: SendProductRequest): Promise<ProductRequest> {
      const companyId = currentCompanyId(actor);
      const product = await productAt(companyId, productId);
      const key = idempotentRequest(companyId, 'product.request', `POST /product/${productId}/requests`, body);
      const note = body.note ?? '';
      // Asked before the transaction: a distributor's prices come from its API.
      const route = await vendorFor(companyId, productId);

      const id = await db.transaction(async (tx) => {
        const claim = await claimKey<{ id: string }>(tx, key);
        if ('replay' in claim) return claim.replay.id;

        // The supplier's lock first: two requests for one product never start two lines.
        const supplierList = route ? await lockOpenListForSupplier(tx, companyId, route.supplierId) : undefined;
        const listed = await lockOpenLineOfProduct(tx, companyId, productId);
        let placed: { lineId: string; runningListId: string; supplierId: string } | null = null;
        if (listed) {
          await updateRunningListProduct(tx, listed.line.id, { quantity: listed.line.quantity + body.quantity, highPriority: true });
          placed = { lineId: listed.line.id, runningListId: listed.list.id, supplierId: listed.list.supplierId };
        } else if (route) {
          const list = supplierList ?? (await insertRunningList(tx, { companyId, supplierId: route.supplierId, createdBy: actor.userId }));
          const price = route.price ?? (await lastPricesPaid(tx, companyId, route.supplierId, [productId])).get(productId) ?? DEFAULT_RUNNING_LIST_PRICE;
          const [line] = await insertRunningListProducts(tx, [{ runningListId: list.id, companyId, productId, quantity: body.quantity, price, highPriority: true }]);
          placed = { lineId: line!.id, runningListId: list.id, supplierId: route.supplierId };
        }

        const created = await insertProductRequest(tx, {
          companyId,
          productId,
          requestedBy: actor.userId,
          quantity: body.quantity,
          urgency: body.urgency,
          note,
          runningListProductId: placed?.lineId ?? null,
          awaitingSupplier: placed === null,
        });
        await refreshProductAlerts(tx, companyId, productId, alertRulesNow(deps));

        // One after the other: a transaction is one connection, which runs one statement at a time
        // (pg warns of queries queued on a busy client, and pg 9 will refuse them).
        const recipients = await requestRecipients(tx, companyId);
        const requester = await findProductRequest(tx, companyId, created.id);
        const supplier = placed ? await findSupplierById(tx, placed.supplierId) : undefined;
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
              supplierName: placed ? (supplier?.name ?? '') : null,
              // Without a supplier: the running lists page, where its requests without one wait.
              link: placed ? `${deps.publicUrl}/running-list/${placed.runningListId}` : `${deps.publicUrl}/running-list`,
            }),
          );
        }
        await recordAudit(tx, actor, {
          entity: 'product_request',
          entityId: created.id,
          action: 'create',
          organizationId: actor.organizationId,
          companyId,
          changes: {
            product_id: productId,
            quantity: body.quantity,
            urgency: body.urgency,
            note,
            running_list_id: placed?.runningListId ?? null,
            running_list_product_id: placed?.lineId ?? null,
            added_to_line: listed !== undefined,
            awaiting_supplier: placed === null,
          },
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
