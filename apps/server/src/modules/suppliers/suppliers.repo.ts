import { and, asc, count, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { namedStatement } from '../../db/named-statement';
import { suppliers } from '../../db/schema/index';

export type SupplierRow = typeof suppliers.$inferSelect;
/** What a list answer shows of a supplier. */
export type SupplierListRow = Pick<SupplierRow, 'id' | 'companyId' | 'name' | 'email' | 'phone' | 'taxId' | 'address' | 'contactEmail' | 'contactPhone' | 'vendorCode' | 'createdAt'>;
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

/** A browse row as the driver gives it (db/named-statement.ts: timestamps as text). */
interface BrowseRow {
  id: string;
  company_id: string | null;
  name: string;
  email: string;
  phone: string;
  tax_id: string;
  address: string;
  contact_email: string;
  contact_phone: string;
  vendor_code: string | null;
  created_at: string | Date;
}

/**
 * The list without a search term (the list as it opens, and every page turn), one page statement
 * and one count statement per kind of reader, run by name (db/named-statement.ts): this runs on
 * every list request, and drizzle building the two statements and mapping their rows cost more
 * Node CPU than PostgreSQL spends running them. Same rows, order and count as listSuppliers.
 */
function browseStatements(reader: 'location' | 'admin') {
  const readable =
    reader === 'location'
      ? sql`("suppliers"."deleted_at" is null and ("suppliers"."company_id" = ${sql.placeholder('companyId')} or "suppliers"."company_id" is null))`
      : sql`("suppliers"."deleted_at" is null and "suppliers"."company_id" is null)`;
  return {
    page: namedStatement<BrowseRow>(
      `supplier_browse_page_${reader}`,
      sql`select "id", "company_id", "name", "email", "phone", "tax_id", "address", "contact_email", "contact_phone", "vendor_code", "created_at" from "suppliers"
          where ${readable} order by lower("suppliers"."name") asc, "suppliers"."id" asc limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`,
    ),
    count: namedStatement<{ n: number }>(`supplier_browse_count_${reader}`, sql`select count(*)::int as n from "suppliers" where ${readable}`),
  };
}
const BROWSE = { location: browseStatements('location'), admin: browseStatements('admin') };

export async function browseSuppliers(db: DbOrTx, companyId: string | null, page: { offset: number; limit: number }): Promise<{ records: SupplierListRow[]; total: number }> {
  const statements = companyId ? BROWSE.location : BROWSE.admin;
  const values = { companyId, limit: page.limit, offset: page.offset };
  const [rows, totals] = await Promise.all([statements.page(db, values), statements.count(db, values)]);
  const records = rows.map((row) => ({
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    taxId: row.tax_id,
    address: row.address,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    vendorCode: row.vendor_code,
    createdAt: new Date(row.created_at),
  }));
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
