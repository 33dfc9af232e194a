import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { countEvent } from '../../core/metrics';
import type { LotStatus } from '@clinic/domain';
import type { DbOrTx, Tx } from '../../db/client';
import { namedStatement } from '../../db/named-statement';
import { products, stockMoves, stocks, stockUsages, storagePlaces, suppliers } from '../../db/schema/index';
import { STORE_ANSWER_SQL, type KeyRef } from '../idempotency/idempotency';

// The ledger's writes: lots arriving, lots locked in one fixed order, usage rows (the only way
// units leave or come back; a trigger moves the lot's counters and its CHECKs hold).

export type StockRow = typeof stocks.$inferSelect;
/** createdAt is the receipt time: now, unless the receipt happened earlier (demo history, imports). */
/** placeId left out: the lot goes to its location's default place (a trigger, migration 0032). */
export type NewStock = Omit<typeof stocks.$inferInsert, 'id' | 'totalUnits' | 'unitsLeft' | 'unitsUsed' | 'unitsConsumed' | 'unitsRemoved' | 'updatedAt' | 'deletedAt' | 'placeId'> & {
  placeId?: string | undefined;
};
export type NewUsage = Omit<typeof stockUsages.$inferInsert, 'id'>;

const live = and(isNull(stocks.deletedAt));
const p = (name: string) => sql.placeholder(name);

export async function insertStocks(tx: DbOrTx, rows: NewStock[]): Promise<StockRow[]> {
  countEvent('ledger_operations_total', { kind: 'receipt' }, rows.length);
  // A row without a place is sent with DEFAULT there, and the insert trigger fills it in.
  return tx
    .insert(stocks)
    .values(rows as (typeof stocks.$inferInsert)[])
    .returning();
}

/**
 * A live place of the location, share-locked until the transaction ends: retiring it (which takes
 * it FOR UPDATE and checks it is empty) waits for units arriving there, and then sees them.
 */
export async function holdPlace(tx: DbOrTx, companyId: string, placeId: string) {
  const [row] = await tx
    .select()
    .from(storagePlaces)
    .where(and(eq(storagePlaces.id, placeId), eq(storagePlaces.companyId, companyId)))
    .for('share');
  return row;
}

export async function insertMove(tx: DbOrTx, row: typeof stockMoves.$inferInsert): Promise<void> {
  await tx.insert(stockMoves).values(row);
}

/** What identifies a delivery: a lot of a product from a supplier, with its expiry. */
export interface DeliveryKey {
  productId: string;
  lotNumber: string;
  expiryDate: string | null;
  supplierId: string | null;
}

/**
 * Puts receipts of the same products at a location in a row until the transaction ends, so two
 * people receiving the same delivery at once cannot both miss the other. Locks in a fixed order.
 */
export async function lockReceiptsOf(tx: Tx, companyId: string, productIds: string[]): Promise<void> {
  for (const productId of [...new Set(productIds)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`receipt:${companyId}:${productId}`}, 0))`);
  }
}

/** The live lots at a location matching any of the keys, newest first, with their names. */
export async function findReceiptsOf(tx: DbOrTx, companyId: string, keys: DeliveryKey[]) {
  if (keys.length === 0) return [];
  const matches = keys.map((k) =>
    and(
      eq(stocks.productId, k.productId),
      eq(stocks.lotNumber, k.lotNumber),
      k.expiryDate === null ? isNull(stocks.expiryDate) : eq(stocks.expiryDate, k.expiryDate),
      k.supplierId === null ? isNull(stocks.supplierId) : eq(stocks.supplierId, k.supplierId),
    ),
  );
  return tx
    .select({ stock: stocks, productName: products.name, supplierName: suppliers.name })
    .from(stocks)
    .innerJoin(products, eq(products.id, stocks.productId))
    .leftJoin(suppliers, eq(suppliers.id, stocks.supplierId))
    .where(and(eq(stocks.companyId, companyId), live, or(...matches)))
    .orderBy(desc(stocks.createdAt), desc(stocks.id));
}

export async function lockStock(tx: DbOrTx, companyId: string, id: string): Promise<StockRow | undefined> {
  const [row] = await tx
    .select()
    .from(stocks)
    .where(and(eq(stocks.id, id), eq(stocks.companyId, companyId), live))
    .for('update');
  return row;
}

export async function updateStock(tx: DbOrTx, id: string, values: Partial<typeof stocks.$inferInsert>): Promise<void> {
  await tx.update(stocks).set({ ...values, updatedAt: sql`now()` }).where(eq(stocks.id, id));
}

/** The only way units leave a stock: the trigger moves the stock's counters and its CHECKs hold. */
export async function appendUsages(tx: DbOrTx, rows: NewUsage[]): Promise<void> {
  countUsages(rows);
  if (rows.length > 0) await tx.insert(stockUsages).values(rows);
}

function countUsages(rows: NewUsage[]): void {
  for (const row of rows) countEvent('ledger_operations_total', { kind: row.kind });
}

/** What a consumption needs of a lot it locked. */
export interface LockedLot {
  id: string;
  productId: string;
  unitsLeft: number;
  unitPrice: number;
  expiryDate: string | null;
  lotNumber: string;
  /** Recalled and quarantined lots are locked with the rest but never picked. */
  status: LotStatus;
}

interface LockedLotRow {
  id: string;
  product_id: string;
  units_left: string;
  unit_price: string;
  expiry_date: string | null;
  lot_number: string;
  status: LotStatus;
}

// Every consumption locks its lots with one of these (named statements: db/named-statement.ts).
const LOCKED_COLUMNS = sql`id, product_id, units_left, unit_price, expiry_date, lot_number, status`;
const LOT_ORDER = sql`order by product_id, expiry_date asc nulls last, id for update`;
const lockProductLots = namedStatement<LockedLotRow>(
  'lock_product_lots',
  sql`select ${LOCKED_COLUMNS} from stocks
       where company_id = ${sql.placeholder('companyId')}::uuid and product_id = any(${sql.placeholder('productIds')}::uuid[]) and deleted_at is null and units_left > 0
       ${LOT_ORDER}`,
);
// One product (a manual consumption): a plain equality, so PostgreSQL settles on a generic plan.
const lockOneProductLots = namedStatement<LockedLotRow>(
  'lock_one_product_lots',
  sql`select ${LOCKED_COLUMNS} from stocks
       where company_id = ${sql.placeholder('companyId')}::uuid and product_id = ${sql.placeholder('productId')}::uuid and deleted_at is null and units_left > 0
       ${LOT_ORDER}`,
);
const lockProductAndNamedLots = namedStatement<LockedLotRow>(
  'lock_product_and_named_lots',
  sql`select ${LOCKED_COLUMNS} from stocks
       where company_id = ${sql.placeholder('companyId')}::uuid
         and ((product_id = any(${sql.placeholder('productIds')}::uuid[]) and deleted_at is null and units_left > 0) or id = any(${sql.placeholder('stockIds')}::uuid[]))
       ${LOT_ORDER}`,
);

/**
 * Locks the live lots of some products at a location, in one fixed order (product, first expiry,
 * id) so two consumptions of overlapping trays can never deadlock. Lots units go back to (a visit
 * edited) are locked in the same statement and order, so two transactions never take the same
 * locks in different orders.
 */
export async function lockLots(tx: DbOrTx, companyId: string, productIds: string[], alsoStockIds: string[] = []): Promise<LockedLot[]> {
  let rows: LockedLotRow[];
  if (alsoStockIds.length > 0) rows = await lockProductAndNamedLots(tx, { companyId, productIds, stockIds: alsoStockIds });
  else if (productIds.length === 1) rows = await lockOneProductLots(tx, { companyId, productId: productIds[0] });
  else rows = await lockProductLots(tx, { companyId, productIds });
  return rows.map((r) => ({ id: r.id, productId: r.product_id, unitsLeft: Number(r.units_left), unitPrice: Number(r.unit_price), expiryDate: r.expiry_date, lotNumber: r.lot_number, status: r.status }));
}

// A proposal's read (issue 55): the same lots in the same order, without locking them.
const readProductLots = namedStatement<LockedLotRow>(
  'read_product_lots',
  sql`select ${LOCKED_COLUMNS} from stocks
       where company_id = ${sql.placeholder('companyId')}::uuid and product_id = any(${sql.placeholder('productIds')}::uuid[]) and deleted_at is null and units_left > 0
       order by product_id, expiry_date asc nulls last, id`,
);

/** The live lots of some products at a location, in the order a taking locks them, read without locks: nothing is taken. */
export async function readLots(db: DbOrTx, companyId: string, productIds: string[]): Promise<LockedLot[]> {
  if (productIds.length === 0) return [];
  const rows = await readProductLots(db, { companyId, productIds });
  return rows.map((r) => ({ id: r.id, productId: r.product_id, unitsLeft: Number(r.units_left), unitPrice: Number(r.unit_price), expiryDate: r.expiry_date, lotNumber: r.lot_number, status: r.status }));
}

const lockStocksById = namedStatement<LockedLotRow>(
  'lock_stocks_by_id',
  sql`select ${LOCKED_COLUMNS} from stocks
       where company_id = ${sql.placeholder('companyId')}::uuid and id = any(${sql.placeholder('stockIds')}::uuid[]) and deleted_at is null
       ${LOT_ORDER}`,
);

/** Named lots of a location (a count's lines), live ones only, locked in the same fixed order as every taking. */
export async function lockStocksOf(tx: DbOrTx, companyId: string, stockIds: string[]): Promise<LockedLot[]> {
  if (stockIds.length === 0) return [];
  const rows = await lockStocksById(tx, { companyId, stockIds });
  return rows.map((r) => ({ id: r.id, productId: r.product_id, unitsLeft: Number(r.units_left), unitPrice: Number(r.unit_price), expiryDate: r.expiry_date, lotNumber: r.lot_number, status: r.status }));
}

/** Spec section 2: the admin's overview of a product at every location that holds it. */

export async function productNames(tx: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const rows = await tx.select({ id: products.id, name: products.name }).from(products).where(sql`${products.id} = any(${sql.param(ids)}::uuid[])`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

// The usage rows travel as one array per column, so one statement text serves any number of lots.
// The kinds travel as text: the embedded database learns array types when it opens, before the
// migrations create the enum, so it could not send a usage_kind[] parameter.
const USAGE_COLUMNS = {
  companyIds: (u: NewUsage) => u.companyId,
  stockIds: (u: NewUsage) => u.stockId,
  productIds: (u: NewUsage) => u.productId,
  kinds: (u: NewUsage) => u.kind,
  quantities: (u: NewUsage) => u.quantity,
  unitPrices: (u: NewUsage) => u.unitPrice,
  notes: (u: NewUsage) => u.note ?? '',
  userIds: (u: NewUsage) => u.userId ?? null,
  lineIds: (u: NewUsage) => u.treatmentLogProductId ?? null,
  createdAts: (u: NewUsage) => (u.createdAt ?? new Date()).toISOString(),
};
const usageArrays = (usages: NewUsage[]) => Object.fromEntries(Object.entries(USAGE_COLUMNS).map(([name, of]) => [name, usages.map((u) => of(u))]));
const INSERT_USAGES = sql`insert into stock_usages (company_id, stock_id, product_id, kind, quantity, unit_price, note, user_id, treatment_log_product_id, created_at)
        select u.company_id, u.stock_id, u.product_id, u.kind::usage_kind, u.quantity, u.unit_price, u.note, u.user_id, u.line_id, u.created_at
          from unnest(${p('companyIds')}::uuid[], ${p('stockIds')}::uuid[], ${p('productIds')}::uuid[], ${p('kinds')}::text[],
                      ${p('quantities')}::numeric[], ${p('unitPrices')}::numeric[], ${p('notes')}::text[], ${p('userIds')}::uuid[],
                      ${p('lineIds')}::uuid[], ${p('createdAts')}::timestamptz[])
            as u(company_id, stock_id, product_id, kind, quantity, unit_price, note, user_id, line_id, created_at)`;
const writeUsagesAndAnswer = namedStatement('ledger_write_usages_and_answer', sql`with written as (${INSERT_USAGES} returning id) ${STORE_ANSWER_SQL}`);

/**
 * Writes a claimed request's usage rows and stores its answer for replays, in one statement: one
 * round trip less while the lots are locked. The usage trigger moves the counters and the CHECKs
 * on stocks still refuse an overdraw, failing the whole statement.
 */
export async function appendUsagesWithAnswer(tx: Tx, usages: NewUsage[], key: KeyRef, answer: unknown): Promise<void> {
  if (usages.length === 0) throw new Error('appendUsagesWithAnswer writes at least one usage row');
  countUsages(usages);
  await writeUsagesAndAnswer(tx, { ...usageArrays(usages), ...key, response: JSON.stringify(answer) });
}

/** Lots by id at any location: the lots a transfer's units came from, read by the receiver. */
export async function lotsByIds(tx: DbOrTx, ids: string[]): Promise<StockRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(stocks).where(sql`${stocks.id} = any(${sql.param([...new Set(ids)])}::uuid[])`);
}
