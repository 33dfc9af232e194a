import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, implants, patients, products, recallContacts, stocks, stockUsages, suppliers, treatmentLogProducts, treatmentLogs, users } from '../../db/schema/index';

/** The location's lots matching a condition, deleted ones too: they were used. */
function lotsWhere(db: DbOrTx, companyId: string, condition: SQL) {
  return db
    .select({ stock: stocks, productName: products.name, supplierName: suppliers.name })
    .from(stocks)
    .innerJoin(products, eq(products.id, stocks.productId))
    .leftJoin(suppliers, eq(suppliers.id, stocks.supplierId))
    .where(and(eq(stocks.companyId, companyId), condition))
    .orderBy(desc(stocks.createdAt));
}

export type RecallLotRow = Awaited<ReturnType<typeof lotsWhere>>[number];

/**
 * The lots at other locations joined to these by transfers (issue 34, item 3): the lots they came
 * from and every lot made from those, across any number of transfers. Transfers stay within one
 * organization (a trigger, migration 0034), so this never reaches another tenant.
 */
export async function lotsAcrossTransfers(db: DbOrTx, companyId: string, stockIds: string[]) {
  if (stockIds.length === 0) return [];
  const linked = sql`with recursive up(id, from_id) as (
      select id, transferred_from_stock_id from stocks where id = any(${sql.param(stockIds)}::uuid[])
      union select s.id, s.transferred_from_stock_id from stocks s join up on s.id = up.from_id
    ), down(id) as (
      select id from up
      union select s.id from stocks s join down on s.transferred_from_stock_id = down.id
    ) select id from down`;
  return db
    .select({ stock: stocks, productName: products.name, supplierName: suppliers.name, locationName: companies.name })
    .from(stocks)
    .innerJoin(products, eq(products.id, stocks.productId))
    .innerJoin(companies, eq(companies.id, stocks.companyId))
    .leftJoin(suppliers, eq(suppliers.id, stocks.supplierId))
    .where(and(sql`${stocks.id} in (${linked})`, sql`${stocks.companyId} <> ${companyId}`))
    .orderBy(desc(stocks.createdAt));
}

/** The location's lots with this number (case-insensitive). */
export function lotsByNumber(db: DbOrTx, companyId: string, lotNumber: string) {
  return lotsWhere(db, companyId, sql`lower(${stocks.lotNumber}) = ${lotNumber.toLowerCase()}`);
}

/** The location's lots of products whose barcode is one of these (the forms of one GTIN). */
export function lotsOfBarcodes(db: DbOrTx, companyId: string, barcodes: string[]) {
  return lotsWhere(db, companyId, inArray(products.barcode, barcodes));
}

/** The location's lots among these ids (the lots implanted devices came from). */
export async function lotsByIds(db: DbOrTx, companyId: string, stockIds: string[]) {
  if (stockIds.length === 0) return [];
  return lotsWhere(db, companyId, inArray(stocks.id, stockIds));
}

export interface RecallVisitRow {
  /** The location of the visit: another one when the units came by a transfer. */
  companyId?: string;
  locationName?: string;
  treatmentLogProductId: string;
  treatmentLogId: string;
  patientId: string;
  chartNumber: string;
  visitAt: Date;
  productName: string;
  lotNumber: string;
  serialNumber: string;
  quantity: number;
}

/** Every visit line that took units from these lots, newest first, with the units each took. */
export async function visitsUsingLots(db: DbOrTx, stockIds: string[]): Promise<RecallVisitRow[]> {
  if (stockIds.length === 0) return [];
  return db
    .select({
      companyId: treatmentLogs.companyId,
      locationName: companies.name,
      treatmentLogProductId: treatmentLogProducts.id,
      treatmentLogId: treatmentLogs.id,
      patientId: patients.id,
      chartNumber: patients.chartNumber,
      visitAt: treatmentLogs.createdAt,
      productName: products.name,
      lotNumber: stocks.lotNumber,
      serialNumber: sql<string>`coalesce(${implants.serialNumber}, '')`,
      quantity: sql<number>`sum(${stockUsages.quantity})`.mapWith(Number),
    })
    .from(stockUsages)
    .innerJoin(treatmentLogProducts, eq(treatmentLogProducts.id, stockUsages.treatmentLogProductId))
    .innerJoin(treatmentLogs, eq(treatmentLogs.id, treatmentLogProducts.treatmentLogId))
    .innerJoin(patients, eq(patients.id, treatmentLogs.patientId))
    .innerJoin(products, eq(products.id, stockUsages.productId))
    .innerJoin(stocks, eq(stocks.id, stockUsages.stockId))
    .innerJoin(companies, eq(companies.id, treatmentLogs.companyId))
    .leftJoin(implants, eq(implants.treatmentLogProductId, treatmentLogProducts.id))
    .where(and(inArray(stockUsages.stockId, stockIds), eq(stockUsages.kind, 'treatment')))
    .groupBy(treatmentLogs.companyId, companies.name, treatmentLogProducts.id, treatmentLogs.id, patients.id, patients.chartNumber, treatmentLogs.createdAt, products.name, stocks.lotNumber, implants.serialNumber)
    // A visit edited to give the units back no longer received the lot.
    .having(sql`sum(${stockUsages.quantity}) > 0`)
    .orderBy(desc(treatmentLogs.createdAt));
}

/** The location's implanted devices matching a condition, with their visit line (newest first). */
function implantVisitsWhere(db: DbOrTx, companyId: string, condition: SQL) {
  return db
    .select({
      treatmentLogProductId: treatmentLogProducts.id,
      treatmentLogId: treatmentLogs.id,
      patientId: patients.id,
      chartNumber: patients.chartNumber,
      visitAt: treatmentLogs.createdAt,
      productName: products.name,
      // The lot the label names; the line's lot when the label named none.
      lotNumber: sql<string>`coalesce(nullif(${implants.lotNumber}, ''), ${treatmentLogProducts.lotNumber})`,
      serialNumber: implants.serialNumber,
      quantity: treatmentLogProducts.quantity,
      stockId: implants.stockId,
    })
    .from(implants)
    .innerJoin(treatmentLogProducts, eq(treatmentLogProducts.id, implants.treatmentLogProductId))
    .innerJoin(treatmentLogs, eq(treatmentLogs.id, implants.treatmentLogId))
    .innerJoin(patients, eq(patients.id, implants.patientId))
    .innerJoin(products, eq(products.id, implants.productId))
    .where(and(eq(implants.companyId, companyId), condition))
    .orderBy(desc(treatmentLogs.createdAt));
}

/** Devices with this serial number (case-insensitive; the index implants_company_serial_idx). */
export function implantVisitsBySerial(db: DbOrTx, companyId: string, serialNumber: string) {
  return implantVisitsWhere(db, companyId, and(sql`${implants.serialNumber} <> ''`, sql`lower(${implants.serialNumber}) = ${serialNumber.toLowerCase()}`)!);
}

/**
 * Devices whose label names this lot number. The lot on the label is the device in the patient,
 * even when the unit was booked from another lot (the label's lot was not on the shelf).
 */
export function implantVisitsByLotNumber(db: DbOrTx, companyId: string, lotNumber: string) {
  return implantVisitsWhere(db, companyId, and(sql`${implants.lotNumber} <> ''`, sql`lower(${implants.lotNumber}) = ${lotNumber.toLowerCase()}`)!);
}

/** Devices with one of these device identifiers (the forms of one GTIN). */
export function implantVisitsByDeviceIdentifier(db: DbOrTx, companyId: string, identifiers: string[]) {
  return implantVisitsWhere(db, companyId, inArray(implants.deviceIdentifier, identifiers));
}

/** The contacted marks of these patients for one recall, with who marked them. */
export async function contactMarks(db: DbOrTx, companyId: string, recallKey: string, patientIds: string[]) {
  if (patientIds.length === 0) return [];
  return db
    .select({ patientId: recallContacts.patientId, contactedAt: recallContacts.contactedAt, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(recallContacts)
    .leftJoin(users, eq(users.id, recallContacts.contactedBy))
    .where(and(eq(recallContacts.companyId, companyId), eq(recallContacts.recallKey, recallKey), inArray(recallContacts.patientId, patientIds)));
}

/** Marks a patient contacted; false when the mark was there already (it keeps its who and when). */
export async function insertContactMark(db: DbOrTx, mark: { companyId: string; recallKey: string; patientId: string; contactedBy: string; contactedAt: Date }): Promise<boolean> {
  const rows = await db.insert(recallContacts).values(mark).onConflictDoNothing().returning({ patientId: recallContacts.patientId });
  return rows.length > 0;
}

/** Removes a patient's mark; false when there was none. */
export async function deleteContactMark(db: DbOrTx, companyId: string, recallKey: string, patientId: string): Promise<boolean> {
  const rows = await db
    .delete(recallContacts)
    .where(and(eq(recallContacts.companyId, companyId), eq(recallContacts.recallKey, recallKey), eq(recallContacts.patientId, patientId)))
    .returning({ patientId: recallContacts.patientId });
  return rows.length > 0;
}

/** Whether this patient is one of the location's. */
export async function patientAtLocation(db: DbOrTx, companyId: string, patientId: string): Promise<boolean> {
  const rows = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.companyId, companyId)))
    .limit(1);
  return rows.length > 0;
}
