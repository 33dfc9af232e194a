import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { namedStatement } from '../../db/named-statement';
import { alias } from 'drizzle-orm/pg-core';
import { products, stockMoves, stocks, stockUsages, storagePlaces, suppliers, treatmentLogProducts, treatments, users } from '../../db/schema/index';
import { visibleProducts } from '../products/products.reads';
import { rowsOf } from '../../db/rows';

export type StockRow = typeof stocks.$inferSelect;

export interface StockWithSupplier {
  stock: StockRow;
  supplierName: string | null;
  /** Who last recalled, quarantined or released the lot. */
  statusChangedByName: string | null;
  /** The storage place the lot sits in (issue 34). */
  placeName: string;
}

const live = and(isNull(stocks.deletedAt));
const statusChangedByName = sql<string | null>`(select u.first_name || ' ' || u.last_name from ${users} u where u.id = ${stocks.statusChangedBy})`;

export async function findStock(db: DbOrTx, companyId: string, id: string): Promise<StockWithSupplier | undefined> {
  const [row] = await db
    .select({ stock: stocks, supplierName: suppliers.name, statusChangedByName, placeName: storagePlaces.name })
    .from(stocks)
    .leftJoin(suppliers, eq(suppliers.id, stocks.supplierId))
    .innerJoin(storagePlaces, eq(storagePlaces.id, stocks.placeId))
    .where(and(eq(stocks.id, id), eq(stocks.companyId, companyId), live));
  return row;
}

export async function findStocks(db: DbOrTx, companyId: string, ids: string[]): Promise<StockWithSupplier[]> {
  if (ids.length === 0) return [];
  return db
    .select({ stock: stocks, supplierName: suppliers.name, statusChangedByName, placeName: storagePlaces.name })
    .from(stocks)
    .leftJoin(suppliers, eq(suppliers.id, stocks.supplierId))
    .innerJoin(storagePlaces, eq(storagePlaces.id, stocks.placeId))
    .where(and(inArray(stocks.id, ids), eq(stocks.companyId, companyId), live))
    .orderBy(desc(stocks.createdAt), asc(stocks.lotNumber), asc(stocks.id));
}

/** Locks one stock for a change; counters read after the lock are current. */
export async function listStocks(db: DbOrTx, companyId: string, productId: string, page: { offset: number; limit: number }, placeId?: string) {
  const rows = await db
    .select({ stock: stocks, supplierName: suppliers.name, statusChangedByName, placeName: storagePlaces.name, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(stocks)
    .leftJoin(suppliers, eq(suppliers.id, stocks.supplierId))
    .innerJoin(storagePlaces, eq(storagePlaces.id, stocks.placeId))
    .where(and(eq(stocks.companyId, companyId), eq(stocks.productId, productId), live, placeId ? eq(stocks.placeId, placeId) : undefined))
    .orderBy(desc(stocks.createdAt), desc(stocks.id))
    .limit(page.limit)
    .offset(page.offset);
  return { records: rows, total: rows[0]?.total ?? 0 };
}

/** The stock grid's footer: over all of the product's stock, not only the page shown. */
export async function stockTotals(db: DbOrTx, companyId: string, productId: string, placeId?: string) {
  const [row] = await db
    .select({
      totalUnits: sql<number>`coalesce(sum(${stocks.totalUnits}), 0)`.mapWith(Number),
      unitsLeft: sql<number>`coalesce(sum(floor(${stocks.unitsLeft})), 0)`.mapWith(Number),
      valueLeft: sql<number>`coalesce(round(sum(${stocks.unitsLeft} * ${stocks.unitPrice}), 2), 0)`.mapWith(Number),
    })
    .from(stocks)
    .where(and(eq(stocks.companyId, companyId), eq(stocks.productId, productId), live, placeId ? eq(stocks.placeId, placeId) : undefined));
  return row ?? { totalUnits: 0, unitsLeft: 0, valueLeft: 0 };
}

/** The usage history of a page of stocks, in one query, with the treatment behind each treatment use. */
export async function listUsages(db: DbOrTx, stockIds: string[]) {
  if (stockIds.length === 0) return [];
  return db
    .select({
      usage: stockUsages,
      userName: sql<string | null>`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
      treatmentCode: treatments.treatmentCode,
      treatmentName: treatments.name,
    })
    .from(stockUsages)
    .leftJoin(users, eq(users.id, stockUsages.userId))
    .leftJoin(treatmentLogProducts, eq(treatmentLogProducts.id, stockUsages.treatmentLogProductId))
    .leftJoin(treatments, eq(treatments.id, treatmentLogProducts.treatmentId))
    .where(inArray(stockUsages.stockId, stockIds))
    .orderBy(desc(stockUsages.createdAt), desc(stockUsages.id));
}

const fromPlace = alias(storagePlaces, 'from_place');
const toPlace = alias(storagePlaces, 'to_place');

/**
 * Moves between places that a lot's history shows besides its usage rows (issue 34): the units a
 * lot was made from, and a whole lot moved. The lot a part left has its own 'move' usage row.
 */
export async function listMovesInto(db: DbOrTx, stockIds: string[]) {
  if (stockIds.length === 0) return [];
  return db
    .select({
      move: stockMoves,
      fromPlaceName: fromPlace.name,
      toPlaceName: toPlace.name,
      userName: sql<string | null>`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
    })
    .from(stockMoves)
    .innerJoin(fromPlace, eq(fromPlace.id, stockMoves.fromPlaceId))
    .innerJoin(toPlace, eq(toPlace.id, stockMoves.toPlaceId))
    .leftJoin(users, eq(users.id, stockMoves.userId))
    .where(inArray(stockMoves.toStockId, stockIds))
    .orderBy(desc(stockMoves.createdAt), desc(stockMoves.id));
}

interface CycleRow {
  created_at: string | Date;
  unit_price: string;
  uses: string;
  units_used: string;
  total: string;
}

/**
 * A product's cycles at a location, newest first: each lot as received, with the uses and units of
 * every part of it moved to another place since (issue 34: a part moved is not a new purchase, so it
 * is no cycle of its own). A visit edited afterwards returns units with a negative row: it lowers
 * the units, not the uses.
 */
export async function cycleFacts(db: DbOrTx, companyId: string, productId: string, limit: number) {
  const result = await rowsOf<CycleRow>(db, sql`
    with recursive lot_root as (
      select s.id, s.id as root from stocks s
       where s.company_id = ${companyId}::uuid and s.product_id = ${productId}::uuid and s.moved_from_stock_id is null
      union all
      select s.id, r.root from stocks s join lot_root r on s.moved_from_stock_id = r.id
       where s.company_id = ${companyId}::uuid and s.product_id = ${productId}::uuid
    )
    select root.created_at, root.unit_price,
           count(u.id) filter (where u.kind in ('treatment', 'manual') and u.quantity > 0) as uses,
           coalesce(sum(u.quantity) filter (where u.kind in ('treatment', 'manual')), 0) as units_used,
           count(*) over () as total
      from lot_root r
      join stocks root on root.id = r.root
      left join stock_usages u on u.stock_id = r.id
     group by root.id
     order by root.created_at desc, root.id desc
     limit ${limit}`);
  return result.map((r) => ({ createdAt: new Date(r.created_at), unitPrice: Number(r.unit_price), uses: Number(r.uses), unitsUsed: Number(r.units_used), total: Number(r.total) }));
}

/** What the next use would pay (first expiry first among usable lots) and the shelf's average. */
export async function shelfPrices(db: DbOrTx, companyId: string, productId: string, today: string) {
  const usable = and(eq(stocks.companyId, companyId), eq(stocks.productId, productId), live, gt(stocks.unitsLeft, 0), sql`(${stocks.expiryDate} is null or ${stocks.expiryDate} >= ${today}::date)`);
  const [next] = await db.select({ unitPrice: stocks.unitPrice }).from(stocks).where(usable).orderBy(sql`${stocks.expiryDate} asc nulls last`, asc(stocks.id)).limit(1);
  const [average] = await db
    .select({ value: sql<number | null>`round(sum(${stocks.unitPrice} * ${stocks.unitsLeft}) / nullif(sum(${stocks.unitsLeft}), 0), 5)`.mapWith((v) => (v === null ? null : Number(v))) })
    .from(stocks)
    .where(usable);
  return { next: next ? next.unitPrice : null, average: average?.value ?? null };
}

const visibleProductName = namedStatement<{ id: string; name: string }>(
  'consumption_product',
  sql`select ${products.id}, ${products.name} from ${products} where ${products.id} = ${sql.placeholder('productId')}::uuid and ${visibleProducts({ companyId: sql`${sql.placeholder('companyId')}::uuid` })} limit 1`,
);

/**
 * A product the location sees, with only the name a consumption needs (for its shortage message):
 * one indexed lookup instead of the product page's joins; a named statement, run on every
 * manual consumption.
 */
export async function findVisibleProductName(db: DbOrTx, companyId: string, productId: string): Promise<{ id: string; name: string } | null> {
  const [row] = await visibleProductName(db, { companyId, productId });
  return row ?? null;
}
