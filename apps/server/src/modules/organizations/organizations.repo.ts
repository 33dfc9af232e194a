import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { ApprovalStatus } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import { companies, organizations, users } from '../../db/schema/index';

export type OrganizationRow = typeof organizations.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export interface OrganizationRecord extends OrganizationRow {
  locations: CompanyRow[];
}

export async function findOrganizationById(db: DbOrTx, id: string): Promise<OrganizationRecord | null> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, id), isNull(organizations.deletedAt)))
    .limit(1);
  if (!row) return null;
  const [record] = await withLocations(db, [row]);
  return record ?? null;
}

export async function isOrganizationNameTaken(db: DbOrTx, name: string, exceptId?: string): Promise<boolean> {
  const conditions = [sql`lower(${organizations.name}) = ${name.toLowerCase()}`, isNull(organizations.deletedAt)];
  if (exceptId) conditions.push(ne(organizations.id, exceptId));
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(and(...conditions)).limit(1);
  return row !== undefined;
}

export interface NewOrganization {
  name: string;
  numberOfLocations: number;
  billingContactEmail: string;
  approvalStatus: ApprovalStatus;
}

export async function insertOrganization(db: DbOrTx, values: NewOrganization): Promise<string> {
  const [row] = await db.insert(organizations).values(values).returning({ id: organizations.id });
  return row!.id;
}

export interface OrganizationPatch {
  name?: string;
  numberOfLocations?: number;
  billingContactEmail?: string;
  approvalStatus?: ApprovalStatus;
  customPrice?: string | null;
  deletedAt?: Date;
}

export async function updateOrganization(db: DbOrTx, id: string, patch: OrganizationPatch): Promise<void> {
  await db.update(organizations).set({ ...patch, updatedAt: new Date() }).where(eq(organizations.id, id));
}

export interface OrganizationListFilter {
  onlyId?: string | undefined;
  approvalStatus?: ApprovalStatus | undefined;
  search?: string | undefined;
}

export async function listOrganizations(db: DbOrTx, filter: OrganizationListFilter, page: { offset: number; limit: number }) {
  const conditions: SQL[] = [isNull(organizations.deletedAt)];
  if (filter.onlyId) conditions.push(eq(organizations.id, filter.onlyId));
  if (filter.approvalStatus) conditions.push(eq(organizations.approvalStatus, filter.approvalStatus));
  if (filter.search) conditions.push(ilike(organizations.name, `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db.select().from(organizations).where(where).orderBy(desc(organizations.createdAt), desc(organizations.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(organizations).where(where),
  ]);
  return { records: await withLocations(db, rows), total: totals[0]?.n ?? 0 };
}

/** Loads the locations of many organizations in one query (no N+1). */
async function withLocations(db: DbOrTx, rows: OrganizationRow[]): Promise<OrganizationRecord[]> {
  if (rows.length === 0) return [];
  const locations = await db
    .select()
    .from(companies)
    .where(and(inArray(companies.organizationId, rows.map((r) => r.id)), isNull(companies.deletedAt)))
    .orderBy(asc(companies.createdAt), asc(companies.name), asc(companies.id));
  return rows.map((row) => ({ ...row, locations: locations.filter((l) => l.organizationId === row.id) }));
}

export async function organizationAdminEmails(db: DbOrTx, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'organization_admin'), isNull(users.deletedAt)));
  return rows.map((r) => r.email);
}

/** Soft-deletes an organization with its locations and accounts; history stays. */
export async function retireOrganization(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(organizations).set({ deletedAt: at, updatedAt: at }).where(eq(organizations.id, id));
  await db.update(companies).set({ deletedAt: at }).where(and(eq(companies.organizationId, id), isNull(companies.deletedAt)));
  await db.update(users).set({ deletedAt: at, updatedAt: at }).where(and(eq(users.organizationId, id), isNull(users.deletedAt)));
}
