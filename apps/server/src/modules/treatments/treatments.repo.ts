import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { CreateTreatmentRequest } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { products, stocks, treatmentCategories, treatmentLogs, treatmentLogTreatments, treatmentProducts, treatments } from '../../db/schema/index';
import { usableLot } from '../../db/usable-lots';

export type TreatmentRow = typeof treatments.$inferSelect;
export type NewTreatment = Omit<typeof treatments.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

const live = isNull(treatments.deletedAt);

/** A design as the form (or an import row) describes it, as the row to insert. */
export function newTreatmentOf(companyId: string, userId: string, body: Pick<CreateTreatmentRequest, 'treatment_code' | 'name' | 'abbreviation' | 'description' | 'category_id'>): NewTreatment {
  return {
    companyId,
    categoryId: body.category_id ?? null,
    treatmentCode: body.treatment_code,
    name: body.name,
    abbreviation: body.abbreviation ?? '',
    description: body.description ?? '',
    createdBy: userId,
  };
}

export async function listTreatments(db: DbOrTx, companyId: string, filter: { search?: string | undefined; categoryId?: string | undefined }, page: { offset: number; limit: number }) {
  const where: SQL[] = [eq(treatments.companyId, companyId), live];
  if (filter.categoryId) where.push(eq(treatments.categoryId, filter.categoryId));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    where.push(or(ilike(treatments.treatmentCode, pattern), ilike(treatments.name, pattern), ilike(treatments.abbreviation, pattern))!);
  }
  const rows = await db
    .select({ treatment: treatments, categoryName: treatmentCategories.name, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(treatments)
    .leftJoin(treatmentCategories, eq(treatmentCategories.id, treatments.categoryId))
    .where(and(...where))
    .orderBy(asc(treatments.treatmentCode), asc(treatments.id))
    .limit(page.limit)
    .offset(page.offset);
  return { records: rows, total: rows[0]?.total ?? 0 };
}

export async function findTreatments(db: DbOrTx, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ treatment: treatments, categoryName: treatmentCategories.name })
    .from(treatments)
    .leftJoin(treatmentCategories, eq(treatmentCategories.id, treatments.categoryId))
    .where(and(eq(treatments.companyId, companyId), inArray(treatments.id, ids), live));
}

/**
 * The trays of some treatments, with each product's price for the next use at the location: the
 * unit price of the lot first-expiry-first would draw (null when nothing usable is in stock).
 */
export async function listTrays(db: DbOrTx, companyId: string, treatmentIds: string[], today: string) {
  if (treatmentIds.length === 0) return [];
  return db
    .select({
      treatmentId: treatmentProducts.treatmentId,
      quantity: treatmentProducts.quantity,
      product: { id: products.id, name: products.name, productImageUrl: products.productImageUrl, type: products.type, basicUnit: products.basicUnit, implantable: products.implantable },
      nextUnitPrice: sql<number | null>`(
        select s.unit_price from ${stocks} s
         where s.company_id = ${companyId} and s.product_id = ${treatmentProducts.productId} and ${usableLot('s', today)}
         order by s.expiry_date asc nulls last, s.id limit 1)`.mapWith((v: string | null) => (v === null ? null : Number(v))),
    })
    .from(treatmentProducts)
    .innerJoin(products, eq(products.id, treatmentProducts.productId))
    .where(inArray(treatmentProducts.treatmentId, treatmentIds))
    .orderBy(asc(products.name));
}

export async function insertTreatment(db: DbOrTx, values: NewTreatment): Promise<TreatmentRow> {
  const [row] = await db.insert(treatments).values(values).returning();
  return row!;
}

export async function updateTreatment(db: DbOrTx, id: string, values: Partial<NewTreatment>): Promise<void> {
  await db.update(treatments).set({ ...values, updatedAt: sql`now()` }).where(eq(treatments.id, id));
}

export async function softDeleteTreatment(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(treatments).set({ deletedAt: at }).where(eq(treatments.id, id));
}

/** A tray is saved whole: the old rows go, the new ones come, in the caller's transaction. */
export async function replaceTray(db: DbOrTx, treatmentId: string, items: { productId: string; quantity: number }[]): Promise<void> {
  await db.delete(treatmentProducts).where(eq(treatmentProducts.treatmentId, treatmentId));
  if (items.length > 0) await db.insert(treatmentProducts).values(items.map((i) => ({ treatmentId, productId: i.productId, quantity: i.quantity })));
}

/** Spec section 2: the product page's Associated Treatments, at one location or (admin) everywhere. */
export async function associatedTreatments(db: DbOrTx, productId: string, companyId: string | null) {
  const where: SQL[] = [eq(treatmentProducts.productId, productId), live];
  if (companyId) where.push(eq(treatments.companyId, companyId));
  return db
    .select({ id: treatments.id, treatmentCode: treatments.treatmentCode, name: treatments.name, abbreviation: treatments.abbreviation })
    .from(treatmentProducts)
    .innerJoin(treatments, eq(treatments.id, treatmentProducts.treatmentId))
    .where(and(...where))
    .orderBy(asc(treatments.treatmentCode))
    .limit(500);
}

/** The designs performed at a location between two days (inclusive, UTC), most performed first. */
export async function executedWithin(db: DbOrTx, companyId: string, startDate: string, endDate: string) {
  return db
    .select({
      id: treatments.id,
      treatmentCode: treatments.treatmentCode,
      name: treatments.name,
      times: sql<number>`count(*)::int`,
      lastExecutedAt: sql<Date>`max(${treatmentLogs.createdAt})`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(treatmentLogs)
    .innerJoin(treatmentLogTreatments, eq(treatmentLogTreatments.treatmentLogId, treatmentLogs.id))
    .innerJoin(treatments, eq(treatments.id, treatmentLogTreatments.treatmentId))
    .where(and(eq(treatmentLogs.companyId, companyId), sql`${treatmentLogs.createdAt} >= location_day_start(${companyId}::uuid, ${startDate}::date)`, sql`${treatmentLogs.createdAt} < location_day_start(${companyId}::uuid, ${endDate}::date + 1)`))
    .groupBy(treatments.id, treatments.treatmentCode, treatments.name)
    .orderBy(sql`count(*) desc`, asc(treatments.treatmentCode));
}

/** A location's live treatment codes, lower-cased (an import refuses codes already in use). */
export async function treatmentCodes(db: DbOrTx, companyId: string): Promise<Set<string>> {
  const rows = await db
    .select({ code: treatments.treatmentCode })
    .from(treatments)
    .where(and(eq(treatments.companyId, companyId), isNull(treatments.deletedAt)));
  return new Set(rows.map((r) => r.code.toLowerCase()));
}

/** A location's treatment categories by lower-case name (an import names them). */
export async function treatmentCategoryIdsByName(db: DbOrTx, companyId: string): Promise<Map<string, string>> {
  const rows = await db.select({ id: treatmentCategories.id, name: treatmentCategories.name }).from(treatmentCategories).where(eq(treatmentCategories.companyId, companyId));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}
