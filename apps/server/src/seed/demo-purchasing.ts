import { atClock, type ServiceDeps } from '../services';
import type { Db } from '../db/client';
import type { Actor } from '../core/actor';
import { addReceivedQuantity, setPurchaseOrderStatus } from '../modules/purchasing/purchasing.writes';
import { findOrderLines } from '../modules/purchasing/purchasing.reads';
import { createPurchaseOrdersService } from '../modules/purchasing/purchase-orders.service';
import { createRunningListsService } from '../modules/purchasing/running-lists.service';
import { createProductRequestsService } from '../modules/purchasing/product-requests.service';
import { createMarketplaceService } from '../modules/marketplace/marketplace.service';
import { createSupplierVendors } from '../modules/marketplace/vendors/supplier-vendor';
import { backdateRunningList, recordDemoEmailSent, catalogProductIds, companyHasRunningLists, linkStockToOrderLine, stockIdsByLot, supplierIdsByName } from './demo-seed.repo';
import { DEMO_PRODUCT_REQUEST, DEMO_RUNNING_LISTS, type DemoRunningList } from './demo-purchasing-data';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Downtown's running lists and past purchase orders, added once (a location with any list is left
 * as the clinic changed it). They go through the purchasing services as `buyer` would have placed
 * them, each service given the clock of the day it happened, so numbers, totals, the PDF, the
 * e-mail to the supplier and the audit come out as the app makes them. Received lines then point
 * at the demo lots they arrived as (the stock seed made those lots), so the purchase history
 * shows ordered vs received.
 */
export async function seedDemoPurchasing(deps: ServiceDeps, buyer: Actor, now: Date): Promise<void> {
  const companyId = buyer.companyId!;
  if (await companyHasRunningLists(deps.db, companyId)) return;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const productIds = await catalogProductIds(deps.db, [...new Set(DEMO_RUNNING_LISTS.flatMap((l) => l.lines.map((line) => line.product)))]);
  const supplierIds = await supplierIdsByName(deps.db, companyId, [...new Set(DEMO_RUNNING_LISTS.map((l) => l.supplier))]);
  const lots = await stockIdsByLot(deps.db, companyId, DEMO_RUNNING_LISTS.flatMap((l) => l.lines.flatMap((line) => (line.receivedLot ? [line.receivedLot] : []))));

  for (const demo of DEMO_RUNNING_LISTS) {
    const supplierId = supplierIds.get(demo.supplier);
    if (!supplierId || demo.lines.some((line) => !productIds.has(line.product))) throw new Error(`demo purchasing names an unknown supplier or product: ${demo.supplier}`);
    const createdAt = ago(demo.createdDaysAgo);
    const lists = createRunningListsService(atClock(deps, () => createdAt ));
    const list = await lists.create(buyer, { supplier_id: supplierId });
    await lists.addProductsInBulk(buyer, {
      runningListId: list.id,
      runningListProducts: demo.lines.map((line) => ({ product_id: productIds.get(line.product)!, quantity: line.quantity, price: line.price, high_priority: line.highPriority ?? false })),
    });
    // The database dates a new list itself (now); the demo's list was started weeks ago.
    await backdateRunningList(deps.db, list.id, createdAt);
    if (demo.orderedDaysAgo === undefined) continue;

    const orders = createPurchaseOrdersService(atClock(deps, () => ago(demo.orderedDaysAgo!) ));
    const order = await orders.generate(buyer, { runningListId: list.id });
    if (order.emailed_to) await recordDemoEmailSent(deps.db, order.emailed_to, ago(demo.orderedDaysAgo));
    await receiveAsDemoLots(deps.db, order.id, demo, productIds, lots);
  }

  // The hygienist's request, through Request Product as she would have sent it.
  const requested = (await catalogProductIds(deps.db, [DEMO_PRODUCT_REQUEST.product])).get(DEMO_PRODUCT_REQUEST.product);
  if (!requested) throw new Error(`demo purchasing names an unknown product: ${DEMO_PRODUCT_REQUEST.product}`);
  const { quantity, urgency, note } = DEMO_PRODUCT_REQUEST;
  const vendors = createMarketplaceService(deps, [createSupplierVendors(deps.db)]);
  await createProductRequestsService(deps, vendors).create(buyer, requested, { quantity, urgency, note, idempotency_key: `demo-request-${companyId}` });
}

/**
 * Marks the order's lines received as the demo lots they became. Receiving through the service
 * would make new lots; these already exist with their year of use, so they are linked instead.
 */
async function receiveAsDemoLots(db: Db, orderId: string, demo: DemoRunningList, productIds: Map<string, string>, lots: Map<string, string>): Promise<void> {
  await db.transaction(async (tx) => {
    const orderLines = await findOrderLines(tx, orderId);
    for (const line of demo.lines) {
      const stockId = line.receivedLot ? lots.get(line.receivedLot) : undefined;
      const orderLine = orderLines.find((l) => l.productId === productIds.get(line.product));
      if (!stockId || !orderLine) continue;
      await linkStockToOrderLine(tx, stockId, orderLine);
      await addReceivedQuantity(tx, orderLine.id, line.quantity);
    }
    if (demo.lines.every((line) => line.receivedLot && lots.has(line.receivedLot))) await setPurchaseOrderStatus(tx, orderId, 'received');
  });
}
