import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, purchaseOrders, runningListProducts, runningLists, stocks, suppliers } from '../../db/schema/index';

export type RunningListRow = typeof runningLists.$inferSelect;
export type RunningListProductRow = typeof runningListProducts.$inferSelect;
export type NewRunningListProduct = Omit<typeof runningListProducts.$inferInsert, 'id' | 'createdAt'>;

const live = isNull(runningLists.deletedAt);

/** A list with its supplier, its order and the figures of its lines, as the lists page shows it. */
const summaryColumns = {
  list: runningLists,
  supplierName: suppliers.name,
  purchaseOrderId: purchaseOrders.id,
  productsCount: sql<number>`(select count(*) from ${runningListProducts} rlp where rlp.running_list_id = ${runningLists.id})`.mapWith(Number),
  highPriorityCount: sql<number>`(select count(*) from ${runningListProducts} rlp where rlp.running_list_id = ${runningLists.id} and rlp.high_priority)`.mapWith(Number),
  total: sql<number>`(select coalesce(sum(round(rlp.quantity * rlp.price, 2)), 0) from ${runningListProducts} rlp where rlp.running_list_id = ${runningLists.id})`.mapWith(Number),
};
export type RunningListSummaryRow = { list: RunningListRow; supplierName: string; purchaseOrderId: string | null; productsCount: number; highPriorityCount: number; total: number };

export async function listRunningLists(
  db: DbOrTx,
  companyId: string,
  filter: { isNotOrdered?: boolean | undefined; supplierId?: string | undefined },
  page: { offset: number; limit: number },
): Promise<{ records: RunningListSummaryRow[]; total: number }> {
  const where: SQL[] = [eq(runningLists.companyId, companyId), live];
  if (filter.isNotOrdered) where.push(isNull(runningLists.orderedAt));
  if (filter.supplierId) where.push(eq(runningLists.supplierId, filter.supplierId));
  const rows = await db
    .select({ ...summaryColumns, count: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(runningLists)
    .innerJoin(suppliers, eq(suppliers.id, runningLists.supplierId))
    .leftJoin(purchaseOrders, eq(purchaseOrders.runningListId, runningLists.id))
    .where(and(...where))
    .orderBy(desc(runningLists.createdAt), desc(runningLists.id))
    .limit(page.limit)
    .offset(page.offset);
  return { records: rows, total: rows[0]?.count ?? 0 };
}

export async function findRunningListSummaries(db: DbOrTx, companyId: string, ids: string[]): Promise<RunningListSummaryRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(summaryColumns)
    .from(runningLists)
    .innerJoin(suppliers, eq(suppliers.id, runningLists.supplierId))
    .leftJoin(purchaseOrders, eq(purchaseOrders.runningListId, runningLists.id))
    .where(and(eq(runningLists.companyId, companyId), inArray(runningLists.id, ids), live));
}

/** Locks a list so adding, editing and generating its order happen one at a time. */
export async function lockRunningList(tx: DbOrTx, companyId: string, id: string): Promise<RunningListRow | undefined> {
  const [row] = await tx
    .select()
    .from(runningLists)
    .where(and(eq(runningLists.companyId, companyId), eq(runningLists.id, id), live))
    .for('update');
  return row;
}

/**
 * The supplier's newest open list at the location, locked, where a product "for this supplier" goes.
 * A transaction lock on (location, supplier) comes first: with no list yet there is no row to lock,
 * and two people adding at once must not start two lists.
 */
export async function lockOpenListForSupplier(tx: DbOrTx, companyId: string, supplierId: string): Promise<RunningListRow | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`running-list:${companyId}:${supplierId}`}, 0))`);
  const [row] = await tx
    .select()
    .from(runningLists)
    .where(and(eq(runningLists.companyId, companyId), eq(runningLists.supplierId, supplierId), live, isNull(runningLists.orderedAt)))
    .orderBy(desc(runningLists.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function insertRunningList(tx: DbOrTx, values: { companyId: string; supplierId: string; createdBy: string }): Promise<RunningListRow> {
  const [row] = await tx.insert(runningLists).values(values).returning();
  return row!;
}

export async function markRunningListOrdered(tx: DbOrTx, id: string, at: Date): Promise<void> {
  await tx.update(runningLists).set({ orderedAt: at }).where(eq(runningLists.id, id));
}

export async function softDeleteRunningList(tx: DbOrTx, id: string, at: Date): Promise<void> {
  await tx.update(runningLists).set({ deletedAt: at }).where(eq(runningLists.id, id));
}

/**
 * A list's lines with what the page shows of each product, in the order they were added, and the
 * units per container of the product's newest stock at the list's location (1 when never received).
 */
export async function listRunningListProducts(db: DbOrTx, runningListIds: string[]) {
  if (runningListIds.length === 0) return [];
  return db
    .select({
      line: runningListProducts,
      product: products,
      supplierId: runningLists.supplierId,
      unitsPerContainer: sql<number>`coalesce((
        select s.units_per_container from ${stocks} s
        where s.company_id = ${runningListProducts.companyId} and s.product_id = ${runningListProducts.productId} and s.moved_from_stock_id is null and s.found_in_count_id is null and s.transferred_from_stock_id is null
        order by s.created_at desc limit 1), 1)`.mapWith(Number),
    })
    .from(runningListProducts)
    .innerJoin(runningLists, eq(runningLists.id, runningListProducts.runningListId))
    .innerJoin(products, eq(products.id, runningListProducts.productId))
    .where(inArray(runningListProducts.runningListId, runningListIds))
    .orderBy(desc(runningListProducts.highPriority), asc(runningListProducts.createdAt), asc(runningListProducts.id));
}

export async function productsAlreadyListed(db: DbOrTx, runningListId: string, productIds: string[]): Promise<string[]> {
  const rows = await db
    .select({ productId: runningListProducts.productId })
    .from(runningListProducts)
    .where(and(eq(runningListProducts.runningListId, runningListId), inArray(runningListProducts.productId, productIds)));
  return rows.map((r) => r.productId);
}

/** The products on a list (whose alerts follow it). */
export async function productsOnList(db: DbOrTx, runningListId: string): Promise<string[]> {
  const rows = await db.select({ productId: runningListProducts.productId }).from(runningListProducts).where(eq(runningListProducts.runningListId, runningListId));
  return rows.map((r) => r.productId);
}

export async function insertRunningListProducts(tx: DbOrTx, rows: NewRunningListProduct[]): Promise<RunningListProductRow[]> {
  return tx.insert(runningListProducts).values(rows).returning();
}

/** A line of one of the location's lists, with the list it is on. */
export async function findRunningListProduct(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select({ line: runningListProducts, list: runningLists })
    .from(runningListProducts)
    .innerJoin(runningLists, eq(runningLists.id, runningListProducts.runningListId))
    .where(and(eq(runningListProducts.companyId, companyId), eq(runningListProducts.id, id), live));
  return row;
}

export async function updateRunningListProduct(tx: DbOrTx, id: string, values: Partial<Pick<RunningListProductRow, 'quantity' | 'price' | 'highPriority'>>): Promise<void> {
  await tx.update(runningListProducts).set(values).where(eq(runningListProducts.id, id));
}

export async function deleteRunningListProduct(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(runningListProducts).where(eq(runningListProducts.id, id));
}

/**
 * Spec section 9: the default price is the last price paid for the product to this supplier at
 * this location (the newest stock's price per container); products never bought here are absent.
 */
export async function lastPricesPaid(db: DbOrTx, companyId: string, supplierId: string, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([stocks.productId], { productId: stocks.productId, price: stocks.pricePerContainer })
    .from(stocks)
    .where(and(eq(stocks.companyId, companyId), eq(stocks.supplierId, supplierId), inArray(stocks.productId, productIds)))
    .orderBy(stocks.productId, desc(stocks.createdAt), desc(stocks.id));
  return new Map(rows.map((r) => [r.productId, r.price]));
}

