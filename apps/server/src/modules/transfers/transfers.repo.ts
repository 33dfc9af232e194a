import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TransferStatus } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import { companies, products, stocks, stockTransferItems, stockTransferLines, stockTransfers, users } from '../../db/schema/index';

export type TransferRow = typeof stockTransfers.$inferSelect;
export type TransferLineRow = typeof stockTransferLines.$inferSelect;

export async function insertTransfer(tx: DbOrTx, row: typeof stockTransfers.$inferInsert): Promise<TransferRow> {
  const [created] = await tx.insert(stockTransfers).values(row).returning();
  return created!;
}

export async function insertItems(tx: DbOrTx, rows: (typeof stockTransferItems.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(stockTransferItems).values(rows);
}

export async function insertLines(tx: DbOrTx, rows: (typeof stockTransferLines.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(stockTransferLines).values(rows);
}

export async function findTransfer(db: DbOrTx, id: string): Promise<TransferRow | undefined> {
  const [row] = await db.select().from(stockTransfers).where(eq(stockTransfers.id, id));
  return row;
}

/** Locks a transfer while it is shipped, received or canceled: two of these on one transfer take turns. */
export async function lockTransfer(tx: DbOrTx, id: string): Promise<TransferRow | undefined> {
  const [row] = await tx.select().from(stockTransfers).where(eq(stockTransfers.id, id)).for('update');
  return row;
}

export async function updateTransfer(tx: DbOrTx, id: string, values: Partial<typeof stockTransfers.$inferInsert>): Promise<void> {
  await tx.update(stockTransfers).set(values).where(eq(stockTransfers.id, id));
}

export async function updateLine(tx: DbOrTx, id: string, values: Pick<TransferLineRow, 'unitsReceived' | 'unitsWrittenOff' | 'writeOffReason' | 'receivedStockId'>): Promise<void> {
  await tx.update(stockTransferLines).set(values).where(eq(stockTransferLines.id, id));
}

export async function itemsOf(db: DbOrTx, transferIds: string[]) {
  if (transferIds.length === 0) return [];
  return db
    .select({ transferId: stockTransferItems.transferId, productId: stockTransferItems.productId, productName: products.name, units: stockTransferItems.units })
    .from(stockTransferItems)
    .innerJoin(products, eq(products.id, stockTransferItems.productId))
    .where(inArray(stockTransferItems.transferId, transferIds))
    .orderBy(products.name, stockTransferItems.id);
}

export async function linesOf(db: DbOrTx, transferIds: string[]) {
  if (transferIds.length === 0) return [];
  return db
    .select({ line: stockTransferLines, productName: products.name, lotNumber: stocks.lotNumber, expiryDate: stocks.expiryDate })
    .from(stockTransferLines)
    .innerJoin(products, eq(products.id, stockTransferLines.productId))
    .innerJoin(stocks, eq(stocks.id, stockTransferLines.sourceStockId))
    .where(inArray(stockTransferLines.transferId, transferIds))
    .orderBy(products.name, stocks.expiryDate, stockTransferLines.id);
}

/** Names of locations and people a page of transfers mentions. */
export async function namesOf(db: DbOrTx, companyIds: string[], userIds: string[]) {
  const [places, people] = await Promise.all([
    companyIds.length ? db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, [...new Set(companyIds)])) : [],
    userIds.length ? db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, [...new Set(userIds)])) : [],
  ]);
  return {
    locations: new Map(places.map((c) => [c.id, c.name])),
    people: new Map(people.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.email])),
  };
}

function involving(companyId: string, direction: 'incoming' | 'outgoing' | undefined, status: TransferStatus | undefined): SQL {
  const side = direction === 'incoming' ? eq(stockTransfers.toCompanyId, companyId) : direction === 'outgoing' ? eq(stockTransfers.fromCompanyId, companyId) : or(eq(stockTransfers.toCompanyId, companyId), eq(stockTransfers.fromCompanyId, companyId));
  return and(side, status ? eq(stockTransfers.status, status) : undefined)!;
}

/** A location's transfers both ways (or one), newest first, one page of them, and how many in all. */
export async function listTransfers(db: DbOrTx, companyId: string, filter: { direction?: 'incoming' | 'outgoing' | undefined; status?: TransferStatus | undefined }, window: { offset: number; limit: number }) {
  const where = involving(companyId, filter.direction, filter.status);
  const [rows, [count]] = await Promise.all([
    db.select().from(stockTransfers).where(where).orderBy(desc(stockTransfers.createdAt), desc(stockTransfers.id)).limit(window.limit).offset(window.offset),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(stockTransfers).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Units and dollars in transit to and from a location (lines of transfers shipped, not yet received). */
export async function inTransitOf(db: DbOrTx, companyId: string) {
  const rows = await db
    .select({
      incoming: sql<boolean>`${stockTransfers.toCompanyId} = ${companyId}`,
      units: sql<number>`coalesce(sum(${stockTransferLines.unitsShipped}), 0)`.mapWith(Number),
      value: sql<number>`coalesce(sum(${stockTransferLines.unitsShipped} * ${stockTransferLines.unitPrice}), 0)`.mapWith(Number),
    })
    .from(stockTransferLines)
    .innerJoin(stockTransfers, eq(stockTransfers.id, stockTransferLines.transferId))
    .where(and(eq(stockTransfers.status, 'in_transit'), or(eq(stockTransfers.toCompanyId, companyId), eq(stockTransfers.fromCompanyId, companyId)), isNull(stockTransferLines.unitsReceived)))
    .groupBy(sql`1`);
  const of = (incoming: boolean) => rows.find((r) => Boolean(r.incoming) === incoming) ?? { units: 0, value: 0 };
  return { incoming: of(true), outgoing: of(false) };
}
