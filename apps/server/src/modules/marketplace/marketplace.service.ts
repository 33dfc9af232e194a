import {
  canAdvanceOrder,
  MARKETPLACE_MESSAGES,
  pageWindow,
  purchaseOrderNumber,
  roundToCents,
  toPage,
  unitPriceOfPack,
  type CheckCheckoutPriceRequest,
  type CheckedCart,
  type CheckedLine,
  type FetchFinalPriceRequest,
  type MarketplaceOrder,
  type MarketplaceOrderDetail,
  type MarketplaceOrderDetailPage,
  type MarketplaceOrderPage,
  type MarketplaceProductPage,
  type MarketplaceSearchQuery,
  type Offer,
  type OrderRangeQuery,
  type OrderTracking,
  type PlacedOrders,
  type PlaceOrderRequest,
  type UpdateOrderStatusRequest,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { currentCompanyId } from '../../core/access';
import { AppError, badRequest, conflict, notFound } from '../../core/errors';
import { recordAudit } from '../audit/audit.writes';
import { claimKey, findAnswer, idempotentRequest, storeAnswer } from '../idempotency/idempotency';
import { visibleProducts } from '../products/products.reads';
import { createOrderIssuer } from '../purchasing/issue-order';
import { repriceCart, resolveVendor } from './checkout';
import { searchOfferedProducts } from './price-lists.repo';
import type { PlacementResult, VendorAdapter, VendorContext, VendorOffer, VendorOrderRequest } from './vendors/vendor';
import {
  findVendorOrder,
  insertVendorOrder,
  linesOfOrders,
  listVendorOrders,
  lockVendorOrder,
  openDistributorOrders,
  ordersOfCheckout,
  recordPlacement,
  updateVendorOrder,
  type VendorOrderSummaryRow,
} from './vendor-orders.repo';

const DAY_MS = 86_400_000;
/** How long an order whose vendor cannot be reached is sent again before it is marked failed. */
const PLACEMENT_RETRY_MS = DAY_MS;

/** The key each vendor is sent for its share of a cart: the same on every retry. */
const vendorKey = (checkoutKey: string, vendorId: string) => `${checkoutKey}:${vendorId}`;

/**
 * What a vendor is sent for one issued order, the same at checkout (in or after the transaction)
 * and when the status job places it again: the vendor's key is derived from the cart's, so every
 * attempt counts once at the vendor.
 */
function orderRequest(
  order: { vendorId: string; purchaseOrderId: string; number: string; checkoutKey: string },
  lines: readonly { sku: string; quantity: number; price: number }[],
): VendorOrderRequest {
  return {
    vendorId: order.vendorId,
    purchaseOrderId: order.purchaseOrderId,
    number: order.number,
    idempotencyKey: vendorKey(order.checkoutKey, order.vendorId),
    lines: [...lines],
  };
}

/** A checked cart's lines at the price just confirmed (place refuses the cart while any line has none). */
const priced = (group: readonly CheckedLine[]) => group.map((l) => ({ sku: l.sku, quantity: l.quantity, price: l.current_price! }));

function unreached(vendorName: string, error: unknown): PlacementResult {
  return { status: 'retry', error: `${vendorName} could not be reached (${error instanceof Error ? error.message : 'no answer'}); the order will be sent again` };
}

/** A vendor's answer as the order records it: a vendor not reached leaves the order placing, with the reason. */
function placementValues(result: PlacementResult, at: Date) {
  if ('error' in result) return { status: result.status === 'failed' ? ('failed' as const) : ('placing' as const), vendorReference: null, error: result.error, updatedAt: at };
  return { status: result.status, vendorReference: result.reference, error: null, updatedAt: at };
}

function toOrder(row: VendorOrderSummaryRow): MarketplaceOrder {
  const { vendorOrder } = row;
  return {
    id: vendorOrder.purchaseOrderId,
    number: purchaseOrderNumber(row.number),
    vendor: { id: row.supplierId, name: row.supplierName, kind: vendorOrder.vendorKind },
    status: vendorOrder.status,
    receiving_status: row.receivingStatus,
    total: row.total,
    saved: Math.max(0, roundToCents(vendorOrder.highestTotal - row.total)),
    vendor_reference: vendorOrder.vendorReference,
    carrier: vendorOrder.carrier,
    tracking_url: vendorOrder.trackingUrl,
    error: vendorOrder.error,
    lines_count: row.linesCount,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdByName,
    updated_at: vendorOrder.updatedAt.toISOString(),
  };
}

/** Offers of one product, cheapest unit price first; the cheapest in-stock ones are marked. */
function compare(offers: VendorOffer[], kinds: Map<string, 'supplier' | 'distributor'>): Offer[] {
  const priced = offers
    .map((o) => ({ o, unit: unitPriceOfPack(o.price, o.packSize) }))
    .sort((a, b) => a.unit - b.unit || a.o.vendorName.localeCompare(b.o.vendorName));
  const lowest = Math.min(...priced.filter((p) => p.o.inStock).map((p) => p.unit));
  return priced.map(({ o, unit }) => ({
    vendor: { id: o.vendorId, name: o.vendorName, kind: kinds.get(o.vendorId) ?? 'supplier' },
    sku: o.sku,
    description: o.description,
    pack_size: o.packSize,
    price: o.price,
    unit_price: unit,
    in_stock: o.inStock,
    cheapest: o.inStock && unit === lowest,
  }));
}

export function createMarketplaceService(deps: ServiceDeps, adapters: readonly VendorAdapter[]) {
  const { db } = deps;
  const issueOrder = createOrderIssuer(deps);

  async function allOffers(context: VendorContext, productIds: string[]) {
    const kinds = new Map<string, 'supplier' | 'distributor'>();
    const offers: VendorOffer[] = [];
    for (const adapter of adapters) {
      for (const offer of await adapter.offers(context, productIds)) {
        kinds.set(offer.vendorId, adapter.kind);
        offers.push(offer);
      }
    }
    return { offers, kinds };
  }

  async function detailOf(row: VendorOrderSummaryRow): Promise<MarketplaceOrderDetail> {
    const lines = await linesOfOrders(db, [row.vendorOrder.purchaseOrderId]);
    return withLines(row, lines);
  }

  function withLines(row: VendorOrderSummaryRow, lines: Awaited<ReturnType<typeof linesOfOrders>>): MarketplaceOrderDetail {
    return {
      ...toOrder(row),
      lines: lines
        .filter((l) => l.purchaseOrderId === row.vendorOrder.purchaseOrderId)
        .map((l) => ({
          id: l.id,
          product: { id: l.productId, name: l.productName },
          sku: l.vendorSku ?? '',
          quantity: l.quantity,
          price: l.price,
          total: roundToCents(l.quantity * l.price),
          received_quantity: l.receivedQuantity,
        })),
    };
  }

  function rangeOf(query: OrderRangeQuery) {
    const from = new Date(`${query.startDate}T00:00:00.000Z`);
    return { from, to: new Date(Date.parse(`${query.endDate}T00:00:00.000Z`) + DAY_MS), status: query.status };
  }

  /** One open distributor order brought up to date: placed again while unreached, else its status read. */
  async function refreshOrder(row: Awaited<ReturnType<typeof openDistributorOrders>>[number]): Promise<void> {
    const { vendorOrder } = row;
    const adapter = adapters.find((a) => a.kind === vendorOrder.vendorKind);
    const context = { companyId: vendorOrder.companyId };
    const now = deps.now();
    if (!adapter) return;
    if (vendorOrder.status === 'placing') {
      if (now.getTime() - vendorOrder.placedAt.getTime() > PLACEMENT_RETRY_MS) {
        await recordPlacement(db, vendorOrder.purchaseOrderId, { status: 'failed', vendorReference: null, error: vendorOrder.error ?? MARKETPLACE_MESSAGES.vendorFailed(row.supplierName), updatedAt: now });
        return;
      }
      const lines = await linesOfOrders(db, [vendorOrder.purchaseOrderId]);
      const result = await adapter
        .place(
          context,
          orderRequest(
            { vendorId: row.supplierId, purchaseOrderId: vendorOrder.purchaseOrderId, number: purchaseOrderNumber(row.number), checkoutKey: vendorOrder.checkoutKey },
            lines.map((l) => ({ sku: l.vendorSku ?? '', quantity: l.quantity, price: l.price })),
          ),
        )
        .catch((error: unknown) => unreached(row.supplierName, error));
      await recordPlacement(db, vendorOrder.purchaseOrderId, placementValues(result, now));
      return;
    }
    const status = await adapter.status(context, row.supplierId, vendorOrder.vendorReference).catch(() => null);
    const moved = status && status.status !== vendorOrder.status && canAdvanceOrder(vendorOrder.status, status.status);
    await updateVendorOrder(db, vendorOrder.purchaseOrderId, {
      updatedAt: now,
      ...(moved
        ? {
            status: status.status,
            carrier: status.carrier ?? vendorOrder.carrier,
            trackingUrl: status.trackingUrl ?? vendorOrder.trackingUrl,
            ...((status.status === 'shipped' || status.status === 'delivered') && !vendorOrder.shippedAt ? { shippedAt: now } : {}),
            ...(status.status === 'delivered' ? { deliveredAt: now } : {}),
          }
        : {}),
    });
  }

  return {
    /** Every vendor's offers for these products at the location (what suggested orders route by). */
    offersFor(companyId: string, productIds: string[]) {
      return allOffers({ companyId }, productIds);
    },

    /**
     * The status job: distributor orders still on their way, least recently checked first, one at
     * a time. Safe in several processes: a placement is sent under the same key, and a status only
     * ever moves forward.
     */
    async refreshOrders(limit = 50): Promise<number> {
      const open = await openDistributorOrders(db, limit);
      for (const row of open) await refreshOrder(row);
      return open.length;
    },

    /** Products the location's vendors offer, each with every vendor's offer side by side. */
    async search(actor: Actor, query: MarketplaceSearchQuery): Promise<MarketplaceProductPage> {
      const companyId = currentCompanyId(actor);
      const term = query.search ?? '';
      const elsewhere = { barcodes: [] as string[], manufacturerCodes: [] as string[] };
      for (const adapter of adapters) {
        const codes = await adapter.searchCodes?.({ companyId }, term);
        elsewhere.barcodes.push(...(codes?.barcodes ?? []));
        elsewhere.manufacturerCodes.push(...(codes?.manufacturerCodes ?? []));
      }
      const { records, total } = await searchOfferedProducts(db, companyId, visibleProducts({ companyId }), term || undefined, elsewhere, pageWindow(query));
      const { offers, kinds } = await allOffers({ companyId }, records.map((r) => r.id));
      const results = records.map((p) => ({
        product: { id: p.id, name: p.name, barcode: p.barcode, manufacturer_code: p.manufacturerCode, type: p.type },
        offers: compare(
          offers.filter((o) => o.productId === p.id),
          kinds,
        ),
      }));
      return toPage(results, total, query);
    },

    /** check-checkout-price: the cart re-priced with each of its vendors now. */
    async check(actor: Actor, body: CheckCheckoutPriceRequest): Promise<CheckedCart> {
      const { lines } = await repriceCart(adapters, { companyId: currentCompanyId(actor) }, body.products);
      return { products: lines, changed: lines.some((l) => l.changed), total: roundToCents(lines.reduce((sum, l) => sum + l.total, 0)) };
    },

    /** fetch-final-price-{vendor}: one vendor's prices for these items and quantities. */
    async finalPrice(actor: Actor, vendorId: string, body: FetchFinalPriceRequest): Promise<CheckedCart> {
      const context = { companyId: currentCompanyId(actor) };
      const vendor = await resolveVendor(adapters, context, vendorId);
      if (!vendor) throw notFound(MARKETPLACE_MESSAGES.vendorNotFound);
      const offers = await vendor.adapter.price(context, vendorId, body.products.map((p) => p.sku));
      const { lines } = await repriceCart(
        adapters,
        context,
        body.products.map((p) => ({ vendor_id: vendorId, sku: p.sku, quantity: p.quantity, price: offers.get(p.sku)?.price ?? 0 })),
      );
      return { products: lines, changed: lines.some((l) => l.changed), total: roundToCents(lines.reduce((sum, l) => sum + l.total, 0)) };
    },

    /**
     * place-order: one purchase order per vendor, numbered like every purchase order. Refused
     * whole (409, the new prices in details) when any price moved since the cart was checked.
     * Orders to the location's suppliers go out in the transaction that writes them; a
     * distributor is called after it commits, and one that fails marks only its own order failed
     * (docs/decisions.md). A replayed key answers with the orders it made, as they stand now.
     */
    async place(actor: Actor, body: PlaceOrderRequest): Promise<PlacedOrders> {
      const companyId = currentCompanyId(actor);
      const context = { companyId };
      const vendorIds = body.orders.map((o) => o.vendor_id);
      if (new Set(vendorIds).size !== vendorIds.length) throw badRequest('orders', 'Put each vendor in the cart once');
      body.orders.forEach((order, index) => {
        const skus = order.products.map((p) => p.sku);
        if (new Set(skus).size !== skus.length) throw badRequest(`orders.${String(index)}.products`, 'Put each item of a vendor in the cart once');
      });
      const request = idempotentRequest(companyId, 'marketplace.place_order', 'POST /place-order', body);

      // A replay answers before anything is priced again: the orders stand whatever prices do now.
      if (await findAnswer(db, request)) return { orders: (await ordersOfCheckout(db, companyId, body.idempotency_key)).map(toOrder) };

      const cart = body.orders.flatMap((o) => o.products.map((p) => ({ ...p, vendor_id: o.vendor_id })));
      const { lines, vendors } = await repriceCart(adapters, context, cart);
      const unknown = vendorIds.findIndex((id) => !vendors.has(id));
      if (unknown >= 0) throw badRequest(`orders.${String(unknown)}.vendor_id`, MARKETPLACE_MESSAGES.vendorNotFound);
      if (lines.some((l) => l.changed || l.problem)) {
        throw new AppError('CONFLICT', MARKETPLACE_MESSAGES.pricesChanged, { details: { products: lines } });
      }
      // Savings are measured against the dearest unit price any vendor quotes for the product.
      const { offers } = await allOffers(context, [...new Set(lines.map((l) => l.product_id!))]);
      const dearest = new Map<string, number>();
      for (const o of offers) if (o.productId) dearest.set(o.productId, Math.max(dearest.get(o.productId) ?? 0, unitPriceOfPack(o.price, o.packSize)));
      const highestTotalOf = (group: CheckedLine[]) =>
        roundToCents(group.reduce((sum, l) => sum + Math.max(l.total, l.quantity * l.pack_size * (dearest.get(l.product_id!) ?? 0)), 0));

      const outside: { vendorId: string; purchaseOrderId: string; number: string }[] = [];
      const replay = await db.transaction(async (tx) => {
        const claim = await claimKey<{ purchase_order_ids: string[] }>(tx, request);
        if ('replay' in claim) return true;
        const now = deps.now();
        const ids: string[] = [];
        for (const vendorId of vendorIds) {
          const vendor = vendors.get(vendorId)!;
          const group = lines.filter((l) => l.vendor_id === vendorId);
          const issued = await issueOrder(tx, actor, {
            companyId,
            supplierId: vendorId,
            runningListId: null,
            lines: group.map((l) => ({ productId: l.product_id!, productName: l.description, quantity: l.quantity, price: l.current_price!, vendorSku: l.sku, itemsPerPack: l.pack_size > 0 ? l.pack_size : null })),
            emailSupplier: vendor.adapter.kind === 'supplier',
          });
          ids.push(issued.id);
          await insertVendorOrder(tx, {
            purchaseOrderId: issued.id,
            companyId,
            checkoutKey: body.idempotency_key,
            vendorKind: vendor.adapter.kind,
            status: 'placing',
            highestTotal: highestTotalOf(group),
            placedAt: now,
            updatedAt: now,
          });
          if (vendor.adapter.placesInTransaction) {
            const request = orderRequest({ vendorId, purchaseOrderId: issued.id, number: issued.number, checkoutKey: body.idempotency_key }, priced(group));
            const result = await vendor.adapter.place(context, request, tx);
            await recordPlacement(tx, issued.id, placementValues(result, now));
          } else {
            outside.push({ vendorId, purchaseOrderId: issued.id, number: issued.number });
          }
        }
        await storeAnswer(tx, request, { purchase_order_ids: ids });
        await recordAudit(tx, actor, { entity: 'marketplace_checkout', entityId: body.idempotency_key, action: 'place', organizationId: actor.organizationId, companyId, changes: { purchaseOrderIds: ids } });
        return false;
      });

      if (!replay) {
        await Promise.all(
          outside.map(async ({ vendorId, purchaseOrderId, number }) => {
            const vendor = vendors.get(vendorId)!;
            const group = lines.filter((l) => l.vendor_id === vendorId);
            const result = await vendor.adapter
              .place(context, orderRequest({ vendorId, purchaseOrderId, number, checkoutKey: body.idempotency_key }, priced(group)))
              .catch((error: unknown) => unreached(vendor.ref.name, error));
            await recordPlacement(db, purchaseOrderId, placementValues(result, deps.now()));
          }),
        );
      }
      return { orders: (await ordersOfCheckout(db, companyId, body.idempotency_key)).map(toOrder) };
    },

    /** order-status: the location's orders placed in the range, newest first. */
    async list(actor: Actor, query: OrderRangeQuery): Promise<MarketplaceOrderPage> {
      const { records, total } = await listVendorOrders(db, currentCompanyId(actor), rangeOf(query), pageWindow(query));
      return toPage(records.map(toOrder), total, query);
    },

    /** order-details/by-date: the same orders with their lines (one query for all the lines of the page). */
    async detailsByDate(actor: Actor, query: OrderRangeQuery): Promise<MarketplaceOrderDetailPage> {
      const { records, total } = await listVendorOrders(db, currentCompanyId(actor), rangeOf(query), pageWindow(query));
      const lines = await linesOfOrders(db, records.map((r) => r.vendorOrder.purchaseOrderId));
      return toPage(
        records.map((r) => withLines(r, lines)),
        total,
        query,
      );
    },

    async detail(actor: Actor, orderId: string): Promise<MarketplaceOrderDetail> {
      const row = await findVendorOrder(db, currentCompanyId(actor), { id: orderId });
      if (!row) throw notFound('Order not found');
      return detailOf(row);
    },

    /** order-details/byOrderId: by the order's number (PO-000042) or the vendor's own reference. */
    async detailByReference(actor: Actor, reference: string): Promise<MarketplaceOrderDetail> {
      const row = await findVendorOrder(db, currentCompanyId(actor), { numberOrReference: reference });
      if (!row) throw notFound('Order not found');
      return detailOf(row);
    },

    /** order-tracking: the location's order shipped under this tracking link. */
    async tracking(actor: Actor, url: string): Promise<OrderTracking> {
      const row = await findVendorOrder(db, currentCompanyId(actor), { trackingUrl: url });
      if (!row) throw notFound('No order of this location ships under that tracking link');
      const { vendorOrder } = row;
      return {
        order_id: vendorOrder.purchaseOrderId,
        number: purchaseOrderNumber(row.number),
        vendor: { id: row.supplierId, name: row.supplierName, kind: vendorOrder.vendorKind },
        status: vendorOrder.status,
        carrier: vendorOrder.carrier,
        tracking_url: url,
        shipped_at: vendorOrder.shippedAt?.toISOString() ?? null,
        delivered_at: vendorOrder.deliveredAt?.toISOString() ?? null,
      };
    },

    /** The clinic moves an order to its own supplier forward: confirmed, shipped (with tracking), delivered. */
    async updateStatus(actor: Actor, orderId: string, body: UpdateOrderStatusRequest): Promise<MarketplaceOrderDetail> {
      const companyId = currentCompanyId(actor);
      await db.transaction(async (tx) => {
        const order = await lockVendorOrder(tx, companyId, orderId);
        if (!order) throw notFound('Order not found');
        if (order.vendorKind !== 'supplier') throw conflict(MARKETPLACE_MESSAGES.notOwnSupplier);
        if (!canAdvanceOrder(order.status, body.status)) throw conflict(MARKETPLACE_MESSAGES.statusOrder);
        const now = deps.now();
        await updateVendorOrder(tx, orderId, {
          status: body.status,
          updatedAt: now,
          ...(body.status === 'shipped' ? { carrier: body.carrier ?? null, trackingUrl: body.tracking_url ?? null, shippedAt: now } : {}),
          ...(body.status === 'delivered' ? { deliveredAt: now } : {}),
        });
        await recordAudit(tx, actor, { entity: 'purchase_order', entityId: orderId, action: 'vendor_status', organizationId: actor.organizationId, companyId, changes: body });
      });
      return this.detail(actor, orderId);
    },
  };
}

export type MarketplaceService = ReturnType<typeof createMarketplaceService>;
