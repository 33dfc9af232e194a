import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ProductRequestState } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import { companies, productRequests, purchaseOrderLines, runningListProducts, runningLists, suppliers, users } from '../../db/schema/index';
import { products } from '../../db/schema/index';

export type NewProductRequest = Omit<typeof productRequests.$inferInsert, 'id' | 'createdAt'>;
export type ProductRequestRow = typeof productRequests.$inferSelect;

/**
 * The product's own supplier (the catalog's), when this location may order from it: where a
 * request goes when no vendor offers it in stock and it was never delivered here. Deleted
 * suppliers are skipped.
 */
export async function catalogSupplierOf(db: DbOrTx, companyId: string, productId: string): Promise<string | null> {
  const [fromCatalog] = await db
    .select({ supplierId: suppliers.id })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
    .where(and(eq(products.id, productId), isNull(suppliers.deletedAt), or(isNull(suppliers.companyId), eq(suppliers.companyId, companyId))));
  return fromCatalog?.supplierId ?? null;
}

/** The product's line on any open list of the location, locked: a second request adds to it rather than ordering twice. */
export async function lockOpenLineOfProduct(tx: DbOrTx, companyId: string, productId: string) {
  const [row] = await tx
    .select({ line: runningListProducts, list: runningLists })
    .from(runningListProducts)
    .innerJoin(runningLists, eq(runningLists.id, runningListProducts.runningListId))
    .where(and(eq(runningListProducts.companyId, companyId), eq(runningListProducts.productId, productId), isNull(runningLists.deletedAt), isNull(runningLists.orderedAt)))
    .orderBy(desc(runningLists.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/** The product's line on this list, locked (a list holds a product once). */
export async function lockLineOnList(tx: DbOrTx, runningListId: string, productId: string) {
  const [line] = await tx
    .select()
    .from(runningListProducts)
    .where(and(eq(runningListProducts.runningListId, runningListId), eq(runningListProducts.productId, productId)))
    .for('update');
  return line;
}

export async function insertProductRequest(tx: DbOrTx, values: NewProductRequest): Promise<ProductRequestRow> {
  const [row] = await tx.insert(productRequests).values(values).returning();
  return row!;
}

/** A request of the location, locked: two admins choosing a supplier for it at once place it once. */
export async function lockProductRequest(tx: DbOrTx, companyId: string, id: string): Promise<ProductRequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(productRequests)
    .where(and(eq(productRequests.companyId, companyId), eq(productRequests.id, id)))
    .for('update');
  return row;
}

/** The request leaves the list of requests without a supplier: on a line now, or declined (none). */
export async function settleAwaitingRequest(tx: DbOrTx, id: string, runningListProductId: string | null): Promise<void> {
  await tx.update(productRequests).set({ awaitingSupplier: false, runningListProductId }).where(eq(productRequests.id, id));
}

/**
 * The state, read from what the request raised: waiting for an admin to choose its supplier; no
 * line (removed, or declined) or a removed list is cancelled; an open list is requested; an ordered
 * one is ordered until its order line has all its containers received.
 */
const stateSql = sql<ProductRequestState>`case
  when ${productRequests.awaitingSupplier} then 'awaiting_supplier'
  when ${runningListProducts.id} is null or (${runningLists.deletedAt} is not null and ${runningLists.orderedAt} is null) then 'cancelled'
  when ${runningLists.orderedAt} is null then 'requested'
  when exists (select 1 from ${purchaseOrderLines} pol where pol.running_list_product_id = ${runningListProducts.id} and pol.received_quantity >= pol.quantity) then 'received'
  else 'ordered' end`;

const requestColumns = {
  request: productRequests,
  requesterName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  productName: products.name,
  runningListId: runningLists.id,
  supplierId: suppliers.id,
  supplierName: suppliers.name,
  state: stateSql,
};
export type ProductRequestWithState = { request: ProductRequestRow; requesterName: string; productName: string; runningListId: string | null; supplierId: string | null; supplierName: string | null; state: ProductRequestState };

function requestsQuery(db: DbOrTx) {
  return db
    .select(requestColumns)
    .from(productRequests)
    .innerJoin(users, eq(users.id, productRequests.requestedBy))
    .innerJoin(products, eq(products.id, productRequests.productId))
    .leftJoin(runningListProducts, eq(runningListProducts.id, productRequests.runningListProductId))
    .leftJoin(runningLists, eq(runningLists.id, runningListProducts.runningListId))
    .leftJoin(suppliers, eq(suppliers.id, runningLists.supplierId));
}

export async function findProductRequest(db: DbOrTx, companyId: string, id: string): Promise<ProductRequestWithState | undefined> {
  const [row] = await requestsQuery(db).where(and(eq(productRequests.companyId, companyId), eq(productRequests.id, id)));
  return row;
}

/** One person's requests for a product at a location, newest first. */
export async function listOwnProductRequests(db: DbOrTx, companyId: string, productId: string, userId: string, limit: number): Promise<ProductRequestWithState[]> {
  return requestsQuery(db)
    .where(and(eq(productRequests.companyId, companyId), eq(productRequests.productId, productId), eq(productRequests.requestedBy, userId)))
    .orderBy(desc(productRequests.createdAt), desc(productRequests.id))
    .limit(limit);
}

const URGENCY_ORDER = sql`case ${productRequests.urgency} when 'urgent' then 0 when 'this_week' then 1 else 2 end`;

/** The location's requests waiting for a supplier, most urgent first, then the longest waiting, with their products' names. */
export async function listRequestsWithoutSupplier(db: DbOrTx, companyId: string, limit: number) {
  const where = and(eq(productRequests.companyId, companyId), eq(productRequests.awaitingSupplier, true));
  const [rows, [count]] = await Promise.all([
    requestsQuery(db).where(where).orderBy(URGENCY_ORDER, productRequests.createdAt, productRequests.id).limit(limit),
    db.select({ total: sql<number>`count(*)::int` }).from(productRequests).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Who asked for each of these lines, newest first. */
export async function requestersOfLines(db: DbOrTx, lineIds: string[]) {
  if (lineIds.length === 0) return [];
  return db
    .select({
      lineId: productRequests.runningListProductId,
      userId: users.id,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      urgency: productRequests.urgency,
      quantity: productRequests.quantity,
      note: productRequests.note,
      createdAt: productRequests.createdAt,
    })
    .from(productRequests)
    .innerJoin(users, eq(users.id, productRequests.requestedBy))
    .where(inArray(productRequests.runningListProductId, lineIds))
    .orderBy(desc(productRequests.createdAt), desc(productRequests.id));
}

/**
 * Who hears of a request: the location's company admins and its organization's admins, active
 * and not deleted, with the location's and the product's names for the e-mail.
 */
export async function requestRecipients(db: DbOrTx, companyId: string) {
  const [location] = await db.select({ name: companies.name, organizationId: companies.organizationId }).from(companies).where(eq(companies.id, companyId));
  if (!location) return { locationName: '', emails: [] as string[] };
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        eq(users.status, 'active'),
        or(and(eq(users.role, 'company_admin'), eq(users.companyId, companyId)), and(eq(users.role, 'organization_admin'), eq(users.organizationId, location.organizationId))),
      ),
    )
    .orderBy(users.email);
  return { locationName: location.name, emails: [...new Set(rows.map((r) => r.email))] };
}
