import { lineTotal, purchaseOrderNumber } from '@clinic/domain';
import type { Db } from '../db/client';
import { isoDay } from '../clock';
import { renderPurchaseOrderPdf } from '../modules/purchasing/purchase-order-pdf';
import { addReceivedQuantity, copyListIntoOrder, findBuyer, findOrderLines, insertPurchaseOrder, nextDocumentNumber, setPurchaseOrderFiles, setPurchaseOrderStatus } from '../modules/purchasing/purchase-orders.repo';
import { insertRunningListProducts } from '../modules/purchasing/running-lists.repo';
import { findSupplierById } from '../modules/suppliers/suppliers.repo';
import type { FilesService } from '../modules/uploads/uploads.service';
import { catalogProductIds, companyHasRunningLists, insertPastRunningList, linkStockToOrderLine, stockIdsByLot, supplierIdsByName } from './demo-seed.repo';
import { DEMO_RUNNING_LISTS } from './demo-purchasing-data';
import type { DemoStockPlace } from './demo-stock';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Downtown's running lists and past purchase orders, added once (a location with any list is left
 * as the clinic changed it). Orders get their real PDF when file storage is at hand; received
 * lines point at the demo lots they arrived as, so the purchase history shows ordered vs received.
 */
export async function seedDemoPurchasing(db: Db, place: DemoStockPlace, files: FilesService | undefined, now: Date): Promise<void> {
  if (await companyHasRunningLists(db, place.companyId)) return;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  await db.transaction(async (tx) => {
    const productIds = await catalogProductIds(tx, [...new Set(DEMO_RUNNING_LISTS.flatMap((l) => l.lines.map((line) => line.product)))]);
    const supplierIds = await supplierIdsByName(tx, place.companyId, [...new Set(DEMO_RUNNING_LISTS.map((l) => l.supplier))]);
    const lots = await stockIdsByLot(tx, place.companyId, DEMO_RUNNING_LISTS.flatMap((l) => l.lines.flatMap((line) => (line.receivedLot ? [line.receivedLot] : []))));
    const buyer = await findBuyer(tx, place.companyId, place.userId);

    for (const demo of DEMO_RUNNING_LISTS) {
      const supplierId = supplierIds.get(demo.supplier);
      if (!supplierId || demo.lines.some((line) => !productIds.has(line.product))) throw new Error(`demo purchasing names an unknown supplier or product: ${demo.supplier}`);
      const list = await insertPastRunningList(tx, {
        companyId: place.companyId,
        supplierId,
        createdBy: place.userId,
        createdAt: ago(demo.createdDaysAgo),
        orderedAt: demo.orderedDaysAgo === undefined ? null : ago(demo.orderedDaysAgo),
      });
      await insertRunningListProducts(
        tx,
        demo.lines.map((line) => ({ runningListId: list.id, companyId: place.companyId, productId: productIds.get(line.product)!, quantity: line.quantity, price: line.price.toFixed(2), highPriority: line.highPriority ?? false })),
      );
      if (demo.orderedDaysAgo === undefined) continue;

      const orderedAt = ago(demo.orderedDaysAgo);
      const total = demo.lines.reduce((sum, line) => sum + lineTotal(line.quantity, line.price), 0);
      const number = await nextDocumentNumber(tx, place.companyId, 'purchase_order');
      const order = await insertPurchaseOrder(tx, { companyId: place.companyId, number, runningListId: list.id, supplierId, total: total.toFixed(2), createdBy: place.userId, createdAt: orderedAt });
      await copyListIntoOrder(tx, order.id, list.id);
      const orderLines = await findOrderLines(tx, order.id);
      for (const line of demo.lines) {
        const stockId = line.receivedLot ? lots.get(line.receivedLot) : undefined;
        const orderLine = orderLines.find((l) => l.productId === productIds.get(line.product));
        if (!stockId || !orderLine) continue;
        await linkStockToOrderLine(tx, stockId, orderLine);
        await addReceivedQuantity(tx, orderLine.id, line.quantity);
      }
      if (demo.lines.every((line) => line.receivedLot && lots.has(line.receivedLot))) await setPurchaseOrderStatus(tx, order.id, 'received');

      if (files && buyer) {
        const documentNumber = purchaseOrderNumber(number);
        const supplier = await supplierCard(supplierId);
        const pdf = await renderPurchaseOrderPdf({
          number: documentNumber,
          date: isoDay(orderedAt),
          buyer,
          supplier,
          lines: demo.lines.map((line) => ({ productName: line.product, quantity: line.quantity, price: line.price, total: lineTotal(line.quantity, line.price), highPriority: line.highPriority ?? false })),
          total,
        });
        const pdfUrl = await files.storeGenerated(place.companyId, 'purchase_order_pdf', `${documentNumber}.pdf`, pdf, 'application/pdf', place.userId, tx);
        await setPurchaseOrderFiles(tx, order.id, { pdfUrl, emailedTo: supplier.contactEmail || null });
      }
    }

    async function supplierCard(id: string) {
      const supplier = await findSupplierById(tx, id);
      return { name: supplier?.name ?? '', address: supplier?.address ?? '', contactEmail: supplier?.contactEmail ?? '', contactPhone: supplier?.contactPhone ?? '' };
    }
  });
}
