import { and, count, desc, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ApprovalStatus, PermissionMap, Role, UserStatus } from '@clinic/domain';
import type { Db, DbOrTx } from '../../db/client';
import { namedSelect, statementName } from '../../db/named-statement';
import { companies, organizations, users } from '../../db/schema/index';
import type { TenantFilter } from '../../core/access';

export type UserRow = typeof users.$inferSelect;

export interface UserRecord extends UserRow {
  company: { id: string; name: string; city: string; state: string } | null;
  organization: { id: string; name: string; approvalStatus: ApprovalStatus; numberOfLocations: number; subscriptionActiveUntil: Date | null } | null;
}

const selection = {
  user: users,
  company: { id: companies.id, name: companies.name, city: companies.city, state: companies.state },
  organization: {
    id: organizations.id,
    name: organizations.name,
    approvalStatus: organizations.approvalStatus,
    numberOfLocations: organizations.numberOfLocations,
    subscriptionActiveUntil: organizations.subscriptionActiveUntil,
  },
};

function baseQuery(db: DbOrTx) {
  return db
    .select(selection)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId));
}

type Joined = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

function toRecord(row: Joined): UserRecord {
  return { ...row.user, company: row.company?.id ? row.company : null, organization: row.organization?.id ? row.organization : null };
}

export async function findUserById(db: DbOrTx, id: string, options: { includeDeleted?: boolean } = {}): Promise<UserRecord | null> {
  const where = options.includeDeleted ? eq(users.id, id) : and(eq(users.id, id), isNull(users.deletedAt));
  const [row] = await baseQuery(db).where(where).limit(1);
  return row ? toRecord(row) : null;
}

const FIND_USER_BY_ID = statementName('find_user_by_id');

/** A timestamp as drizzle's timestamp column gives it (with time zone): the driver sends text. */
function timestampOf(value: unknown): Date | null {
  return value === null ? null : typeof value === 'string' ? new Date(value) : (value as Date);
}

/** A jsonb value as drizzle's jsonb column gives it: both drivers parse it, text is parsed if not. */
function jsonOf<T>(value: unknown): T | null {
  if (typeof value !== 'string') return value as T | null;
  try {
    return JSON.parse(value) as T;
  } catch {
    return value as T;
  }
}

/**
 * One row of baseQuery's statement as the driver gives it (an array, in the selection's order:
 * every users column as the table declares them, then the company's and the organization's), as
 * toRecord makes it from drizzle's mapping. users.repo.test.ts holds the two to be equal.
 */
function userRecordOf(row: unknown[]): UserRecord {
  return {
    id: row[0] as string,
    organizationId: row[1] as string | null,
    companyId: row[2] as string | null,
    firstName: row[3] as string,
    lastName: row[4] as string,
    email: row[5] as string,
    phone: row[6] as string,
    passwordHash: row[7] as string | null,
    role: row[8] as Role,
    status: row[9] as UserStatus,
    approvalStatus: row[10] as ApprovalStatus,
    permissions: jsonOf<PermissionMap>(row[11]),
    hideTour: row[12] as boolean,
    remindTourAfter: timestampOf(row[13]),
    sessionsValidFrom: timestampOf(row[14]),
    createdAt: timestampOf(row[15])!,
    updatedAt: timestampOf(row[16])!,
    deletedAt: timestampOf(row[17]),
    company: row[18] ? { id: row[18] as string, name: row[19] as string, city: row[20] as string, state: row[21] as string } : null,
    organization: row[22]
      ? {
          id: row[22] as string,
          name: row[23] as string,
          approvalStatus: row[24] as ApprovalStatus,
          numberOfLocations: row[25] as number,
          subscriptionActiveUntil: timestampOf(row[26]),
        }
      : null,
  };
}

/**
 * The lookup every authenticated request makes, built once and run by name (db/named-statement.ts):
 * drizzle's query building and PostgreSQL's planning would otherwise cost more than the lookup,
 * and its row is mapped by hand (namedSelect): drizzle's mapper cost more than the rest of it.
 */
export function preparedFindUserById(db: Db): (id: string) => Promise<UserRecord | null> {
  const query = baseQuery(db)
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .limit(1);
  const find = namedSelect(db, FIND_USER_BY_ID, query, userRecordOf);
  return async (id) => (await find({ id }))[0] ?? null;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRecord | null> {
  const [row] = await baseQuery(db)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
    .limit(1);
  return row ? toRecord(row) : null;
}

/** The live accounts holding this e-mail or phone, with which of the two each holds (sign-up tells them). */
export async function findAccountHolders(db: DbOrTx, email: string, phone: string): Promise<{ email: string; sameEmail: boolean; samePhone: boolean }[]> {
  const sameEmail = sql<boolean>`lower(${users.email}) = ${email.toLowerCase()}`;
  const samePhone = sql<boolean>`${users.phone} = ${phone}`;
  return db
    .select({ email: users.email, sameEmail, samePhone })
    .from(users)
    .where(and(isNull(users.deletedAt), or(sameEmail, samePhone)))
    .limit(2);
}

/** Is the e-mail or phone taken by another live account? */
export async function isEmailOrPhoneTaken(db: DbOrTx, email: string | undefined, phone: string | undefined, exceptId?: string): Promise<boolean> {
  const matches: SQL[] = [];
  if (email) matches.push(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (phone) matches.push(eq(users.phone, phone));
  if (matches.length === 0) return false;
  const conditions = [isNull(users.deletedAt), or(...matches)];
  if (exceptId) conditions.push(ne(users.id, exceptId));
  const [row] = await db.select({ id: users.id }).from(users).where(and(...conditions)).limit(1);
  return row !== undefined;
}

export interface NewUser {
  organizationId: string | null;
  companyId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  passwordHash: string | null;
  role: Role;
  approvalStatus?: ApprovalStatus;
  status?: UserStatus;
}

export async function insertUser(db: DbOrTx, values: NewUser): Promise<string> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export interface UserPatch {
  firstName?: string;
  lastName?: string;
  phone?: string;
  role?: Role;
  status?: UserStatus;
  approvalStatus?: ApprovalStatus;
  permissions?: PermissionMap | null;
  hideTour?: boolean;
  remindTourAfter?: Date | null;
  passwordHash?: string;
  sessionsValidFrom?: Date;
  companyId?: string;
  deletedAt?: Date;
}

export async function updateUser(db: DbOrTx, id: string, patch: UserPatch): Promise<void> {
  await db.update(users).set({ ...patch, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function setApprovalForOrganization(db: DbOrTx, organizationId: string, from: ApprovalStatus, to: ApprovalStatus): Promise<void> {
  await db
    .update(users)
    .set({ approvalStatus: to, updatedAt: new Date() })
    .where(and(eq(users.organizationId, organizationId), eq(users.approvalStatus, from)));
}

export async function countUsersInCompany(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(and(eq(users.companyId, companyId), isNull(users.deletedAt)));
  return row?.n ?? 0;
}

export interface UserListFilter extends TenantFilter {
  search?: string | undefined;
  approvalStatus?: ApprovalStatus | undefined;
  deleted?: boolean | undefined;
  filterCompanyId?: string | undefined;
  filterOrganizationId?: string | undefined;
}

export async function listUsers(db: DbOrTx, filter: UserListFilter, page: { offset: number; limit: number }) {
  const conditions: SQL[] = [filter.deleted ? isNotNull(users.deletedAt) : isNull(users.deletedAt)];
  if (filter.organizationId) conditions.push(eq(users.organizationId, filter.organizationId));
  if (filter.companyId) conditions.push(eq(users.companyId, filter.companyId));
  if (filter.filterOrganizationId) conditions.push(eq(users.organizationId, filter.filterOrganizationId));
  if (filter.filterCompanyId) conditions.push(eq(users.companyId, filter.filterCompanyId));
  if (filter.approvalStatus) conditions.push(eq(users.approvalStatus, filter.approvalStatus));
  if (filter.search) {
    const term = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(users.firstName, term),
        ilike(users.lastName, term),
        ilike(users.email, term),
        ilike(users.phone, term),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term),
      )!,
    );
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    baseQuery(db).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { records: rows.map(toRecord), total: totals[0]?.n ?? 0 };
}
