import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { CountLineQuery, CountStatus } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import { categories, products, stockCountLines, stockCounts, stocks, storagePlaces, users } from '../../db/schema/index';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { containsPattern } from '../../db/like';
import { rowsOf } from '../../db/rows';

export type CountRow = typeof stockCounts.$inferSelect;
export type CountLineRow = typeof stockCountLines.$inferSelect;

const fullName = (person: { firstName: AnyPgColumn; lastName: AnyPgColumn }) => sql<string | null>`nullif(trim(${person.firstName} || ' ' || ${person.lastName}), '')`;

/** The live lots of a location a count of this scope takes, with units left; the sheet's order. */
export async function lotsInScope(db: DbOrTx, companyId: string, scope: { categoryId?: string | undefined; placeId?: string | undefined; productIds?: string[] | undefined }) {
  const filters: (SQL | undefined)[] = [eq(stocks.companyId, companyId), isNull(stocks.deletedAt), sql`${stocks.unitsLeft} > 0`];
  if (scope.categoryId) filters.push(eq(products.categoryId, scope.categoryId));
  if (scope.placeId) filters.push(eq(stocks.placeId, scope.placeId));
  if (scope.productIds) filters.push(sql`${stocks.productId} = any(${sql.param(scope.productIds)}::uuid[])`);
  return db
    .select({ id: stocks.id, productId: stocks.productId, placeId: stocks.placeId, lotNumber: stocks.lotNumber, expiryDate: stocks.expiryDate, unitPrice: stocks.unitPrice })
    .from(stocks)
    .innerJoin(products, eq(products.id, stocks.productId))
    .where(and(...filters))
    .orderBy(asc(products.name), asc(stocks.expiryDate), asc(stocks.id));
}

/**
 * The "A items": the products whose use (visits and manual use) makes up `share` of the use value
 * of the location since `since`, the biggest first, until the share is reached.
 */
export async function aItemProducts(db: DbOrTx, companyId: string, since: Date, share: number): Promise<string[]> {
  const result = await rowsOf<{ product_id: string }>(db, sql`
    with used as (
      select product_id, sum(quantity * unit_price) as value
        from stock_usages
       where company_id = ${companyId}::uuid and kind in ('treatment', 'manual') and created_at >= ${since.toISOString()}::timestamptz
       group by product_id
      having sum(quantity * unit_price) > 0
    ), ranked as (
      select product_id, sum(value) over (order by value desc, product_id) - value as before, sum(value) over () as total from used
    )
    select product_id from ranked where before < ${share}::numeric * total order by before`);
  return result.map((r) => r.product_id);
}

export async function findCategoryName(db: DbOrTx, companyId: string, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: categories.name })
    .from(categories)
    .where(and(eq(categories.id, id), or(isNull(categories.companyId), eq(categories.companyId, companyId))));
  return row?.name;
}

export async function insertCount(db: DbOrTx, values: typeof stockCounts.$inferInsert): Promise<CountRow> {
  const [row] = await db.insert(stockCounts).values(values).returning();
  return row!;
}

export async function insertLines(db: DbOrTx, rows: (typeof stockCountLines.$inferInsert)[]): Promise<CountLineRow[]> {
  if (rows.length === 0) return [];
  return db.insert(stockCountLines).values(rows).returning();
}

export async function findCount(db: DbOrTx, companyId: string, id: string): Promise<CountRow | undefined> {
  const [row] = await db.select().from(stockCounts).where(and(eq(stockCounts.id, id), eq(stockCounts.companyId, companyId)));
  return row;
}

/** The count locked until the transaction ends: counting, submitting and approving take turns. */
export async function lockCount(db: DbOrTx, companyId: string, id: string): Promise<CountRow | undefined> {
  const [row] = await db.select().from(stockCounts).where(and(eq(stockCounts.id, id), eq(stockCounts.companyId, companyId))).for('update');
  return row;
}

export async function updateCount(db: DbOrTx, id: string, values: Partial<typeof stockCounts.$inferInsert>): Promise<void> {
  await db.update(stockCounts).set(values).where(eq(stockCounts.id, id));
}

export async function findLine(db: DbOrTx, countId: string, lineId: string): Promise<CountLineRow | undefined> {
  const [row] = await db.select().from(stockCountLines).where(and(eq(stockCountLines.id, lineId), eq(stockCountLines.countId, countId)));
  return row;
}

export async function updateLine(db: DbOrTx, id: string, values: Partial<typeof stockCountLines.$inferInsert>): Promise<void> {
  await db.update(stockCountLines).set(values).where(eq(stockCountLines.id, id));
}

/** What the books hold of a lot now (its live units left), read while the count is locked. */
export async function unitsLeftOf(db: DbOrTx, companyId: string, stockId: string): Promise<number | null> {
  const [row] = await db
    .select({ unitsLeft: stocks.unitsLeft, deletedAt: stocks.deletedAt })
    .from(stocks)
    .where(and(eq(stocks.id, stockId), eq(stocks.companyId, companyId)));
  if (!row) return null;
  return row.deletedAt ? 0 : row.unitsLeft;
}

export async function allLines(db: DbOrTx, countId: string): Promise<CountLineRow[]> {
  return db.select().from(stockCountLines).where(eq(stockCountLines.countId, countId)).orderBy(asc(stockCountLines.productId), asc(stockCountLines.expiryDate), asc(stockCountLines.id));
}

/** A count's figures in one pass over its lines: lines, counted, found, and shelf minus books in units and value. */
function tallyOf(db: DbOrTx) {
  const counted = sql`${stockCountLines.countedUnits} is not null`;
  const variance = sql`${stockCountLines.countedUnits} - coalesce(${stockCountLines.expectedUnits}, 0)`;
  return db
    .select({
      lines: sql<number>`count(*)`.mapWith(Number).as('lines'),
      counted: sql<number>`count(*) filter (where ${counted})`.mapWith(Number).as('counted'),
      found: sql<number>`count(*) filter (where ${stockCountLines.isFound})`.mapWith(Number).as('found'),
      matching: sql<number>`count(*) filter (where not ${stockCountLines.isFound} and ${stockCountLines.countedUnits} = ${stockCountLines.expectedUnits})`.mapWith(Number).as('matching'),
      varianceUnits: sql<number>`coalesce(sum(${variance}) filter (where ${counted}), 0)`.mapWith(Number).as('variance_units'),
      varianceValue: sql<number>`coalesce(sum((${variance}) * ${stockCountLines.unitPrice}) filter (where ${counted}), 0)`.mapWith(Number).as('variance_value'),
    })
    .from(stockCountLines)
    .where(eq(stockCountLines.countId, stockCounts.id))
    .as('tally');
}

const starter = alias(users, 'starter');
const approver = alias(users, 'approver');

function countSelect(db: DbOrTx) {
  const tally = tallyOf(db);
  return db
    .select({
      count: stockCounts,
      lines: tally.lines,
      counted: tally.counted,
      found: tally.found,
      matching: tally.matching,
      varianceUnits: tally.varianceUnits,
      varianceValue: tally.varianceValue,
      startedByName: fullName(starter),
      approvedByName: fullName(approver),
      categoryName: categories.name,
      placeName: storagePlaces.name,
    })
    .from(stockCounts)
    .leftJoinLateral(tally, sql`true`)
    .leftJoin(starter, eq(starter.id, stockCounts.startedBy))
    .leftJoin(approver, eq(approver.id, stockCounts.approvedBy))
    .leftJoin(categories, eq(categories.id, stockCounts.categoryId))
    .leftJoin(storagePlaces, eq(storagePlaces.id, stockCounts.placeId));
}
export type CountSummaryRow = Awaited<ReturnType<typeof countSelect>>[number];

export async function countWithSummary(db: DbOrTx, companyId: string, id: string): Promise<CountSummaryRow | undefined> {
  const [row] = await countSelect(db).where(and(eq(stockCounts.id, id), eq(stockCounts.companyId, companyId)));
  return row;
}

export async function listCounts(db: DbOrTx, companyId: string, status: CountStatus | undefined, offset: number, limit: number) {
  const where = and(eq(stockCounts.companyId, companyId), status ? eq(stockCounts.status, status) : undefined);
  const [rows, [total]] = await Promise.all([
    countSelect(db).where(where).orderBy(desc(stockCounts.startedAt), desc(stockCounts.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(stockCounts).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

function lineSelect(db: DbOrTx) {
  return db
    .select({
      line: stockCountLines,
      productName: products.name,
      barcode: products.barcode,
      placeName: storagePlaces.name,
      countedByName: sql<string | null>`(select ${fullName(users)} from ${users} where ${users.id} = ${stockCountLines.countedBy})`,
    })
    .from(stockCountLines)
    .innerJoin(products, eq(products.id, stockCountLines.productId))
    .leftJoin(storagePlaces, eq(storagePlaces.id, stockCountLines.placeId));
}

/** A page of a count's sheet, with the names a counter reads; filters by text, state and place. */
export async function listLines(db: DbOrTx, countId: string, query: CountLineQuery, offset: number, limit: number) {
  const filters: (SQL | undefined)[] = [eq(stockCountLines.countId, countId)];
  if (query.search) {
    const like = containsPattern(query.search);
    filters.push(or(sql`${products.name} ilike ${like}`, sql`${products.barcode} ilike ${like}`, sql`${products.manufacturerCode} ilike ${like}`, sql`${stockCountLines.lotNumber} ilike ${like}`));
  }
  if (query.state === 'uncounted') filters.push(isNull(stockCountLines.countedUnits));
  if (query.state === 'counted') filters.push(sql`${stockCountLines.countedUnits} is not null`);
  if (query.state === 'variance') filters.push(sql`(${stockCountLines.isFound} or ${stockCountLines.countedUnits} <> ${stockCountLines.expectedUnits})`);
  if (query.place_id) filters.push(eq(stockCountLines.placeId, query.place_id));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    lineSelect(db).where(where).orderBy(asc(products.name), asc(stockCountLines.expiryDate), asc(stockCountLines.lotNumber), asc(stockCountLines.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(stockCountLines).innerJoin(products, eq(products.id, stockCountLines.productId)).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** One line of a count with its names. */
export async function lineWithNames(db: DbOrTx, countId: string, lineId: string) {
  const [row] = await lineSelect(db).where(and(eq(stockCountLines.countId, countId), eq(stockCountLines.id, lineId)));
  return row;
}
export type CountLineListRow = Awaited<ReturnType<typeof listLines>>['rows'][number];

/** Every line of a count with names, for the variance file. */
export async function linesForExport(db: DbOrTx, countId: string) {
  return db
    .select({ line: stockCountLines, productName: products.name, placeName: storagePlaces.name })
    .from(stockCountLines)
    .innerJoin(products, eq(products.id, stockCountLines.productId))
    .leftJoin(storagePlaces, eq(storagePlaces.id, stockCountLines.placeId))
    .where(eq(stockCountLines.countId, countId))
    .orderBy(asc(products.name), asc(stockCountLines.expiryDate), asc(stockCountLines.lotNumber), asc(stockCountLines.id));
}

/** The product's last unit price at the location: a found lot's value when none is typed. */
export async function lastUnitPrice(db: DbOrTx, companyId: string, productId: string): Promise<number> {
  const [row] = await db
    .select({ unitPrice: stocks.unitPrice })
    .from(stocks)
    .where(and(eq(stocks.companyId, companyId), eq(stocks.productId, productId)))
    .orderBy(desc(stocks.createdAt), desc(stocks.id))
    .limit(1);
  return row?.unitPrice ?? 0;
}

/** Inventory accuracy of the counts approved since `since`: counted lines, matching lines, variance values. */
export async function accuracySince(db: DbOrTx, companyId: string, since: Date) {
  const [row] = await db
    .select({
      counts: sql<number>`count(distinct ${stockCounts.id})`.mapWith(Number),
      linesCounted: sql<number>`count(${stockCountLines.id}) filter (where ${stockCountLines.countedUnits} is not null)`.mapWith(Number),
      linesMatching: sql<number>`count(${stockCountLines.id}) filter (where not ${stockCountLines.isFound} and ${stockCountLines.countedUnits} = ${stockCountLines.expectedUnits})`.mapWith(Number),
      varianceValue: sql<number>`coalesce(sum((${stockCountLines.countedUnits} - coalesce(${stockCountLines.expectedUnits}, 0)) * ${stockCountLines.unitPrice}), 0)`.mapWith(Number),
      absoluteVarianceValue: sql<number>`coalesce(sum(abs(${stockCountLines.countedUnits} - coalesce(${stockCountLines.expectedUnits}, 0)) * ${stockCountLines.unitPrice}), 0)`.mapWith(Number),
    })
    .from(stockCounts)
    .leftJoin(stockCountLines, eq(stockCountLines.countId, stockCounts.id))
    .where(and(eq(stockCounts.companyId, companyId), eq(stockCounts.status, 'approved'), sql`${stockCounts.approvedAt} >= ${since.toISOString()}::timestamptz`));
  return row!;
}

