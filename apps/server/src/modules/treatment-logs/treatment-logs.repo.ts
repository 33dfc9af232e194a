import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { patients, products, stocks, stockUsages, treatmentLogProducts, treatmentLogs, treatmentLogTreatments, treatments } from '../../db/schema/index';
import { rowsOf } from '../../db/rows';

export type TreatmentLogRow = typeof treatmentLogs.$inferSelect;
export type NewTreatmentLogProduct = typeof treatmentLogProducts.$inferInsert;

/** The location's patient with this chart number (case-insensitive), made on the first visit. */
export async function findOrCreatePatient(tx: DbOrTx, companyId: string, chartNumber: string): Promise<{ id: string; chartNumber: string }> {
  await tx.insert(patients).values({ companyId, chartNumber }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: patients.id, chartNumber: patients.chartNumber })
    .from(patients)
    .where(and(eq(patients.companyId, companyId), sql`lower(${patients.chartNumber}) = ${chartNumber.toLowerCase()}`));
  return row!;
}

export async function insertTreatmentLog(tx: DbOrTx, values: { companyId: string; patientId: string; caseNotes: string; totalCost: number; createdBy: string; createdAt: Date }): Promise<TreatmentLogRow> {
  const [row] = await tx.insert(treatmentLogs).values(values).returning();
  return row!;
}

export async function insertLogTreatments(tx: DbOrTx, treatmentLogId: string, treatmentIds: string[]): Promise<void> {
  // A visit the practice-management system took back entirely keeps no treatment.
  if (treatmentIds.length === 0) return;
  await tx.insert(treatmentLogTreatments).values(treatmentIds.map((treatmentId, position) => ({ treatmentLogId, treatmentId, position })));
}

export async function insertLogProducts(tx: DbOrTx, rows: NewTreatmentLogProduct[]): Promise<void> {
  if (rows.length > 0) await tx.insert(treatmentLogProducts).values(rows);
}

export async function updateCaseNotes(tx: DbOrTx, id: string, caseNotes: string, at: Date): Promise<void> {
  await tx.update(treatmentLogs).set({ caseNotes, updatedAt: at }).where(eq(treatmentLogs.id, id));
}

export async function updateRecordings(tx: DbOrTx, id: string, recordingUrls: string[], at: Date): Promise<void> {
  await tx.update(treatmentLogs).set({ recordingUrls, updatedAt: at }).where(eq(treatmentLogs.id, id));
}

const withPatient = { log: treatmentLogs, chartNumber: patients.chartNumber };

/** Locks a visit for an edit: a second edit of the same visit waits and then sees the first's result. */
export async function lockTreatmentLog(tx: DbOrTx, companyId: string, id: string) {
  const [row] = await tx
    .select(withPatient)
    .from(treatmentLogs)
    .innerJoin(patients, eq(patients.id, treatmentLogs.patientId))
    .where(and(eq(treatmentLogs.companyId, companyId), eq(treatmentLogs.id, id)))
    .for('update', { of: treatmentLogs });
  return row;
}

export async function logProductRows(db: DbOrTx, treatmentLogId: string) {
  return db.select().from(treatmentLogProducts).where(eq(treatmentLogProducts.treatmentLogId, treatmentLogId));
}

/**
 * What each visit line holds today, per lot and price, from the ledger: units taken minus units an
 * earlier edit returned. Lots that expire last come first, the order units go back in.
 */
export async function lineHoldings(db: DbOrTx, lineIds: string[]) {
  if (lineIds.length === 0) return [];
  return db
    .select({
      lineId: sql<string>`${stockUsages.treatmentLogProductId}`,
      stockId: stockUsages.stockId,
      unitPrice: stockUsages.unitPrice,
      lotNumber: stocks.lotNumber,
      deleted: sql<boolean>`${stocks.deletedAt} is not null`,
      quantity: sql<string>`sum(${stockUsages.quantity})`,
    })
    .from(stockUsages)
    .innerJoin(stocks, eq(stocks.id, stockUsages.stockId))
    .where(and(inArray(stockUsages.treatmentLogProductId, lineIds), eq(stockUsages.kind, 'treatment')))
    .groupBy(stockUsages.treatmentLogProductId, stockUsages.stockId, stockUsages.unitPrice, stocks.lotNumber, stocks.deletedAt, stocks.expiryDate, stocks.createdAt)
    .having(sql`sum(${stockUsages.quantity}) > 0`)
    .orderBy(sql`${stocks.expiryDate} desc nulls first`, desc(stocks.createdAt), desc(stockUsages.stockId));
}

export async function deleteLogProducts(tx: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length > 0) await tx.delete(treatmentLogProducts).where(inArray(treatmentLogProducts.id, ids));
}

export async function updateLogProduct(tx: DbOrTx, id: string, values: Pick<NewTreatmentLogProduct, 'treatmentId' | 'quantity' | 'cost' | 'unitPrice' | 'lotNumber'>): Promise<void> {
  await tx.update(treatmentLogProducts).set(values).where(eq(treatmentLogProducts.id, id));
}

export async function replaceLogTreatments(tx: DbOrTx, treatmentLogId: string, treatmentIds: string[]): Promise<void> {
  await tx.delete(treatmentLogTreatments).where(eq(treatmentLogTreatments.treatmentLogId, treatmentLogId));
  await insertLogTreatments(tx, treatmentLogId, treatmentIds);
}

export async function updateTotalCost(tx: DbOrTx, id: string, totalCost: number, at: Date): Promise<void> {
  await tx.update(treatmentLogs).set({ totalCost, updatedAt: at }).where(eq(treatmentLogs.id, id));
}

export async function findTreatmentLogs(db: DbOrTx, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select(withPatient)
    .from(treatmentLogs)
    .innerJoin(patients, eq(patients.id, treatmentLogs.patientId))
    .where(and(eq(treatmentLogs.companyId, companyId), inArray(treatmentLogs.id, ids)));
}

/** A location's visits, newest first, optionally of one patient. */
export async function listTreatmentLogs(db: DbOrTx, companyId: string, patientId: string | undefined, page: { offset: number; limit: number }) {
  const where: SQL[] = [eq(treatmentLogs.companyId, companyId)];
  if (patientId) where.push(eq(treatmentLogs.patientId, patientId));
  const rows = await db
    .select({ ...withPatient, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(treatmentLogs)
    .innerJoin(patients, eq(patients.id, treatmentLogs.patientId))
    .where(and(...where))
    .orderBy(desc(treatmentLogs.createdAt), desc(treatmentLogs.id))
    .limit(page.limit)
    .offset(page.offset);
  return { records: rows, total: rows[0]?.total ?? 0 };
}

/** The treatments of some visits, in the order they were chosen. */
export async function listLogTreatments(db: DbOrTx, logIds: string[]) {
  if (logIds.length === 0) return [];
  return db
    .select({ treatmentLogId: treatmentLogTreatments.treatmentLogId, id: treatments.id, treatmentCode: treatments.treatmentCode, name: treatments.name })
    .from(treatmentLogTreatments)
    .innerJoin(treatments, eq(treatments.id, treatmentLogTreatments.treatmentId))
    .where(inArray(treatmentLogTreatments.treatmentLogId, logIds))
    .orderBy(asc(treatmentLogTreatments.position));
}

/** The products of some visits with their treatment and product names. */
export async function listLogProducts(db: DbOrTx, logIds: string[]) {
  if (logIds.length === 0) return [];
  return db
    .select({
      row: treatmentLogProducts,
      productName: products.name,
      productImageUrl: products.productImageUrl,
      treatmentCode: treatments.treatmentCode,
      treatmentName: treatments.name,
    })
    .from(treatmentLogProducts)
    .innerJoin(products, eq(products.id, treatmentLogProducts.productId))
    .leftJoin(treatments, eq(treatments.id, treatmentLogProducts.treatmentId))
    .where(inArray(treatmentLogProducts.treatmentLogId, logIds))
    .orderBy(asc(products.name), asc(treatmentLogProducts.id));
}

export interface PatientFilter {
  search?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

function visitScope(companyId: string, filter: PatientFilter): SQL {
  const parts: SQL[] = [sql`l.company_id = ${companyId}`];
  // The range's days are the location's (its zone's midnights: migration 0051).
  if (filter.startDate) parts.push(sql`l.created_at >= location_day_start(${companyId}::uuid, ${filter.startDate}::date)`);
  if (filter.endDate) parts.push(sql`l.created_at < location_day_start(${companyId}::uuid, ${filter.endDate}::date + 1)`);
  return sql.join(parts, sql` and `);
}

/**
 * Spec section 3, Patient summary: per chart number, the visits within the range, their cost, and
 * the last one. One grouped statement over the location's visits (indexed by company and date).
 */
export async function listPatientSummaries(db: DbOrTx, companyId: string, filter: PatientFilter, page: { offset: number; limit: number }) {
  const search = filter.search ? sql`and p.chart_number ilike ${containsPattern(filter.search)}` : sql``;
  const result = await rowsOf<Omit<PatientSummaryRow, MoneyColumn> & Record<MoneyColumn, string>>(db, sql`
    with visits as (
      select l.id, l.patient_id, l.created_at, l.total_cost,
             row_number() over (partition by l.patient_id order by l.created_at desc, l.id desc) as recency
        from ${treatmentLogs} l
       where ${visitScope(companyId, filter)}
    ),
    summaries as (
      select p.id, p.chart_number, count(*)::int as total_visits, sum(v.total_cost) as life_time_cost,
             max(v.created_at) as last_visit,
             (array_agg(v.total_cost) filter (where v.recency = 1))[1] as last_visit_cost,
             (array_agg(v.id) filter (where v.recency = 1))[1] as last_visit_id
        from visits v join ${patients} p on p.id = v.patient_id
       where true ${search}
       group by p.id, p.chart_number
    )
    select s.*, count(*) over ()::int as matching, sum(s.total_visits) over ()::int as all_visits, sum(s.life_time_cost) over () as all_cost
      from summaries s
     order by s.last_visit desc, s.id
     limit ${page.limit} offset ${page.offset}`);
  // The sums come back from the driver as NUMERIC strings: numbers from here on.
  return result.map((row) => ({
    ...row,
    life_time_cost: Number(row.life_time_cost),
    last_visit_cost: Number(row.last_visit_cost),
    all_cost: Number(row.all_cost),
  }));
}

type MoneyColumn = 'life_time_cost' | 'last_visit_cost' | 'all_cost';

export interface PatientSummaryRow {
  id: string;
  chart_number: string;
  total_visits: number;
  life_time_cost: number;
  last_visit: Date | string;
  last_visit_cost: number;
  last_visit_id: string;
  matching: number;
  all_visits: number;
  all_cost: number;
}
