import { lineTotal, purchaseOrderNumber, roundToCents } from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Tx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { notFound } from '../../core/errors';
import { locationDay } from '../../db/location-day';
import { recordAudit } from '../audit/audit.writes';
import { enqueueEmail } from '../mail/mail.writes';
import { findSupplierById } from '../suppliers/suppliers.reads';
import { purchaseOrderEmail } from './purchase-order-email';
import { renderPurchaseOrderPdf } from './purchase-order-pdf';
import { findBuyer, insertPurchaseOrder, insertPurchaseOrderLines, nextDocumentNumber, setPurchaseOrderFiles } from './purchase-orders.repo';

const PURCHASE_ORDER_COUNTER = 'purchase_order';

export interface OrderLineInput {
  productId: string;
  productName: string;
  /** Containers (packs) ordered. */
  quantity: number;
  /** Dollars per container. */
  price: number;
  /** Catalog items in one pack, when the vendor says (a price list's pack size). */
  itemsPerPack?: number | null;
  highPriority?: boolean;
  runningListProductId?: string | null;
  vendorSku?: string | null;
}

export interface IssueOrderInput {
  companyId: string;
  supplierId: string;
  /** The running list the order freezes; null for a marketplace cart. */
  runningListId: string | null;
  lines: OrderLineInput[];
  /** E-mail the PDF to the supplier's contact; false when the vendor takes the order through its API. */
  emailSupplier: boolean;
}

export interface IssuedOrder {
  id: string;
  number: string;
  total: number;
}

/**
 * Issues a purchase order inside the caller's transaction: the location's next number, the lines
 * frozen as given, the PDF rendered and stored, the supplier's copy queued in the outbox (when
 * asked) and the audit row. Running lists and marketplace carts both order through here.
 */
export function createOrderIssuer(deps: ServiceDeps) {
  const { files } = deps;
  return async function issueOrder(tx: Tx, actor: Actor, input: IssueOrderInput): Promise<IssuedOrder> {
    const { companyId } = input;
    const supplier = await findSupplierById(tx, input.supplierId);
    const buyer = await findBuyer(tx, companyId, actor.userId);
    if (!supplier || !buyer) throw notFound();

    const now = deps.now();
    const total = roundToCents(input.lines.reduce((sum, l) => sum + lineTotal(l.quantity, l.price), 0));
    const number = await nextDocumentNumber(tx, companyId, PURCHASE_ORDER_COUNTER);
    const order = await insertPurchaseOrder(tx, { companyId, number, runningListId: input.runningListId, supplierId: input.supplierId, total, createdBy: actor.userId, createdAt: now });
    await insertPurchaseOrderLines(
      tx,
      input.lines.map((l) => ({
        purchaseOrderId: order.id,
        companyId,
        productId: l.productId,
        productName: l.productName,
        quantity: l.quantity,
        price: l.price,
        highPriority: l.highPriority ?? false,
        runningListProductId: l.runningListProductId ?? null,
        vendorSku: l.vendorSku ?? null,
        itemsPerPack: l.itemsPerPack ?? null,
      })),
    );

    const documentNumber = purchaseOrderNumber(number);
    const pdf = await renderPurchaseOrderPdf({
      number: documentNumber,
      date: await locationDay(tx, companyId, now),
      buyer,
      supplier: { name: supplier.name, address: supplier.address, contactEmail: supplier.contactEmail, contactPhone: supplier.contactPhone },
      lines: input.lines.map((l) => ({ productName: l.productName, quantity: l.quantity, price: l.price, total: lineTotal(l.quantity, l.price), highPriority: l.highPriority ?? false })),
      total,
    });
    const pdfUrl = await files.storeGenerated(companyId, 'purchase_order_pdf', `${documentNumber}.pdf`, pdf, 'application/pdf', actor.userId, tx);
    const emailTo = input.emailSupplier ? supplier.contactEmail || supplier.email || null : null;
    if (emailTo) await enqueueEmail(tx, deps.jobs, purchaseOrderEmail({ to: emailTo, number: documentNumber, buyer, supplierName: supplier.name, orderedBy: buyer.orderedBy, total, pdfUrl }));
    await setPurchaseOrderFiles(tx, order.id, { pdfUrl, emailedTo: emailTo });
    await recordAudit(tx, actor, {
      entity: 'purchase_order',
      entityId: order.id,
      action: 'create',
      organizationId: actor.organizationId,
      companyId,
      changes: { runningListId: input.runningListId, number: documentNumber, total },
    });
    return { id: order.id, number: documentNumber, total };
  };
}

export type IssueOrder = ReturnType<typeof createOrderIssuer>;
