import { and, asc, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema/index';
import type { TenantFilter } from '../../core/access';

export type CompanyRow = typeof companies.$inferSelect;

export async function findCompanyById(db: DbOrTx, id: string): Promise<CompanyRow | null> {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), isNull(companies.deletedAt)))
    .limit(1);
  return row ?? null;
}

export interface NewCompany {
  organizationId: string;
  name: string;
  city: string;
  state: string;
}

export async function insertCompany(db: DbOrTx, values: NewCompany): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(values).returning();
  return row!;
}

export async function updateCompany(db: DbOrTx, id: string, patch: Partial<Pick<CompanyRow, 'name' | 'city' | 'state' | 'timeZone' | 'deletedAt'>>): Promise<void> {
  await db.update(companies).set(patch).where(eq(companies.id, id));
}

export async function countLocations(db: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(companies)
    .where(and(eq(companies.organizationId, organizationId), isNull(companies.deletedAt)));
  return row?.n ?? 0;
}

export async function listCompanies(db: DbOrTx, filter: TenantFilter & { filterOrganizationId?: string | undefined }, page: { offset: number; limit: number }) {
  const conditions: SQL[] = [isNull(companies.deletedAt)];
  if (filter.organizationId) conditions.push(eq(companies.organizationId, filter.organizationId));
  if (filter.companyId) conditions.push(eq(companies.id, filter.companyId));
  if (filter.filterOrganizationId) conditions.push(eq(companies.organizationId, filter.filterOrganizationId));
  const where = and(...conditions);
  const [records, totals] = await Promise.all([
    db.select().from(companies).where(where).orderBy(asc(companies.createdAt), asc(companies.name), asc(companies.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  return { records, total: totals[0]?.n ?? 0 };
}

/** An organization's live locations, oldest first, then by name (as Switch Location numbers them). */
export async function organizationLocations(db: DbOrTx, organizationId: string): Promise<CompanyRow[]> {
  return db
    .select()
    .from(companies)
    .where(and(eq(companies.organizationId, organizationId), isNull(companies.deletedAt)))
    .orderBy(asc(companies.createdAt), asc(companies.name), asc(companies.id));
}
