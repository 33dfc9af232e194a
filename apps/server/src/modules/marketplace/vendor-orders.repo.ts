import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { VendorOrderStatus } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import { purchaseOrderLines, purchaseOrders, suppliers, users, vendorOrders } from '../../db/schema/index';

export type VendorOrderRow = typeof vendorOrders.$inferSelect;

export async function insertVendorOrder(tx: DbOrTx, row: typeof vendorOrders.$inferInsert): Promise<void> {
  await tx.insert(vendorOrders).values(row);
}

/** The vendor's answer to a placement; only an order still placing takes it (a later status never goes back). */
export async function recordPlacement(db: DbOrTx, purchaseOrderId: string, values: { status: VendorOrderStatus; vendorReference: string | null; error: string | null; updatedAt: Date }): Promise<void> {
  await db
    .update(vendorOrders)
    .set(values)
    .where(and(eq(vendorOrders.purchaseOrderId, purchaseOrderId), eq(vendorOrders.status, 'placing')));
}

export async function lockVendorOrder(tx: DbOrTx, companyId: string, purchaseOrderId: string): Promise<VendorOrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(vendorOrders)
    .where(and(eq(vendorOrders.companyId, companyId), eq(vendorOrders.purchaseOrderId, purchaseOrderId)))
    .for('update');
  return row;
}

export async function updateVendorOrder(tx: DbOrTx, purchaseOrderId: string, values: Partial<Pick<VendorOrderRow, 'status' | 'carrier' | 'trackingUrl' | 'shippedAt' | 'deliveredAt' | 'updatedAt'>>): Promise<void> {
  await tx.update(vendorOrders).set(values).where(eq(vendorOrders.purchaseOrderId, purchaseOrderId));
}

const summaryColumns = {
  vendorOrder: vendorOrders,
  number: purchaseOrders.number,
  total: purchaseOrders.total,
  receivingStatus: purchaseOrders.status,
  supplierId: purchaseOrders.supplierId,
  supplierName: suppliers.name,
  createdAt: purchaseOrders.createdAt,
  createdByName: sql<string>`coalesce(${users.firstName} || ' ' || ${users.lastName}, '')`,
  linesCount: sql<number>`(select count(*) from ${purchaseOrderLines} pol where pol.purchase_order_id = ${purchaseOrders.id})`.mapWith(Number),
};

export type VendorOrderSummaryRow = {
  vendorOrder: VendorOrderRow;
  number: number;
  total: number;
  receivingStatus: 'ordered' | 'partially_received' | 'received';
  supplierId: string;
  supplierName: string;
  createdAt: Date;
  createdByName: string;
  linesCount: number;
};

function summaries(db: DbOrTx) {
  return db
    .select({ ...summaryColumns, count: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(vendorOrders)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, vendorOrders.purchaseOrderId))
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .leftJoin(users, eq(users.id, purchaseOrders.createdBy));
}

/** A location's marketplace orders placed in [from, to), newest first. */
export async function listVendorOrders(db: DbOrTx, companyId: string, filter: { from: Date; to: Date; status?: VendorOrderStatus | undefined }, page: { offset: number; limit: number }) {
  const where: SQL[] = [eq(vendorOrders.companyId, companyId), gte(vendorOrders.placedAt, filter.from), lt(vendorOrders.placedAt, filter.to)];
  if (filter.status) where.push(eq(vendorOrders.status, filter.status));
  const rows = await summaries(db)
    .where(and(...where))
    .orderBy(desc(vendorOrders.placedAt), desc(vendorOrders.purchaseOrderId))
    .limit(page.limit)
    .offset(page.offset);
  return { records: rows as (VendorOrderSummaryRow & { count: number })[], total: rows[0]?.count ?? 0 };
}

/** One order of the location, found by our id, its number, the vendor's reference or its tracking link. */
export async function findVendorOrder(db: DbOrTx, companyId: string, by: { id: string } | { numberOrReference: string } | { trackingUrl: string }): Promise<VendorOrderSummaryRow | undefined> {
  let match: SQL;
  if ('id' in by) match = eq(vendorOrders.purchaseOrderId, by.id);
  else if ('trackingUrl' in by) match = eq(vendorOrders.trackingUrl, by.trackingUrl);
  else {
    const number = /^(?:PO-)?0*(\d{1,9})$/i.exec(by.numberOrReference)?.[1];
    match = number ? or(eq(vendorOrders.vendorReference, by.numberOrReference), eq(purchaseOrders.number, Number(number)))! : eq(vendorOrders.vendorReference, by.numberOrReference);
  }
  const [row] = await summaries(db)
    .where(and(eq(vendorOrders.companyId, companyId), match))
    .orderBy(desc(vendorOrders.placedAt))
    .limit(1);
  return row as VendorOrderSummaryRow | undefined;
}

/** The orders one placement made, in the order they were issued. */
export async function ordersOfCheckout(db: DbOrTx, companyId: string, checkoutKey: string): Promise<VendorOrderSummaryRow[]> {
  const rows = await summaries(db)
    .where(and(eq(vendorOrders.companyId, companyId), eq(vendorOrders.checkoutKey, checkoutKey)))
    .orderBy(asc(purchaseOrders.number));
  return rows as VendorOrderSummaryRow[];
}

/** The lines of several orders at once (one query for a page of details). */
export async function linesOfOrders(db: DbOrTx, purchaseOrderIds: string[]) {
  if (purchaseOrderIds.length === 0) return [];
  return db
    .select()
    .from(purchaseOrderLines)
    .where(inArray(purchaseOrderLines.purchaseOrderId, purchaseOrderIds))
    .orderBy(asc(purchaseOrderLines.productName), asc(purchaseOrderLines.id));
}

/** Distributor orders still on their way, least recently checked first: the status job's round. */
export async function openDistributorOrders(db: DbOrTx, limit: number) {
  return db
    .select({ vendorOrder: vendorOrders, supplierId: purchaseOrders.supplierId, supplierName: suppliers.name, number: purchaseOrders.number })
    .from(vendorOrders)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, vendorOrders.purchaseOrderId))
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .where(and(eq(vendorOrders.vendorKind, 'distributor'), inArray(vendorOrders.status, ['placing', 'placed', 'confirmed', 'shipped'])))
    .orderBy(asc(vendorOrders.updatedAt))
    .limit(limit);
}
