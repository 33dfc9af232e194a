import { and, asc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { priceListItems, priceLists, products, suppliers } from '../../db/schema/index';

export type PriceListItemRow = typeof priceListItems.$inferSelect;
export type NewPriceListItem = Omit<typeof priceListItems.$inferInsert, 'id'>;

/** Rows per insert: 11 parameters each stays far below PostgreSQL's 65,535. */
const INSERT_CHUNK = 2_000;

/** Replaces a supplier's whole price list with the rows of a new file. */
export async function replacePriceList(tx: DbOrTx, list: { companyId: string; supplierId: string; fileName: string; uploadedBy: string; uploadedAt: Date }, items: NewPriceListItem[]): Promise<void> {
  await tx.delete(priceListItems).where(and(eq(priceListItems.companyId, list.companyId), eq(priceListItems.supplierId, list.supplierId)));
  for (let start = 0; start < items.length; start += INSERT_CHUNK) await tx.insert(priceListItems).values(items.slice(start, start + INSERT_CHUNK));
  await tx
    .insert(priceLists)
    .values(list)
    .onConflictDoUpdate({ target: [priceLists.companyId, priceLists.supplierId], set: { fileName: list.fileName, uploadedBy: list.uploadedBy, uploadedAt: list.uploadedAt } });
}

export async function deletePriceList(tx: DbOrTx, companyId: string, supplierId: string): Promise<void> {
  await tx.delete(priceListItems).where(and(eq(priceListItems.companyId, companyId), eq(priceListItems.supplierId, supplierId)));
  await tx.delete(priceLists).where(and(eq(priceLists.companyId, companyId), eq(priceLists.supplierId, supplierId)));
}

export async function findPriceList(db: DbOrTx, companyId: string, supplierId: string) {
  const [list] = await db
    .select()
    .from(priceLists)
    .where(and(eq(priceLists.companyId, companyId), eq(priceLists.supplierId, supplierId)));
  const [counts] = await db
    .select({ items: sql<number>`count(*)`.mapWith(Number), matched: sql<number>`count(${priceListItems.productId})`.mapWith(Number) })
    .from(priceListItems)
    .where(and(eq(priceListItems.companyId, companyId), eq(priceListItems.supplierId, supplierId)));
  return { list: list ?? null, items: counts?.items ?? 0, matched: counts?.matched ?? 0 };
}

/** A page of a supplier's items by description, with the products they were matched to. */
export async function listPriceListItems(db: DbOrTx, companyId: string, supplierId: string, filter: { search?: string | undefined; matched?: boolean | undefined }, page: { offset: number; limit: number }) {
  const where: SQL[] = [eq(priceListItems.companyId, companyId), eq(priceListItems.supplierId, supplierId)];
  if (filter.matched === true) where.push(isNotNull(priceListItems.productId));
  if (filter.matched === false) where.push(isNull(priceListItems.productId));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    where.push(or(ilike(priceListItems.description, pattern), ilike(priceListItems.vendorSku, pattern), ilike(priceListItems.barcode, pattern), ilike(priceListItems.manufacturerCode, pattern))!);
  }
  const rows = await db
    .select({ item: priceListItems, productName: products.name, productType: products.type, count: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(priceListItems)
    .leftJoin(products, eq(products.id, priceListItems.productId))
    .where(and(...where))
    .orderBy(asc(priceListItems.description), asc(priceListItems.id))
    .limit(page.limit)
    .offset(page.offset);
  return { records: rows, total: rows[0]?.count ?? 0 };
}

/** Every item of the location's price lists offering one of these products, with its supplier. */
export async function itemsForProducts(db: DbOrTx, companyId: string, productIds: string[]) {
  if (productIds.length === 0) return [];
  return db
    .select({ item: priceListItems, supplierName: suppliers.name })
    .from(priceListItems)
    .innerJoin(suppliers, eq(suppliers.id, priceListItems.supplierId))
    .where(and(eq(priceListItems.companyId, companyId), inArray(priceListItems.productId, productIds), isNull(suppliers.deletedAt)));
}

/** A supplier's items by item number, for pricing a cart. */
export async function itemsBySku(db: DbOrTx, companyId: string, supplierId: string, skus: string[]) {
  if (skus.length === 0) return [];
  return db
    .select()
    .from(priceListItems)
    .where(and(eq(priceListItems.companyId, companyId), eq(priceListItems.supplierId, supplierId), inArray(priceListItems.vendorSku, skus)));
}

/**
 * A page of the products the location's price lists offer, by name, optionally searched: the
 * marketplace's results. The search uses the catalog's trigram index on name, brand and codes.
 */
export async function searchOfferedProducts(
  db: DbOrTx,
  companyId: string,
  visible: SQL,
  search: string | undefined,
  /** Codes distributors found for the search: their products are offered too. */
  elsewhere: { barcodes: string[]; manufacturerCodes: string[] },
  page: { offset: number; limit: number },
) {
  const inPriceList = sql`exists (select 1 from ${priceListItems} i join ${suppliers} s on s.id = i.supplier_id where i.company_id = ${companyId} and i.product_id = ${products.id} and s.deleted_at is null)`;
  // A distributor already searched its catalog with the term: its codes need no second match.
  const offered: SQL[] = [search ? and(inPriceList, ilike(products.searchText, containsPattern(search)))! : inPriceList];
  if (elsewhere.barcodes.length > 0) offered.push(inArray(products.barcode, elsewhere.barcodes));
  if (elsewhere.manufacturerCodes.length > 0) offered.push(inArray(products.manufacturerCode, elsewhere.manufacturerCodes));
  const where: SQL[] = [visible, or(...offered)!];
  const rows = await db
    .select({ id: products.id, name: products.name, barcode: products.barcode, manufacturerCode: products.manufacturerCode, type: products.type, count: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(and(...where))
    .orderBy(sql`lower(${products.name})`, asc(products.id))
    .limit(page.limit)
    .offset(page.offset);
  return { records: rows, total: rows[0]?.count ?? 0 };
}

/** Sets the product one of the location's items stands for; answers the item, or undefined when it is not the location's. */
export async function setItemProduct(db: DbOrTx, companyId: string, supplierId: string, itemId: string, productId: string | null) {
  const [row] = await db
    .update(priceListItems)
    .set({ productId })
    .where(and(eq(priceListItems.id, itemId), eq(priceListItems.companyId, companyId), eq(priceListItems.supplierId, supplierId)))
    .returning();
  return row;
}

export async function findPriceListItem(db: DbOrTx, companyId: string, itemId: string) {
  const [row] = await db
    .select({ item: priceListItems, productName: products.name, productType: products.type })
    .from(priceListItems)
    .leftJoin(products, eq(products.id, priceListItems.productId))
    .where(and(eq(priceListItems.id, itemId), eq(priceListItems.companyId, companyId)));
  return row;
}
