import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, stocks, suppliers } from '../../db/schema/index';

/**
 * Spec section 2: the admin's overview of a product at every location that holds it, also the
 * reason the admin may not delete it. The product page asks it, so it lives with products (which
 * already reads the stock table for "in stock only"): stock depends on products, never back.
 */
export async function companyStocksOverview(db: DbOrTx, productId: string) {
  return db
    .select({
      companyId: companies.id,
      companyName: companies.name,
      unitsInStock: sql<number>`sum(floor(${stocks.unitsLeft}))`.mapWith(Number),
      supplierName: sql<string>`coalesce(string_agg(distinct ${suppliers.name}, ', '), '')`,
      // Weighted by the units received, so a big cheap lot counts more than a single dear one.
      averageUnitPrice: sql<number>`round(sum(${stocks.unitPrice} * ${stocks.totalUnits}) / nullif(sum(${stocks.totalUnits}), 0), 5)`.mapWith(Number),
    })
    .from(stocks)
    .innerJoin(companies, eq(companies.id, stocks.companyId))
    .leftJoin(suppliers, eq(suppliers.id, stocks.supplierId))
    .where(and(eq(stocks.productId, productId), isNull(stocks.deletedAt), gt(stocks.unitsLeft, 0)))
    .groupBy(companies.id, companies.name)
    .orderBy(asc(companies.name));
}
