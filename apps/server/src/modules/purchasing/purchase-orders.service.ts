import { locationDay } from '../../db/location-day';
import {
  PLACE_MESSAGES,
  lineTotal,
  MARKETPLACE_MESSAGES,
  pageWindow,
  PURCHASING_MESSAGES,
  purchaseOrderNumber,
  toPage,
  unitPriceOf,
  type GeneratePurchaseOrderRequest,
  type PurchaseOrder,
  type PurchaseOrderDetail,
  type PurchaseOrderPage,
  type PurchaseOrderQuery,
  type PurchaseOrderStatus,
  type ReceivePurchaseOrderRequest,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { currentCompanyId, requirePermission } from '../../core/access';
import { badRequest, conflict, idempotencyKeyReused, invalidFields, notFound } from '../../core/errors';
import { requestFingerprint } from '../idempotency/request-fingerprint';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit } from '../audit/audit.writes';
import { alertRulesNow, refreshAlerts } from '../alerts/alerts.writes';
import { findPlace } from '../places/places.reads';
import { createOrderIssuer } from './issue-order';
import {
  addReceivedQuantity,
  findOrderLines,
  findPurchaseOrder,
  findReceipt,
  insertReceipt,
  listPurchaseOrderLines,
  listPurchaseOrders,
  listReceivedStocks,
  lockPurchaseOrder,
  setPurchaseOrderStatus,
  vendorOrderStatus,
  type PurchaseOrderSummaryRow,
} from './purchase-orders.repo';
import { listRunningListProducts, lockRunningList, markRunningListOrdered } from './running-lists.repo';

export function createPurchaseOrdersService(deps: ServiceDeps) {
  const { db, files } = deps;
  const { ledger } = deps;
  const issueOrder = createOrderIssuer(deps);

  function toSummary(row: PurchaseOrderSummaryRow): PurchaseOrder {
    return {
      id: row.order.id,
      number: purchaseOrderNumber(row.order.number),
      running_list_id: row.order.runningListId,
      supplier: { id: row.order.supplierId, name: row.supplierName },
      created_at: row.order.createdAt.toISOString(),
      created_by: row.createdByName,
      lines_count: row.linesCount,
      total: row.order.total,
      status: row.order.status,
      pdf_url: files.signedUrl(row.order.pdfUrl),
      emailed_to: row.order.emailedTo,
    };
  }

  async function detail(companyId: string, id: string): Promise<PurchaseOrderDetail> {
    const row = await findPurchaseOrder(db, companyId, id);
    if (!row) throw notFound();
    const [lines, received] = await Promise.all([listPurchaseOrderLines(db, id), listReceivedStocks(db, id)]);
    return {
      ...toSummary(row),
      supplier: { id: row.supplier.id, name: row.supplier.name, contact_email: row.supplier.contactEmail, contact_phone: row.supplier.contactPhone, address: row.supplier.address },
      lines: lines.map(({ line, product, unitsPerContainer }) => ({
        id: line.id,
        product: { id: product.id, name: line.productName, barcode: product.barcode, manufacturer_code: product.manufacturerCode, product_image_url: files.signedUrl(product.productImageUrl), type: product.type, container: product.container, basic_unit: product.basicUnit },
        quantity: line.quantity,
        price: line.price,
        total: lineTotal(line.quantity, line.price),
        received_quantity: line.receivedQuantity,
        // A consumable is counted in units: one unit per "container".
        units_per_container: product.type === 'consumable' ? 1 : unitsPerContainer,
      })),
      receipts: received.map(({ stock, lineId, productName }) => ({
        stock_id: stock.id,
        line_id: lineId,
        product_name: productName,
        container_quantity: stock.containerQuantity,
        lotNumber: stock.lotNumber,
        expiry_date: stock.expiryDate,
        created_at: stock.createdAt.toISOString(),
      })),
    };
  }

  return {
    async list(actor: Actor, query: PurchaseOrderQuery): Promise<PurchaseOrderPage> {
      const companyId = currentCompanyId(actor);
      const { records, total } = await listPurchaseOrders(db, companyId, { status: query.status, supplierId: query.supplier_id }, pageWindow(query));
      return toPage(records.map(toSummary), total, query);
    },

    async get(actor: Actor, id: string): Promise<PurchaseOrderDetail> {
      return detail(currentCompanyId(actor), id);
    },

    /**
     * Generates the order of a running list, once: its lines and total are frozen, the PDF is
     * rendered and stored as purchase_order_pdf, it is e-mailed to the supplier's contact through
     * the outbox, and the list is marked ordered. All in one transaction with the list locked.
     */
    async generate(actor: Actor, body: GeneratePurchaseOrderRequest): Promise<PurchaseOrderDetail> {
      const companyId = currentCompanyId(actor);
      const id = await db.transaction(async (tx) => {
        const list = await lockRunningList(tx, companyId, body.runningListId);
        if (!list) throw badRequest('runningListId', 'Running list not found');
        if (list.orderedAt) throw conflict(PURCHASING_MESSAGES.alreadyOrdered);
        const lines = await listRunningListProducts(tx, [list.id]);
        if (lines.length === 0) throw badRequest('runningListId', PURCHASING_MESSAGES.emptyList);
        const order = await issueOrder(tx, actor, {
          companyId,
          supplierId: list.supplierId,
          runningListId: list.id,
          lines: lines.map((l) => ({
            productId: l.line.productId,
            productName: l.product.name,
            quantity: l.line.quantity,
            price: l.line.price,
            highPriority: l.line.highPriority,
            runningListProductId: l.line.id,
          })),
          emailSupplier: true,
        });
        await markRunningListOrdered(tx, list.id, deps.now());
        // Requests on the list are now ordered: their 'requested' alerts end.
        await refreshAlerts(tx, { companyId, productIds: lines.map((l) => l.line.productId) }, alertRulesNow(deps));
        return order.id;
      });
      return detail(companyId, id);
    },

    /**
     * Receives a delivery: each line becomes a stock (lot, expiry, consignment) through the stock
     * module, linked to its order line; received quantities never pass what was ordered (checked
     * here, and by a CHECK), a lot received here before is refused unless confirmed (409
     * DUPLICATE_RECEIPT), and a repeated idempotency key answers without receiving (or warning) again.
     */
    async receive(actor: Actor, id: string, body: ReceivePurchaseOrderRequest): Promise<PurchaseOrderDetail> {
      requirePermission(actor, 'stock', 'create');
      const companyId = currentCompanyId(actor);
      const lineIds = body.lines.map((l) => l.line_id);
      if (new Set(lineIds).size !== lineIds.length) throw badRequest('lines', 'Each line can be received once per delivery');
      const today = await locationDay(db, companyId, deps.now());
      const pastExpiry = body.lines.findIndex((l) => l.expiry_date && l.expiry_date < today);
      if (pastExpiry >= 0) throw invalidFields([{ field: `lines.${String(pastExpiry)}.expiry_date`, message: 'The expiry date cannot be in the past' }]);
      // Issue 34: each lot goes to its line's place, else the delivery's, else the default place.
      const placeIssues: { field: string; message: string }[] = [];
      const placeTakesUnits = async (placeId: string | undefined, field: string) => {
        if (placeId === undefined) return;
        const place = await findPlace(db, companyId, placeId);
        if (!place) placeIssues.push({ field, message: PLACE_MESSAGES.notFound });
        else if (place.retiredAt) placeIssues.push({ field, message: PLACE_MESSAGES.retired });
      };
      await placeTakesUnits(body.place_id, 'place_id');
      for (const [index, line] of body.lines.entries()) await placeTakesUnits(line.place_id, `lines.${String(index)}.place_id`);
      if (placeIssues.length > 0) throw invalidFields(placeIssues);

      // The confirmation is not part of the delivery: a retry of a confirmed receipt, with or
      // without it, replays the answer.
      const { confirm_duplicate: confirmed, ...delivery } = body;
      const fingerprint = requestFingerprint(`POST /purchase/purchase-order/${id}/receive`, delivery);
      await db.transaction(async (tx) => {
        // The order's lock puts deliveries in a row; a key seen before with this very delivery
        // means it was counted, with another delivery (or order) that the key was reused.
        const order = await lockPurchaseOrder(tx, companyId, id);
        if (!order) throw notFound();
        // A marketplace order the vendor refused will never arrive; stock received against it would be invented.
        if ((await vendorOrderStatus(tx, id)) === 'failed') throw conflict(MARKETPLACE_MESSAGES.failedNotReceivable);
        const earlier = await findReceipt(tx, companyId, body.idempotency_key);
        // Receipts stored before fingerprints were kept can still tell another order apart.
        if (earlier && (earlier.purchaseOrderId !== id || (earlier.fingerprint !== null && earlier.fingerprint !== fingerprint))) throw idempotencyKeyReused();
        if (earlier) return;

        const lines = await findOrderLines(tx, id, lineIds);
        const issues: { field: string; message: string }[] = [];
        body.lines.forEach((input, index) => {
          const line = lines.find((l) => l.id === input.line_id);
          if (!line) issues.push({ field: `lines.${String(index)}.line_id`, message: 'Not a line of this purchase order' });
          else if (line.receivedQuantity + input.quantity > line.quantity) issues.push({ field: `lines.${String(index)}.quantity`, message: PURCHASING_MESSAGES.overReceived });
        });
        if (issues.length > 0) throw invalidFields(issues);

        const productTypes = new Map((await listPurchaseOrderLines(tx, id)).map((l) => [l.line.id, l.product.type]));
        const stocks = await ledger.receive(tx, actor, {
          companyId,
          stocks: body.lines.map((input) => {
            const line = lines.find((l) => l.id === input.line_id)!;
            // Consumables are counted in units, one per "container" (spec section 5).
            const unitsPerContainer = productTypes.get(line.id) === 'consumable' ? 1 : input.units_per_container;
            const price = line.price;
            return {
              companyId,
              productId: line.productId,
              supplierId: order.supplierId,
              containerQuantity: input.quantity,
              unitsPerContainer,
              pricePerContainer: price,
              unitPrice: unitPriceOf(price, unitsPerContainer),
              expiryDate: input.expiry_date ?? null,
              lotNumber: input.lotNumber ?? '',
              isConsignment: input.isConsignment ?? false,
              note: `Received on ${purchaseOrderNumber(order.number)}`,
              runningListProductId: line.runningListProductId,
              purchaseOrderLineId: line.id,
              createdBy: actor.userId,
              placeId: input.place_id ?? body.place_id,
            };
          }),
          source: { purchase_order_id: id, source: 'purchase_order' },
          refuseDuplicates: confirmed !== true,
        });
        for (const input of body.lines) await addReceivedQuantity(tx, input.line_id, input.quantity);

        const after = await findOrderLines(tx, id);
        const status: PurchaseOrderStatus = after.every((l) => l.receivedQuantity >= l.quantity) ? 'received' : 'partially_received';
        await setPurchaseOrderStatus(tx, id, status);
        await insertReceipt(tx, { companyId, purchaseOrderId: id, idempotencyKey: body.idempotency_key, fingerprint, stockIds: stocks.map((s) => s.id), receivedBy: actor.userId });
        await recordAudit(tx, actor, { entity: 'purchase_order', entityId: id, action: 'receive', organizationId: actor.organizationId, companyId, changes: body });
      }).catch((error: unknown) => {
        // The same key sent for two orders at the same moment: the unique index keeps the first.
        if (isUniqueViolation(error)) throw idempotencyKeyReused();
        throw error;
      });
      return detail(companyId, id);
    },
  };
}

export type PurchaseOrdersService = ReturnType<typeof createPurchaseOrdersService>;
