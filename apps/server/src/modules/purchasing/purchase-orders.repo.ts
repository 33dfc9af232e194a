import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PurchaseOrderStatus } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import { companies, documentCounters, organizations, products, purchaseOrderLines, purchaseOrderReceipts, purchaseOrders, stocks, suppliers, users, vendorOrders } from '../../db/schema/index';

export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type PurchaseOrderLineRow = typeof purchaseOrderLines.$inferSelect;

/** The location's next number of a kind of document: one atomic upsert, safe under concurrency. */
export async function nextDocumentNumber(tx: DbOrTx, companyId: string, kind: string): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ companyId, kind, value: 1 })
    .onConflictDoUpdate({ target: [documentCounters.companyId, documentCounters.kind], set: { value: sql`${documentCounters.value} + 1` } })
    .returning({ value: documentCounters.value });
  return row!.value;
}

export async function insertPurchaseOrder(
  tx: DbOrTx,
  values: { companyId: string; number: number; runningListId: string | null; supplierId: string; total: number; createdBy: string; createdAt: Date },
): Promise<PurchaseOrderRow> {
  const [row] = await tx.insert(purchaseOrders).values(values).returning();
  return row!;
}

/** Writes an order's lines as the caller froze them. */
export async function insertPurchaseOrderLines(tx: DbOrTx, lines: (typeof purchaseOrderLines.$inferInsert)[]): Promise<void> {
  if (lines.length > 0) await tx.insert(purchaseOrderLines).values(lines);
}

export async function setPurchaseOrderFiles(tx: DbOrTx, id: string, values: { pdfUrl: string; emailedTo: string | null }): Promise<void> {
  await tx.update(purchaseOrders).set(values).where(eq(purchaseOrders.id, id));
}

export async function setPurchaseOrderStatus(tx: DbOrTx, id: string, status: PurchaseOrderStatus): Promise<void> {
  await tx.update(purchaseOrders).set({ status }).where(eq(purchaseOrders.id, id));
}

const orderColumns = {
  order: purchaseOrders,
  supplierName: suppliers.name,
  createdByName: sql<string>`coalesce(${users.firstName} || ' ' || ${users.lastName}, '')`,
  linesCount: sql<number>`(select count(*) from ${purchaseOrderLines} pol where pol.purchase_order_id = ${purchaseOrders.id})`.mapWith(Number),
};
export type PurchaseOrderSummaryRow = { order: PurchaseOrderRow; supplierName: string; createdByName: string; linesCount: number };

export async function listPurchaseOrders(
  db: DbOrTx,
  companyId: string,
  filter: { status?: PurchaseOrderStatus | undefined; supplierId?: string | undefined },
  page: { offset: number; limit: number },
): Promise<{ records: PurchaseOrderSummaryRow[]; total: number }> {
  const where: SQL[] = [eq(purchaseOrders.companyId, companyId)];
  if (filter.status) where.push(eq(purchaseOrders.status, filter.status));
  if (filter.supplierId) where.push(eq(purchaseOrders.supplierId, filter.supplierId));
  const rows = await db
    .select({ ...orderColumns, count: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .leftJoin(users, eq(users.id, purchaseOrders.createdBy))
    .where(and(...where))
    // Numbers run in order of generation: the unique (company, number) index serves the page.
    .orderBy(desc(purchaseOrders.number))
    .limit(page.limit)
    .offset(page.offset);
  return { records: rows, total: rows[0]?.count ?? 0 };
}

/** One order of the location with its supplier's contact details. */
export async function findPurchaseOrder(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select({ ...orderColumns, supplier: suppliers })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .leftJoin(users, eq(users.id, purchaseOrders.createdBy))
    .where(and(eq(purchaseOrders.companyId, companyId), eq(purchaseOrders.id, id)));
  return row;
}

/** Who the order is from: the location, its organization and the person ordering, for the PDF's letterhead. */
export async function findBuyer(db: DbOrTx, companyId: string, userId: string) {
  const [row] = await db
    .select({
      locationName: companies.name,
      city: companies.city,
      state: companies.state,
      organizationName: organizations.name,
      orderedBy: sql<string>`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${userId})`,
    })
    .from(companies)
    .innerJoin(organizations, eq(organizations.id, companies.organizationId))
    .where(eq(companies.id, companyId));
  return row;
}

/**
 * An order's lines with their products, and the units per container the receive dialog proposes:
 * the newest stock of the product at the location, else 1.
 */
export async function listPurchaseOrderLines(db: DbOrTx, purchaseOrderId: string) {
  return db
    .select({
      line: purchaseOrderLines,
      product: products,
      unitsPerContainer: sql<number>`coalesce((
        select s.units_per_container from ${stocks} s
        where s.company_id = ${purchaseOrderLines.companyId} and s.product_id = ${purchaseOrderLines.productId} and s.moved_from_stock_id is null and s.found_in_count_id is null and s.transferred_from_stock_id is null
        order by s.created_at desc limit 1), 1)`.mapWith(Number),
    })
    .from(purchaseOrderLines)
    .innerJoin(products, eq(products.id, purchaseOrderLines.productId))
    .where(eq(purchaseOrderLines.purchaseOrderId, purchaseOrderId))
    .orderBy(desc(purchaseOrderLines.highPriority), asc(purchaseOrderLines.productName), asc(purchaseOrderLines.id));
}

/** The stocks received against an order, newest first (deleted ones too: they were received). */
export async function listReceivedStocks(db: DbOrTx, purchaseOrderId: string) {
  return db
    .select({ stock: stocks, lineId: purchaseOrderLines.id, productName: purchaseOrderLines.productName })
    .from(stocks)
    .innerJoin(purchaseOrderLines, eq(purchaseOrderLines.id, stocks.purchaseOrderLineId))
    .where(eq(purchaseOrderLines.purchaseOrderId, purchaseOrderId))
    .orderBy(desc(stocks.createdAt), asc(purchaseOrderLines.productName));
}

/** Locks an order so two deliveries are counted one after the other. */
export async function lockPurchaseOrder(tx: DbOrTx, companyId: string, id: string): Promise<PurchaseOrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.companyId, companyId), eq(purchaseOrders.id, id)))
    .for('update');
  return row;
}

/** The marketplace status of an order placed with a vendor; undefined for an ordinary purchase order. */
export async function vendorOrderStatus(tx: DbOrTx, purchaseOrderId: string): Promise<string | undefined> {
  const [row] = await tx.select({ status: vendorOrders.status }).from(vendorOrders).where(eq(vendorOrders.purchaseOrderId, purchaseOrderId));
  return row?.status;
}

export async function findOrderLines(tx: DbOrTx, purchaseOrderId: string, ids?: string[]): Promise<PurchaseOrderLineRow[]> {
  const where = [eq(purchaseOrderLines.purchaseOrderId, purchaseOrderId)];
  if (ids) where.push(inArray(purchaseOrderLines.id, ids));
  return tx.select().from(purchaseOrderLines).where(and(...where));
}

/** Adds received containers; the CHECK refuses more than ordered even if a caller forgot to. */
export async function addReceivedQuantity(tx: DbOrTx, lineId: string, quantity: number): Promise<void> {
  await tx
    .update(purchaseOrderLines)
    .set({ receivedQuantity: sql`${purchaseOrderLines.receivedQuantity} + ${quantity}` })
    .where(eq(purchaseOrderLines.id, lineId));
}

export async function findReceipt(tx: DbOrTx, companyId: string, key: string) {
  const [row] = await tx
    .select()
    .from(purchaseOrderReceipts)
    .where(and(eq(purchaseOrderReceipts.companyId, companyId), eq(purchaseOrderReceipts.idempotencyKey, key)));
  return row;
}

export async function insertReceipt(tx: DbOrTx, values: { companyId: string; purchaseOrderId: string; idempotencyKey: string; fingerprint: string; stockIds: string[]; receivedBy: string }): Promise<void> {
  await tx.insert(purchaseOrderReceipts).values(values);
}
