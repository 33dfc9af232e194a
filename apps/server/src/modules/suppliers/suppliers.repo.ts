import { and, asc, count, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { suppliers } from '../../db/schema/index';

export type SupplierRow = typeof suppliers.$inferSelect;
export type NewSupplier = Omit<typeof suppliers.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

/** Live suppliers an owner may read: its own and the shared ones (company_id null). */
function readable(companyId: string | null): SQL {
  return and(isNull(suppliers.deletedAt), companyId ? or(eq(suppliers.companyId, companyId), isNull(suppliers.companyId))! : isNull(suppliers.companyId))!;
}

export async function findSupplierById(db: DbOrTx, id: string): Promise<SupplierRow | null> {
  const [row] = await db.select().from(suppliers).where(and(eq(suppliers.id, id), isNull(suppliers.deletedAt))).limit(1);
  return row ?? null;
}

export async function isSupplierNameTaken(db: DbOrTx, companyId: string | null, name: string, exceptId?: string): Promise<boolean> {
  const conditions = [
    isNull(suppliers.deletedAt),
    companyId ? eq(suppliers.companyId, companyId) : isNull(suppliers.companyId),
    sql`lower(${suppliers.name}) = ${name.toLowerCase()}`,
  ];
  if (exceptId) conditions.push(ne(suppliers.id, exceptId));
  const [row] = await db.select({ id: suppliers.id }).from(suppliers).where(and(...conditions)).limit(1);
  return row !== undefined;
}

export async function insertSupplier(db: DbOrTx, values: NewSupplier): Promise<SupplierRow> {
  const [row] = await db.insert(suppliers).values(values).returning();
  return row!;
}

export async function updateSupplier(db: DbOrTx, id: string, patch: Partial<NewSupplier> & { deletedAt?: Date }): Promise<SupplierRow> {
  const [row] = await db.update(suppliers).set({ ...patch, updatedAt: new Date() }).where(eq(suppliers.id, id)).returning();
  return row!;
}

export async function listSuppliers(db: DbOrTx, companyId: string | null, search: string | undefined, page: { offset: number; limit: number }) {
  const conditions = [readable(companyId)];
  if (search) {
    const term = containsPattern(search);
    conditions.push(or(ilike(suppliers.name, term), ilike(suppliers.email, term), ilike(suppliers.taxId, term), ilike(suppliers.contactEmail, term))!);
  }
  const where = and(...conditions);
  const [records, totals] = await Promise.all([
    db.select().from(suppliers).where(where).orderBy(asc(sql`lower(${suppliers.name})`), asc(suppliers.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(suppliers).where(where),
  ]);
  return { records, total: totals[0]?.n ?? 0 };
}

/** The suppliers a location may use, by lower-case name (an import names them); its own win over shared ones. */
export async function supplierIdsByName(db: DbOrTx, companyId: string): Promise<Map<string, string>> {
  const rows = await db.select({ id: suppliers.id, name: suppliers.name, companyId: suppliers.companyId }).from(suppliers).where(readable(companyId));
  const sorted = rows.sort((a, b) => Number(a.companyId !== null) - Number(b.companyId !== null));
  return new Map(sorted.map((r) => [r.name.toLowerCase(), r.id]));
}

/**
 * The shared supplier standing for a distributor of the marketplace: created on first start,
 * renamed and revived as the configuration says on later ones (one statement, safe when several
 * processes start at once).
 */
export async function upsertVendorSupplier(db: DbOrTx, vendor: { code: string; name: string; email: string }): Promise<SupplierRow> {
  const [row] = await db
    .insert(suppliers)
    .values({ companyId: null, vendorCode: vendor.code, name: vendor.name, email: vendor.email, phone: '', taxId: '', contactEmail: vendor.email, contactPhone: '' })
    .onConflictDoUpdate({ target: suppliers.vendorCode, set: { name: vendor.name, deletedAt: null } })
    .returning();
  return row!;
}
