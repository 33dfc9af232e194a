import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { products, stocks, suppliers } from '../db/schema/index';

/** The shared catalog's products by name: the demo data names products, the database keys them. */
export async function catalogProductIds(db: DbOrTx, names: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(isNull(products.companyId), isNull(products.deletedAt), inArray(products.name, names)));
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** Suppliers a location can pick (shared ones and its own) by name. */
export async function supplierIdsByName(db: DbOrTx, companyId: string, names: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(and(or(isNull(suppliers.companyId), eq(suppliers.companyId, companyId)), isNull(suppliers.deletedAt), inArray(suppliers.name, names)));
  return new Map(rows.map((r) => [r.name, r.id]));
}

export async function companyHasStock(db: DbOrTx, companyId: string): Promise<boolean> {
  const [row] = await db.select({ id: stocks.id }).from(stocks).where(eq(stocks.companyId, companyId)).limit(1);
  return row !== undefined;
}
