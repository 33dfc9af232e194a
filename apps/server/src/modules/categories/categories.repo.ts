import { and, asc, count, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { categories } from '../../db/schema/index';

export type CategoryRow = typeof categories.$inferSelect;
export type NewCategory = Omit<typeof categories.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** An owner reads its own categories and the shared ones; the shared owner (null) reads all shared. */
function readable(companyId: string | null): SQL {
  return companyId ? or(eq(categories.companyId, companyId), isNull(categories.companyId))! : isNull(categories.companyId);
}

export async function findCategoryById(db: DbOrTx, id: string): Promise<CategoryRow | null> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return row ?? null;
}

export async function isCategoryNameTaken(db: DbOrTx, companyId: string | null, name: string, exceptId?: string): Promise<boolean> {
  const conditions = [companyId ? eq(categories.companyId, companyId) : isNull(categories.companyId), sql`lower(${categories.name}) = ${name.toLowerCase()}`];
  if (exceptId) conditions.push(ne(categories.id, exceptId));
  const [row] = await db.select({ id: categories.id }).from(categories).where(and(...conditions)).limit(1);
  return row !== undefined;
}

export async function findCategoryByName(db: DbOrTx, companyId: string | null, name: string): Promise<CategoryRow | null> {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(companyId ? eq(categories.companyId, companyId) : isNull(categories.companyId), sql`lower(${categories.name}) = ${name.toLowerCase()}`))
    .limit(1);
  return row ?? null;
}

/** Bulk insert (seed and import): one statement for the whole batch. */
export async function insertCategories(db: DbOrTx, values: NewCategory[]): Promise<CategoryRow[]> {
  return values.length === 0 ? [] : db.insert(categories).values(values).returning();
}

export async function insertCategory(db: DbOrTx, values: NewCategory): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values(values).returning();
  return row!;
}

export async function updateCategory(db: DbOrTx, id: string, patch: Partial<NewCategory>): Promise<CategoryRow> {
  const [row] = await db.update(categories).set({ ...patch, updatedAt: new Date() }).where(eq(categories.id, id)).returning();
  return row!;
}

/** Products keep existing and fall back to 'Default' (the foreign key sets their category to null). */
export async function deleteCategory(db: DbOrTx, id: string): Promise<void> {
  await db.delete(categories).where(eq(categories.id, id));
}

/** Lower-cased name -> id of every category the owner can file products under (imports match by name). */
export async function categoryIdsByName(db: DbOrTx, companyId: string | null): Promise<Map<string, string>> {
  const rows = await db.select({ id: categories.id, name: categories.name, companyId: categories.companyId }).from(categories).where(readable(companyId));
  // A location's own category wins over a shared one of the same name.
  const sorted = rows.sort((a, b) => Number(a.companyId !== null) - Number(b.companyId !== null));
  return new Map(sorted.map((r) => [r.name.toLowerCase(), r.id]));
}

/** A page of categories the owner may read. */
export async function listCategories(db: DbOrTx, companyId: string | null, search: string | undefined, page: { offset: number; limit: number }) {
  const conditions = [readable(companyId)];
  if (search) conditions.push(ilike(categories.name, containsPattern(search)));
  const where = and(...conditions);
  const [records, totals] = await Promise.all([
    db.select().from(categories).where(where).orderBy(asc(sql`lower(${categories.name})`), asc(categories.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(categories).where(where),
  ]);
  return { records, total: totals[0]?.n ?? 0 };
}
