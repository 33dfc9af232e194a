import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

// What reordering reads (issue 35): the daily use the report rollups already keep (visits and
// manual use only: never write-offs, returns, moves, counts or transfers), the days each supplier
// took from order to delivery, and a product's shelf and orders at the location.

async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Units used each day from `from` to `to` (inclusive ISO days) of one product at a location. */
export async function dailyUse(db: DbOrTx, companyId: string, productId: string, from: string, to: string): Promise<Map<string, number>> {
  const found = await rows<{ day: string; units: string }>(
    db,
    sql`select day::text as day, units from report_daily_usage
         where company_id = ${companyId}::uuid and product_id = ${productId}::uuid and day between ${from}::date and ${to}::date`,
  );
  return new Map(found.map((r) => [r.day, Number(r.units)]));
}

/**
 * Days from sending a purchase order to its first delivery, for one supplier at a location, oldest
 * first: the samples a lead time is learned from. Orders not received yet say nothing.
 */
export async function leadTimeSamples(db: DbOrTx, companyId: string, supplierId: string): Promise<number[]> {
  const found = await rows<{ days: string }>(
    db,
    sql`select extract(epoch from (first.at - po.created_at)) / 86400 as days
          from purchase_orders po
          join lateral (select min(r.created_at) as at from purchase_order_receipts r where r.purchase_order_id = po.id) first on first.at is not null
         where po.company_id = ${companyId}::uuid and po.supplier_id = ${supplierId}::uuid
         order by po.created_at`,
  );
  return found.map((r) => Number(r.days));
}

export interface ShelfFacts {
  minimumStock: number;
  /** Unexpired, available (not recalled or quarantined) units left. */
  usableUnits: number;
  /** Units on orders sent and not received: containers left times the last delivery's container. */
  onOrderUnits: number;
  /** From the newest lot received (not a part moved or a lot found): who it came from and its pack. */
  lastSupplierId: string | null;
  lastSupplierName: string | null;
  lastUnitsPerContainer: number | null;
  lastPricePerContainer: number | null;
}

export async function shelfFacts(db: DbOrTx, companyId: string, productId: string, today: string): Promise<ShelfFacts> {
  const [row] = await rows<Record<string, string | null>>(
    db,
    sql`select coalesce((select minimum_stock from product_company_settings where company_id = ${companyId}::uuid and product_id = ${productId}::uuid), 0) as minimum_stock,
               coalesce((select sum(units_left) from stocks
                          where company_id = ${companyId}::uuid and product_id = ${productId}::uuid and deleted_at is null and units_left > 0
                            and status = 'available' and (expiry_date is null or expiry_date >= ${today}::date)), 0) as usable_units,
               last.supplier_id, last.supplier_name, last.units_per_container, last.price_per_container,
               coalesce((select sum(pol.quantity - pol.received_quantity) from purchase_order_lines pol join purchase_orders po on po.id = pol.purchase_order_id
                          where pol.company_id = ${companyId}::uuid and pol.product_id = ${productId}::uuid and po.status <> 'received'), 0) as on_order_containers
          from (select 1) one
          left join lateral (
            select s.supplier_id, sup.name as supplier_name, s.units_per_container, s.price_per_container from stocks s
              left join suppliers sup on sup.id = s.supplier_id
             where s.company_id = ${companyId}::uuid and s.product_id = ${productId}::uuid and s.moved_from_stock_id is null and s.found_in_count_id is null
             order by s.created_at desc, s.id desc limit 1
          ) last on true`,
  );
  const unitsPerContainer = row?.units_per_container == null ? null : Number(row.units_per_container);
  return {
    minimumStock: Number(row?.minimum_stock ?? 0),
    usableUnits: Number(row?.usable_units ?? 0),
    onOrderUnits: Number(row?.on_order_containers ?? 0) * (unitsPerContainer ?? 1),
    lastSupplierId: row?.supplier_id ?? null,
    lastSupplierName: row?.supplier_name ?? null,
    lastUnitsPerContainer: unitsPerContainer,
    lastPricePerContainer: row?.price_per_container == null ? null : Number(row.price_per_container),
  };
}
