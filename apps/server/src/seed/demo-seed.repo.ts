import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { emailOutbox, priceLists, products, runningLists, stocks, stockUsages, suppliers, treatmentCategories, treatmentLogs, treatmentProducts, treatments, users } from '../db/schema/index';

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

export async function companyHasRunningLists(db: DbOrTx, companyId: string): Promise<boolean> {
  const [row] = await db.select({ id: runningLists.id }).from(runningLists).where(eq(runningLists.companyId, companyId)).limit(1);
  return row !== undefined;
}

/** Dates a list to when the demo says it was started. */
export async function backdateRunningList(db: DbOrTx, id: string, createdAt: Date): Promise<void> {
  await db.update(runningLists).set({ createdAt }).where(eq(runningLists.id, id));
}

/** The demo stock lots (by lot number) a past order arrived as. */
export async function stockIdsByLot(db: DbOrTx, companyId: string, lots: string[]): Promise<Map<string, string>> {
  if (lots.length === 0) return new Map();
  const rows = await db
    .select({ id: stocks.id, lot: stocks.lotNumber })
    .from(stocks)
    // The lot as received, not a part of it moved to another place (issue 34).
    .where(and(eq(stocks.companyId, companyId), inArray(stocks.lotNumber, lots), isNull(stocks.movedFromStockId)));
  return new Map(rows.map((r) => [r.lot, r.id]));
}

/** The expiry of the location's lots of a product, by lot number (the demo implants' UDIs print it). */
export async function lotExpiries(db: DbOrTx, companyId: string, productId: string, lots: string[]): Promise<Map<string, string | null>> {
  if (lots.length === 0) return new Map();
  const rows = await db
    .select({ lot: stocks.lotNumber, expiryDate: stocks.expiryDate })
    .from(stocks)
    .where(and(eq(stocks.companyId, companyId), eq(stocks.productId, productId), inArray(stocks.lotNumber, lots)));
  return new Map(rows.map((r) => [r.lot, r.expiryDate]));
}

export async function linkStockToOrderLine(db: DbOrTx, stockId: string, line: { id: string; runningListProductId: string | null }): Promise<void> {
  await db.update(stocks).set({ purchaseOrderLineId: line.id, runningListProductId: line.runningListProductId }).where(eq(stocks.id, stockId));
}

export async function companyHasTreatmentCategories(db: DbOrTx, companyId: string): Promise<boolean> {
  const [row] = await db.select({ id: treatmentCategories.id }).from(treatmentCategories).where(eq(treatmentCategories.companyId, companyId)).limit(1);
  return row !== undefined;
}

export async function companyHasVisits(db: DbOrTx, companyId: string): Promise<boolean> {
  const [row] = await db.select({ id: treatmentLogs.id }).from(treatmentLogs).where(eq(treatmentLogs.companyId, companyId)).limit(1);
  return row !== undefined;
}

/** The location's designs by code, with their trays, for the demo visits. */
export async function treatmentsByCode(db: DbOrTx, companyId: string, codes: string[]) {
  const rows = await db
    .select({ id: treatments.id, code: treatments.treatmentCode, productId: treatmentProducts.productId, quantity: treatmentProducts.quantity })
    .from(treatments)
    .innerJoin(treatmentProducts, eq(treatmentProducts.treatmentId, treatments.id))
    .where(and(eq(treatments.companyId, companyId), inArray(treatments.treatmentCode, codes), isNull(treatments.deletedAt)));
  const byCode = new Map<string, { id: string; tray: { productId: string; quantity: number }[] }>();
  for (const row of rows) {
    const design = byCode.get(row.code) ?? { id: row.id, tray: [] };
    design.tray.push({ productId: row.productId, quantity: row.quantity });
    byCode.set(row.code, design);
  }
  return byCode;
}

/** Marks the accounts as having seen the guided tour ('I got it, don't show again'). */
export async function hideGuidedTour(db: DbOrTx, emails: string[]): Promise<void> {
  await db
    .update(users)
    .set({ hideTour: true, updatedAt: new Date() })
    .where(and(inArray(users.email, emails), eq(users.hideTour, false)));
}

/**
 * The demo's purchase orders were e-mailed to their suppliers when they were placed, months ago:
 * their messages are recorded as sent then, so a server with SMTP set up never mails the demo's
 * made-up supplier addresses.
 */
export async function recordDemoEmailSent(db: DbOrTx, to: string, sentAt: Date): Promise<void> {
  await db.update(emailOutbox).set({ status: 'sent', sentAt, createdAt: sentAt }).where(and(eq(emailOutbox.to, to), eq(emailOutbox.status, 'pending')));
}

/** Whether the location has written anything off or sent anything back (issue 20). */
export async function companyHasWriteOffs(db: DbOrTx, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: stockUsages.id })
    .from(stockUsages)
    .where(and(eq(stockUsages.companyId, companyId), inArray(stockUsages.kind, ['disposal', 'return'])))
    .limit(1);
  return row !== undefined;
}

export async function companyHasPriceLists(db: DbOrTx, companyId: string): Promise<boolean> {
  const [row] = await db.select({ supplierId: priceLists.supplierId }).from(priceLists).where(eq(priceLists.companyId, companyId)).limit(1);
  return row !== undefined;
}

/** What the books hold of some lots now (the demo's count reads the shelf as the books say). */
export async function unitsLeftByStock(db: DbOrTx, stockIds: string[]): Promise<Map<string, number>> {
  if (stockIds.length === 0) return new Map();
  const rows = await db.select({ id: stocks.id, unitsLeft: stocks.unitsLeft }).from(stocks).where(inArray(stocks.id, stockIds));
  return new Map(rows.map((r) => [r.id, r.unitsLeft]));
}

/** The product of a demo lot (the transfer names its lot). */
export async function productOfStock(db: DbOrTx, stockId: string): Promise<string> {
  const [row] = await db.select({ productId: stocks.productId }).from(stocks).where(eq(stocks.id, stockId));
  return row!.productId;
}

/** A location's treatment designs by code (the demo maps practice-system codes to them). */
export async function treatmentIdsByCode(db: DbOrTx, companyId: string, codes: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: treatments.id, code: treatments.treatmentCode })
    .from(treatments)
    .where(and(eq(treatments.companyId, companyId), isNull(treatments.deletedAt), inArray(treatments.treatmentCode, codes)));
  return new Map(rows.map((r) => [r.code, r.id]));
}
