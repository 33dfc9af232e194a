import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patients, products, stocks, stockUsages, suppliers, treatmentLogProducts, treatmentLogs } from '../../db/schema/index';

/** The location's lots with this number (case-insensitive), deleted ones too: they were used. */
export async function lotsByNumber(db: DbOrTx, companyId: string, lotNumber: string) {
  return db
    .select({ stock: stocks, productName: products.name, supplierName: suppliers.name })
    .from(stocks)
    .innerJoin(products, eq(products.id, stocks.productId))
    .leftJoin(suppliers, eq(suppliers.id, stocks.supplierId))
    .where(and(eq(stocks.companyId, companyId), sql`lower(${stocks.lotNumber}) = ${lotNumber.toLowerCase()}`))
    .orderBy(desc(stocks.createdAt));
}

/** Every visit that took units from these lots, newest first, with the units each took. */
export async function visitsUsingLots(db: DbOrTx, stockIds: string[]) {
  if (stockIds.length === 0) return [];
  return db
    .select({
      treatmentLogId: treatmentLogs.id,
      patientId: patients.id,
      chartNumber: patients.chartNumber,
      visitAt: treatmentLogs.createdAt,
      productName: products.name,
      lotNumber: stocks.lotNumber,
      quantity: sql<number>`sum(${stockUsages.quantity})`.mapWith(Number),
    })
    .from(stockUsages)
    .innerJoin(treatmentLogProducts, eq(treatmentLogProducts.id, stockUsages.treatmentLogProductId))
    .innerJoin(treatmentLogs, eq(treatmentLogs.id, treatmentLogProducts.treatmentLogId))
    .innerJoin(patients, eq(patients.id, treatmentLogs.patientId))
    .innerJoin(products, eq(products.id, stockUsages.productId))
    .innerJoin(stocks, eq(stocks.id, stockUsages.stockId))
    .where(and(inArray(stockUsages.stockId, stockIds), eq(stockUsages.kind, 'treatment')))
    .groupBy(treatmentLogs.id, patients.id, patients.chartNumber, treatmentLogs.createdAt, products.name, stocks.lotNumber)
    // A visit edited to give the units back no longer received the lot.
    .having(sql`sum(${stockUsages.quantity}) > 0`)
    .orderBy(desc(treatmentLogs.createdAt));
}
