import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LotStatus } from '@clinic/domain';
import type { DbOrTx, Tx } from '../../db/client';
import type { StockRow } from './ledger.repo';
import { companies, lotHolds, lotHoldStocks, stocks } from '../../db/schema/index';
import { rowsOf } from '../../db/rows';

// Recalls and quarantines as holds on lots (issue 50, item 1; schema/lot-holds.ts). The lots' own
// status is kept from their active holds by lot_status_refresh (migration 0043).

/** A lot a hold reaches, as it stands before the change. */
export interface HeldLot {
  id: string;
  companyId: string;
  locationName: string;
  productId: string;
  lotNumber: string;
  status: LotStatus;
}

export interface ActiveHold {
  id: string;
  companyId: string;
  locationName: string;
  status: Exclude<LotStatus, 'available'>;
}

interface HeldLotRow {
  id: string;
  company_id: string;
  location_name: string;
  product_id: string;
  lot_number: string;
  status: LotStatus;
}

const toHeldLot = (r: HeldLotRow): HeldLot => ({ id: r.id, companyId: r.company_id, locationName: r.location_name, productId: r.product_id, lotNumber: r.lot_number, status: r.status });

/**
 * The live lots a hold on `stockId` reaches in its organization: the lot, every lot of the same
 * product and lot number (without case; a lot without a number matches only itself) when the hold
 * takes the whole number, and every lot made from any of them (a part moved to another place,
 * units received by transfer), however many times over. With `lock`, locked in the order every
 * consumption locks lots (product, first expiry, id), so a hold and a visit never deadlock.
 */
export async function lotsReached(tx: DbOrTx, stockId: string, wholeLotNumber: boolean, lock: boolean): Promise<HeldLot[]> {
  return (
    await rowsOf<HeldLotRow>(
      tx,
      sql`with recursive origin as (
            select s.id, s.product_id, s.lot_number, c.organization_id from ${stocks} s join ${companies} c on c.id = s.company_id where s.id = ${stockId}::uuid
          ), reached(id) as (
            select id from origin
            union
            select s.id from origin o join ${companies} c on c.organization_id = o.organization_id
              join ${stocks} s on s.company_id = c.id and s.product_id = o.product_id and lower(s.lot_number) = lower(o.lot_number)
             where ${wholeLotNumber}::boolean and o.lot_number <> '' and s.deleted_at is null
            union
            select s.id from reached r join ${stocks} s on (s.moved_from_stock_id = r.id or s.transferred_from_stock_id = r.id) and s.deleted_at is null
          )
          select s.id, s.company_id, c.name as location_name, s.product_id, s.lot_number, s.status
            from ${stocks} s join ${companies} c on c.id = s.company_id
           where s.id in (select id from reached)
           order by s.product_id, s.expiry_date asc nulls last, s.id
           ${lock ? sql`for update of s` : sql``}`,
    )
  ).map(toHeldLot);
}

/**
 * Holds, until the transaction ends, the product's lots against arriving: every lot inserted takes
 * the same key shared (the stocks_join_holds trigger) and joins the holds it sees, so a lot arriving
 * while a hold is set or released waits for it and then joins what is active.
 */
export async function holdArrivalsOf(tx: Tx, productId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`lot-holds:${productId}`}, 0))`);
}

/** A live lot of the location, not locked: a hold locks what it reaches in the consumption's order. */
export async function liveLot(tx: DbOrTx, companyId: string, id: string): Promise<StockRow | undefined> {
  const [row] = await tx
    .select()
    .from(stocks)
    .where(and(eq(stocks.id, id), eq(stocks.companyId, companyId), isNull(stocks.deletedAt)));
  return row;
}

/** A hold set at a location, in that location's organization. */
export async function insertHold(tx: DbOrTx, values: Omit<typeof lotHolds.$inferInsert, 'organizationId'>): Promise<string> {
  const organizationId = sql`(select ${companies.organizationId} from ${companies} where ${companies.id} = ${values.companyId}::uuid)`;
  const [row] = await tx
    .insert(lotHolds)
    .values({ ...values, organizationId: organizationId as unknown as string })
    .returning({ id: lotHolds.id });
  return row!.id;
}

export async function addToHold(tx: DbOrTx, holdId: string, stockIds: string[]): Promise<void> {
  if (stockIds.length === 0) return;
  await tx.insert(lotHoldStocks).values(stockIds.map((stockId) => ({ holdId, stockId }))).onConflictDoNothing();
}

/** The active holds stopping a lot, strongest first, with the location that set each. */
export async function activeHoldsOf(tx: DbOrTx, stockId: string): Promise<ActiveHold[]> {
  const rows = await rowsOf<{ id: string; company_id: string; location_name: string; status: ActiveHold['status'] }>(
    tx,
    sql`select h.id, h.company_id, c.name as location_name, h.status
          from ${lotHoldStocks} m join ${lotHolds} h on h.id = m.hold_id join ${companies} c on c.id = h.company_id
         where m.stock_id = ${stockId}::uuid and h.released_at is null
         order by h.status = 'recalled' desc, h.created_at desc, h.id desc`,
  );
  return rows.map((r) => ({ id: r.id, companyId: r.company_id, locationName: r.location_name, status: r.status }));
}

/** The live lots the holds stop, locked in the consumption's order. */
export async function lotsOfHolds(tx: DbOrTx, holdIds: string[]): Promise<HeldLot[]> {
  if (holdIds.length === 0) return [];
  return (
    await rowsOf<HeldLotRow>(
      tx,
      sql`select s.id, s.company_id, c.name as location_name, s.product_id, s.lot_number, s.status
            from ${stocks} s join ${companies} c on c.id = s.company_id
           where s.deleted_at is null and s.id in (select stock_id from ${lotHoldStocks} where hold_id = any(${sql.param(holdIds)}::uuid[]))
           order by s.product_id, s.expiry_date asc nulls last, s.id
           for update of s`,
    )
  ).map(toHeldLot);
}

export async function releaseHolds(tx: DbOrTx, holdIds: string[], by: string | null, at: Date, reason: string): Promise<void> {
  if (holdIds.length === 0) return;
  await tx.execute(
    sql`update ${lotHolds} set released_by = ${by}::uuid, released_at = ${at.toISOString()}::timestamptz, release_reason = ${reason}
         where id = any(${sql.param(holdIds)}::uuid[]) and released_at is null`,
  );
}

/**
 * Brings the lots' status in line with their active holds (migration 0043, lot_status_refresh): the
 * strongest hold's status, reason and reference, or available, released by `by` at `at`. Answers
 * the lots whose status changed, with the status they have now.
 */
export async function refreshLotStatus(tx: DbOrTx, lots: HeldLot[], by: string | null, at: Date): Promise<{ lot: HeldLot; status: LotStatus }[]> {
  if (lots.length === 0) return [];
  await tx.execute(sql`select lot_status_refresh(${sql.param(lots.map((l) => l.id))}::uuid[], ${by}::uuid, ${at.toISOString()}::timestamptz)`);
  const now = await rowsOf<{ id: string; status: LotStatus }>(tx, sql`select id, status from ${stocks} where id = any(${sql.param(lots.map((l) => l.id))}::uuid[])`);
  const after = new Map(now.map((r) => [r.id, r.status]));
  return lots.flatMap((lot) => {
    const status = after.get(lot.id) ?? lot.status;
    return status === lot.status ? [] : [{ lot, status }];
  });
}
