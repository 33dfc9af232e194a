import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productImportRows, productImports } from '../../db/schema/index';

export type ImportRow = typeof productImports.$inferSelect;
export type ImportLineRow = typeof productImportRows.$inferSelect;
export type NewImportLine = Omit<typeof productImportRows.$inferInsert, 'id' | 'updatedAt'>;

export async function insertImport(db: DbOrTx, values: Pick<typeof productImports.$inferInsert, 'companyId' | 'stockCompanyId' | 'fileKey' | 'fileName' | 'createdBy'>): Promise<ImportRow> {
  const [row] = await db.insert(productImports).values(values).returning();
  return row!;
}

export async function findImport(db: DbOrTx, id: string, companyId: string | null): Promise<ImportRow | null> {
  const owner = companyId ? eq(productImports.companyId, companyId) : isNull(productImports.companyId);
  const [row] = await db.select().from(productImports).where(and(eq(productImports.id, id), owner)).limit(1);
  return row ?? null;
}

export async function listImports(db: DbOrTx, companyId: string | null, page: { offset: number; limit: number }) {
  const where = companyId ? eq(productImports.companyId, companyId) : isNull(productImports.companyId);
  const [records, totals] = await Promise.all([
    db.select().from(productImports).where(where).orderBy(desc(productImports.createdAt), desc(productImports.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(productImports).where(where),
  ]);
  return { records, total: totals[0]?.n ?? 0 };
}

export async function findImportById(db: DbOrTx, id: string): Promise<ImportRow | null> {
  const [row] = await db.select().from(productImports).where(eq(productImports.id, id));
  return row ?? null;
}

export async function updateImport(db: DbOrTx, id: string, patch: Partial<Omit<ImportRow, 'id' | 'createdAt'>>): Promise<void> {
  await db.update(productImports).set(patch).where(eq(productImports.id, id));
}

/** Recounts from the rows themselves, so a resumed or fixed import never double-counts. */
export async function refreshImportCounts(db: DbOrTx, id: string, heartbeatAt: Date): Promise<void> {
  await db.execute(sql`
    update ${productImports} set
      processed_rows = c.total,
      succeeded_rows = c.succeeded,
      failed_rows = c.failed,
      heartbeat_at = ${heartbeatAt}
    from (
      select count(*)::int as total,
             count(*) filter (where ${productImportRows.status} = 'succeeded')::int as succeeded,
             count(*) filter (where ${productImportRows.status} = 'failed')::int as failed
      from ${productImportRows} where ${productImportRows.importId} = ${id}
    ) c
    where ${productImports.id} = ${id}`);
}

export async function insertImportLines(db: DbOrTx, lines: NewImportLine[]): Promise<void> {
  if (lines.length > 0) await db.insert(productImportRows).values(lines).onConflictDoNothing();
}

/** The highest row number already recorded: a resumed import continues after it. */
export async function lastRecordedRow(db: DbOrTx, importId: string): Promise<number> {
  const [row] = await db.select({ last: sql<number | null>`max(${productImportRows.rowNumber})` }).from(productImportRows).where(eq(productImportRows.importId, importId));
  return row?.last ?? 0;
}

export async function listImportLines(db: DbOrTx, importId: string, status: 'succeeded' | 'failed' | undefined, page: { offset: number; limit: number }) {
  const where = and(eq(productImportRows.importId, importId), status ? eq(productImportRows.status, status) : undefined);
  const [records, totals] = await Promise.all([
    db.select().from(productImportRows).where(where).orderBy(asc(productImportRows.rowNumber)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(productImportRows).where(where),
  ]);
  return { records, total: totals[0]?.n ?? 0 };
}

/** A row with its import, for the owner only. */
export async function findImportLine(db: DbOrTx, id: string, companyId: string | null): Promise<{ line: ImportLineRow; importRow: ImportRow } | null> {
  const owner = companyId ? eq(productImports.companyId, companyId) : isNull(productImports.companyId);
  const [row] = await db
    .select({ line: productImportRows, importRow: productImports })
    .from(productImportRows)
    .innerJoin(productImports, eq(productImports.id, productImportRows.importId))
    .where(and(eq(productImportRows.id, id), owner))
    .limit(1);
  return row ?? null;
}

export async function updateImportLine(db: DbOrTx, id: string, patch: Partial<Pick<ImportLineRow, 'status' | 'reason' | 'data' | 'productId'>>): Promise<void> {
  await db.update(productImportRows).set({ ...patch, updatedAt: new Date() }).where(eq(productImportRows.id, id));
}
