import { atClock, type ServiceDeps } from '../services';
import type { Actor } from '../core/actor';
import { createPriceListsService } from '../modules/marketplace/price-lists.service';
import { createMarketplaceService } from '../modules/marketplace/marketplace.service';
import { createSupplierVendors } from '../modules/marketplace/vendors/supplier-vendor';
import { createPurchaseOrdersService } from '../modules/purchasing/purchase-orders.service';
import { companyHasPriceLists, recordDemoEmailSent, supplierIdsByName } from './demo-seed.repo';
import { DEMO_MARKETPLACE_ORDERS, demoPriceLists, priceListFile } from './demo-marketplace-data';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Downtown's price lists for the six demo suppliers and two past marketplace orders (one
 * delivered and received, one on its way), added once: a location with any price list is left as
 * the clinic changed it. Everything goes through the services, each given the clock of the day it
 * happened, as the clinic would have done it in the app.
 */
export async function seedDemoMarketplace(deps: ServiceDeps, buyer: Actor, now: Date): Promise<void> {
  const companyId = buyer.companyId!;
  if (await companyHasPriceLists(deps.db, companyId)) return;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const at = (days: number) => (atClock(deps, () => ago(days) ));
  const lists = demoPriceLists();
  const supplierIds = await supplierIdsByName(deps.db, companyId, [...lists.keys()]);

  for (const [supplier, rows] of lists) {
    const supplierId = supplierIds.get(supplier);
    if (!supplierId) throw new Error(`demo price list names an unknown supplier: ${supplier}`);
    await createPriceListsService(at(30)).upload(buyer, supplierId, { fileName: `${supplier} price list.csv`, bytes: priceListFile(rows) });
  }

  for (const [index, demo] of DEMO_MARKETPLACE_ORDERS.entries()) {
    const supplierId = supplierIds.get(demo.supplier)!;
    const rows = lists
      .get(demo.supplier)!
      .filter((r) => r.inStock && r.packSize === 1 && (r.barcode || r.manufacturerCode))
      .slice(0, demo.lines);
    const marketplace = (days: number) => createMarketplaceService(at(days), [createSupplierVendors(deps.db)]);
    const [order] = (
      await marketplace(demo.placedDaysAgo).place(buyer, {
        orders: [{ vendor_id: supplierId, products: rows.map((r) => ({ sku: r.sku, quantity: demo.quantity, price: r.price })) }],
        idempotency_key: `demo-marketplace-order-${String(index + 1)}`,
      })
    ).orders;
    if (!order) continue;
    const purchaseOrders = createPurchaseOrdersService(at(demo.placedDaysAgo));
    const emailedTo = (await purchaseOrders.get(buyer, order.id)).emailed_to;
    if (emailedTo) await recordDemoEmailSent(deps.db, emailedTo, ago(demo.placedDaysAgo));

    await marketplace(demo.placedDaysAgo - 1).updateStatus(buyer, order.id, { status: 'confirmed' });
    await marketplace(demo.shippedDaysAgo).updateStatus(buyer, order.id, { status: 'shipped', carrier: demo.carrier, tracking_url: demo.tracking });
    if (!('deliveredDaysAgo' in demo)) continue;
    await marketplace(demo.deliveredDaysAgo).updateStatus(buyer, order.id, { status: 'delivered' });
    const received = createPurchaseOrdersService(at(demo.deliveredDaysAgo));
    const lines = (await received.get(buyer, order.id)).lines;
    await received.receive(buyer, order.id, {
      idempotency_key: `demo-marketplace-receipt-${String(index + 1)}`,
      lines: lines.map((line, n) => ({
        line_id: line.id,
        quantity: line.quantity,
        units_per_container: line.units_per_container,
        lotNumber: `MK${String(2611 + n)}`,
        expiry_date: new Date(now.getTime() + 540 * DAY_MS).toISOString().slice(0, 10),
      })),
    });
  }
}
