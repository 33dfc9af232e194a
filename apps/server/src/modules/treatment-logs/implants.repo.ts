import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { implants, patients, products, stocks, users } from '../../db/schema/index';

export type NewImplant = typeof implants.$inferInsert;

/** What a visit needs to know of its products to ask for an implant's UDI (issue 20). */
export async function implantFacts(db: DbOrTx, productIds: string[]) {
  if (productIds.length === 0) return new Map<string, { name: string; barcode: string; manufacturerCode: string; implantable: boolean }>();
  const rows = await db
    .select({ id: products.id, name: products.name, barcode: products.barcode, manufacturerCode: products.manufacturerCode, implantable: products.implantable })
    .from(products)
    .where(inArray(products.id, productIds));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The location's live lot of a product with this lot number (case-insensitive), the one to take an
 * implant from: an available lot with units first, so a second receipt of the same lot number
 * that is used up does not hide the one on the shelf; a recalled lot is still found (and refused
 * by the ledger). Uses stocks_company_lot_number_idx.
 */
export async function lotByNumber(db: DbOrTx, companyId: string, productId: string, lotNumber: string): Promise<string | null> {
  const [row] = await db
    .select({ id: stocks.id })
    .from(stocks)
    .where(and(eq(stocks.companyId, companyId), sql`lower(${stocks.lotNumber}) = ${lotNumber.toLowerCase()}`, eq(stocks.productId, productId), isNull(stocks.deletedAt)))
    .orderBy(sql`(${stocks.status} = 'available' and ${stocks.unitsLeft} > 0) desc`, sql`${stocks.expiryDate} asc nulls last`, stocks.createdAt, stocks.id)
    .limit(1);
  return row?.id ?? null;
}

export async function insertImplants(tx: DbOrTx, rows: NewImplant[]): Promise<void> {
  if (rows.length > 0) await tx.insert(implants).values(rows);
}

/** A visit line removed: its implant record goes with it. */
export async function deleteImplantsOfLines(tx: DbOrTx, lineIds: string[]): Promise<void> {
  if (lineIds.length > 0) await tx.delete(implants).where(inArray(implants.treatmentLogProductId, lineIds));
}

/** The visit lines that carry an implant record. */
export async function implantsOfLines(db: DbOrTx, lineIds: string[]) {
  if (lineIds.length === 0) return [];
  return db
    .select({ id: implants.id, lineId: implants.treatmentLogProductId, udi: implants.udi, site: implants.site, lotNumber: implants.lotNumber, serialNumber: implants.serialNumber })
    .from(implants)
    .where(inArray(implants.treatmentLogProductId, lineIds));
}

export async function findPatient(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select({ id: patients.id, chartNumber: patients.chartNumber })
    .from(patients)
    .where(and(eq(patients.companyId, companyId), eq(patients.id, id)));
  return row ?? null;
}

const implantColumns = {
  implant: implants,
  productName: products.name,
  brand: products.brand,
  manufacturerCode: products.manufacturerCode,
  manufacturerName: products.manufacturerName,
  manufacturerAddress: products.manufacturerAddress,
  clinicianFirstName: users.firstName,
  clinicianLastName: users.lastName,
  chartNumber: patients.chartNumber,
};

export type ImplantRow = NonNullable<Awaited<ReturnType<typeof findImplant>>>;

/** A patient's implants, newest first (implants_patient_implanted_idx). */
export async function listPatientImplants(db: DbOrTx, companyId: string, patientId: string, page: { offset: number; limit: number }) {
  const rows = await db
    .select({ ...implantColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(implants)
    .innerJoin(products, eq(products.id, implants.productId))
    .innerJoin(patients, eq(patients.id, implants.patientId))
    .leftJoin(users, eq(users.id, implants.implantedBy))
    .where(and(eq(implants.patientId, patientId), eq(implants.companyId, companyId)))
    .orderBy(desc(implants.implantedAt), desc(implants.id))
    .limit(page.limit)
    .offset(page.offset);
  return { records: rows, total: rows[0]?.total ?? 0 };
}

export async function findImplant(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select(implantColumns)
    .from(implants)
    .innerJoin(products, eq(products.id, implants.productId))
    .innerJoin(patients, eq(patients.id, implants.patientId))
    .leftJoin(users, eq(users.id, implants.implantedBy))
    .where(and(eq(implants.id, id), eq(implants.companyId, companyId)));
  return row ?? null;
}
