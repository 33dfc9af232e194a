import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { treatmentCategories, treatments } from '../../db/schema/index';

export type TreatmentCategoryRow = typeof treatmentCategories.$inferSelect;

// Qualified by hand: Drizzle leaves column names bare in a single-table select, and a bare id here would be the treatment's.
const treatmentCount = sql<number>`(select count(*) from ${treatments} t where t.category_id = treatment_categories.id and t.deleted_at is null)`.mapWith(Number);

export async function listTreatmentCategories(db: DbOrTx, companyId: string, search: string | undefined, page: { offset: number; limit: number }) {
  const where: SQL[] = [eq(treatmentCategories.companyId, companyId)];
  if (search) where.push(ilike(treatmentCategories.name, containsPattern(search)));
  const rows = await db
    .select({ category: treatmentCategories, treatmentCount, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(treatmentCategories)
    .where(and(...where))
    .orderBy(asc(sql`lower(${treatmentCategories.name})`), asc(treatmentCategories.id))
    .limit(page.limit)
    .offset(page.offset);
  return { records: rows, total: rows[0]?.total ?? 0 };
}

export async function findTreatmentCategory(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select({ category: treatmentCategories, treatmentCount })
    .from(treatmentCategories)
    .where(and(eq(treatmentCategories.companyId, companyId), eq(treatmentCategories.id, id)));
  return row;
}

export async function insertTreatmentCategory(db: DbOrTx, values: { companyId: string; name: string; description: string }): Promise<TreatmentCategoryRow> {
  const [row] = await db.insert(treatmentCategories).values(values).returning();
  return row!;
}

export async function updateTreatmentCategory(db: DbOrTx, id: string, values: { name?: string; description?: string }): Promise<void> {
  await db.update(treatmentCategories).set({ ...values, updatedAt: sql`now()` }).where(eq(treatmentCategories.id, id));
}

/** Its treatments keep existing without a category (ON DELETE SET NULL). */
export async function deleteTreatmentCategory(db: DbOrTx, id: string): Promise<void> {
  await db.delete(treatmentCategories).where(eq(treatmentCategories.id, id));
}
