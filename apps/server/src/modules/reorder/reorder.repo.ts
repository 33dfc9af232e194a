import { sql } from 'drizzle-orm';
import { DEFAULT_FILL_RATE, DEFAULT_HOLDING_RATE, DEFAULT_ORDER_COST, DEFAULT_REVIEW_DAYS, DEFAULT_SERVICE_LEVEL, type ReorderSettings } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { usableUnits } from '../../db/usable-lots';

// What reordering reads (issue 35): the daily use the report rollups already keep (visits and
// manual use only: never write-offs, returns, moves, counts or transfers), the days each supplier
// took from order to delivery, and a product's shelf and orders at the location.

/** Units used each day from `from` to `to` (inclusive ISO days) of one product at a location. */
export async function dailyUse(db: DbOrTx, companyId: string, productId: string, from: string, to: string): Promise<Map<string, number>> {
  const found = await rowsOf<{ day: string; units: string }>(
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
  const found = await rowsOf<{ days: string }>(
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
  /** Units on orders sent and not received: packs left x items in a pack x the last delivery's units per container. */
  onOrderUnits: number;
  /** From the newest lot received (not a part moved or a lot found): who it came from and its pack. */
  lastSupplierId: string | null;
  lastSupplierName: string | null;
  lastUnitsPerContainer: number | null;
  lastPricePerContainer: number | null;
  /** The day the product was first received here (a lot received, not moved or found): its history starts there. */
  firstReceiptDay: string | null;
}

export async function shelfFacts(db: DbOrTx, companyId: string, productId: string, today: string): Promise<ShelfFacts> {
  const [row] = await rowsOf<Record<string, string | null>>(
    db,
    sql`select coalesce((select minimum_stock from product_company_settings where company_id = ${companyId}::uuid and product_id = ${productId}::uuid), 0) as minimum_stock,
               ${usableUnits(sql`${companyId}::uuid`, sql`${productId}::uuid`, today)} as usable_units,
               last.supplier_id, last.supplier_name, last.units_per_container, last.price_per_container,
               (select min(s.created_at)::date::text from stocks s where s.company_id = ${companyId}::uuid and s.product_id = ${productId}::uuid
                  and s.moved_from_stock_id is null and s.found_in_count_id is null) as first_receipt_day,
               coalesce((select sum((pol.quantity - pol.received_quantity) * coalesce(pol.items_per_pack, 1) * coalesce(last.units_per_container, 1)) from purchase_order_lines pol join purchase_orders po on po.id = pol.purchase_order_id
                          where pol.company_id = ${companyId}::uuid and pol.product_id = ${productId}::uuid and po.status <> 'received'), 0) as on_order_units
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
    onOrderUnits: Number(row?.on_order_units ?? 0),
    lastSupplierId: row?.supplier_id ?? null,
    lastSupplierName: row?.supplier_name ?? null,
    lastUnitsPerContainer: unitsPerContainer,
    lastPricePerContainer: row?.price_per_container == null ? null : Number(row.price_per_container),
    firstReceiptDay: row?.first_receipt_day ?? null,
  };
}

// The daily job reads a whole location at once (a handful of statements, not a few per product).

/** Locations with any use recorded since `from`, or with forecasts to clear. */
export async function companiesToForecast(db: DbOrTx, from: string): Promise<string[]> {
  const found = await rowsOf<{ company_id: string }>(
    db,
    sql`select distinct company_id from report_daily_usage where day >= ${from}::date
        union select distinct company_id from reorder_forecasts`,
  );
  return found.map((r) => r.company_id);
}

/** Every product's use per day at a location from `from` to `to`, as rows. */
export async function useInWindow(db: DbOrTx, companyId: string, from: string, to: string) {
  const found = await rowsOf<{ product_id: string; day: string; units: string }>(
    db,
    sql`select product_id, day::text as day, units from report_daily_usage
         where company_id = ${companyId}::uuid and day between ${from}::date and ${to}::date and units <> 0`,
  );
  return found.map((r) => ({ productId: r.product_id, day: r.day, units: Number(r.units) }));
}

export interface ProductPlanFacts {
  productId: string;
  minimumStock: number;
  pinned: { reorderPoint: number; orderUpTo: number } | null;
  lastSupplierId: string | null;
  lastUnitsPerContainer: number | null;
  lastPricePerContainer: number | null;
  firstReceiptDay: string | null;
  /** Issue 51: the product's own fill-rate target here, its category and that category's target here. */
  productFillRate: number | null;
  category: { id: string; name: string; fillRate: number | null } | null;
  /** The last supplier's shipping terms at this location (null: none set). */
  shipping: { fee: number; freeOver: number | null } | null;
}

/** What the levels of these products at a location need besides their use: minimum, pins, last supplier, targets, shipping. */
export async function planFacts(db: DbOrTx, companyId: string, productIds: string[]): Promise<Map<string, ProductPlanFacts>> {
  if (productIds.length === 0) return new Map();
  const found = await rowsOf<{
    product_id: string;
    minimum_stock: number | null;
    pinned_reorder_point: number | null;
    pinned_order_up_to: number | null;
    supplier_id: string | null;
    units_per_container: string | null;
    price_per_container: string | null;
    first_receipt_day: string | null;
    product_fill_rate: string | null;
    category_id: string | null;
    category_name: string | null;
    category_fill_rate: string | null;
    shipping_fee: string | null;
    free_shipping_over: string | null;
  }>(
    db,
    sql`select p.id as product_id, pcs.minimum_stock, pcs.pinned_reorder_point, pcs.pinned_order_up_to, last.supplier_id, last.units_per_container, last.price_per_container,
               (select min(s.created_at)::date::text from stocks s where s.company_id = ${companyId}::uuid and s.product_id = p.id
                  and s.moved_from_stock_id is null and s.found_in_count_id is null) as first_receipt_day,
               pcs.fill_rate as product_fill_rate, c.id as category_id, c.name as category_name, crs.fill_rate as category_fill_rate,
               ship.shipping_fee, ship.free_shipping_over
          from unnest(${sql.param(productIds)}::uuid[]) as p(id)
          left join products prod on prod.id = p.id
          left join categories c on c.id = prod.category_id
          left join category_reorder_settings crs on crs.company_id = ${companyId}::uuid and crs.category_id = c.id
          left join product_company_settings pcs on pcs.company_id = ${companyId}::uuid and pcs.product_id = p.id
          left join lateral (
            select s.supplier_id, s.units_per_container, s.price_per_container from stocks s
             where s.company_id = ${companyId}::uuid and s.product_id = p.id and s.moved_from_stock_id is null and s.found_in_count_id is null
             order by s.created_at desc, s.id desc limit 1
          ) last on true
          left join supplier_shipping ship on ship.company_id = ${companyId}::uuid and ship.supplier_id = last.supplier_id`,
  );
  return new Map(
    found.map((r) => [
      r.product_id,
      {
        productId: r.product_id,
        minimumStock: Number(r.minimum_stock ?? 0),
        pinned: r.pinned_reorder_point === null || r.pinned_order_up_to === null ? null : { reorderPoint: Number(r.pinned_reorder_point), orderUpTo: Number(r.pinned_order_up_to) },
        lastSupplierId: r.supplier_id,
        lastUnitsPerContainer: r.units_per_container === null ? null : Number(r.units_per_container),
        lastPricePerContainer: r.price_per_container === null ? null : Number(r.price_per_container),
        firstReceiptDay: r.first_receipt_day,
        productFillRate: r.product_fill_rate === null ? null : Number(r.product_fill_rate),
        category: r.category_id === null ? null : { id: r.category_id, name: r.category_name ?? '', fillRate: r.category_fill_rate === null ? null : Number(r.category_fill_rate) },
        shipping: r.shipping_fee === null ? null : { fee: Number(r.shipping_fee), freeOver: r.free_shipping_over === null ? null : Number(r.free_shipping_over) },
      },
    ]),
  );
}

/** Days from order to first delivery per supplier at a location, oldest first. */
export async function leadTimeSamplesBySupplier(db: DbOrTx, companyId: string): Promise<Map<string, number[]>> {
  const found = await rowsOf<{ supplier_id: string; days: string }>(
    db,
    sql`select po.supplier_id, extract(epoch from (first.at - po.created_at)) / 86400 as days
          from purchase_orders po
          join lateral (select min(r.created_at) as at from purchase_order_receipts r where r.purchase_order_id = po.id) first on first.at is not null
         where po.company_id = ${companyId}::uuid
         order by po.created_at`,
  );
  const bySupplier = new Map<string, number[]>();
  for (const r of found) bySupplier.set(r.supplier_id, [...(bySupplier.get(r.supplier_id) ?? []), Number(r.days)]);
  return bySupplier;
}

/**
 * Lines per purchase order to each supplier at a location, over its latest 20 orders: the share
 * of an order's cost each line carries when a supplier's products go on one order (issue 51).
 */
export async function linesPerOrderBySupplier(db: DbOrTx, companyId: string): Promise<Map<string, number>> {
  const found = await rowsOf<{ supplier_id: string; lines: string }>(
    db,
    sql`select supplier_id, avg(lines) as lines from (
          select po.supplier_id, (select count(*) from purchase_order_lines pol where pol.purchase_order_id = po.id) as lines,
                 row_number() over (partition by po.supplier_id order by po.created_at desc) as n
            from purchase_orders po where po.company_id = ${companyId}::uuid
        ) latest where n <= 20 group by supplier_id`,
  );
  return new Map(found.map((r) => [r.supplier_id, Math.max(1, Number(r.lines))]));
}

export interface ReorderSettingsRow {
  serviceLevel: number;
  reviewDays: number;
  fillRate: number;
  orderCost: number;
  holdingRate: number;
  /** Suggested orders to one vendor under this value go out without review; null: never. */
  autoSendUnder: number | null;
  /** Whose name automatic orders go out in: the admin who turned it on. */
  autoSendBy: string | null;
}

/** The location's settings, or null for the defaults. */
export async function settingsOf(db: DbOrTx, companyId: string): Promise<ReorderSettingsRow | null> {
  const [row] = await rowsOf<{ service_level: string; review_days: number; fill_rate: string; order_cost: string; holding_rate: string; auto_send_under: string | null; auto_send_by: string | null }>(
    db,
    sql`select service_level, review_days, fill_rate, order_cost, holding_rate, auto_send_under, auto_send_by from reorder_settings where company_id = ${companyId}::uuid`,
  );
  return row
    ? {
        serviceLevel: Number(row.service_level),
        reviewDays: Number(row.review_days),
        fillRate: Number(row.fill_rate),
        orderCost: Number(row.order_cost),
        holdingRate: Number(row.holding_rate),
        autoSendUnder: row.auto_send_under === null ? null : Number(row.auto_send_under),
        autoSendBy: row.auto_send_by,
      }
    : null;
}

/** The settings a location plans with: its own, else the defaults. */
export function settingsView(saved: ReorderSettingsRow | null): Required<ReorderSettings> {
  return {
    service_level: saved?.serviceLevel ?? DEFAULT_SERVICE_LEVEL,
    review_days: saved?.reviewDays ?? DEFAULT_REVIEW_DAYS,
    fill_rate: saved?.fillRate ?? DEFAULT_FILL_RATE,
    order_cost: saved?.orderCost ?? DEFAULT_ORDER_COST,
    holding_rate: saved?.holdingRate ?? DEFAULT_HOLDING_RATE,
    auto_send_under: saved?.autoSendUnder ?? null,
  };
}

export interface ForecastRow {
  productId: string;
  method: string;
  dailyUse: number;
  leadTimeDays: number;
  reorderPoint: number;
  orderUpTo: number;
  expectedFill: number | null;
  why: string | null;
}

/** The location's forecasts replaced by these, in one transaction's two statements. */
export async function replaceForecasts(db: DbOrTx, companyId: string, forecasts: ForecastRow[], at: Date): Promise<void> {
  const ids = forecasts.map((f) => f.productId);
  await db.execute(sql`delete from reorder_forecasts where company_id = ${companyId}::uuid and not (product_id = any(${sql.param(ids)}::uuid[]))`);
  if (forecasts.length === 0) return;
  await db.execute(sql`
    insert into reorder_forecasts (company_id, product_id, method, daily_use, lead_time_days, reorder_point, order_up_to, expected_fill, why, computed_at)
    select ${companyId}::uuid, f.product_id, f.method, f.daily_use, f.lead_time_days, f.reorder_point, f.order_up_to, f.expected_fill, f.why, ${at.toISOString()}::timestamptz
      from unnest(${sql.param(ids)}::uuid[], ${sql.param(forecasts.map((f) => f.method))}::text[], ${sql.param(forecasts.map((f) => f.dailyUse))}::numeric[],
                  ${sql.param(forecasts.map((f) => f.leadTimeDays))}::numeric[], ${sql.param(forecasts.map((f) => f.reorderPoint))}::int[], ${sql.param(forecasts.map((f) => f.orderUpTo))}::int[],
                  ${sql.param(forecasts.map((f) => f.expectedFill))}::numeric[], ${sql.param(forecasts.map((f) => f.why))}::text[])
        as f(product_id, method, daily_use, lead_time_days, reorder_point, order_up_to, expected_fill, why)
    on conflict (company_id, product_id) do update set method = excluded.method, daily_use = excluded.daily_use, lead_time_days = excluded.lead_time_days,
      reorder_point = excluded.reorder_point, order_up_to = excluded.order_up_to, expected_fill = excluded.expected_fill, why = excluded.why, computed_at = excluded.computed_at`);
}

/**
 * The location's settings written (one row per location). Automatic sending is left as it is when
 * `autoSend` is undefined, turned off with null, else set under the value in the admin's name.
 */
export async function saveSettings(
  db: DbOrTx,
  companyId: string,
  settings: Pick<ReorderSettingsRow, 'serviceLevel' | 'reviewDays' | 'fillRate' | 'orderCost' | 'holdingRate'>,
  autoSend?: { under: number; by: string } | null,
): Promise<void> {
  const keep = autoSend === undefined;
  await db.execute(sql`insert into reorder_settings (company_id, service_level, review_days, fill_rate, order_cost, holding_rate, auto_send_under, auto_send_by, updated_at)
                       values (${companyId}::uuid, ${settings.serviceLevel}, ${settings.reviewDays}, ${settings.fillRate}, ${settings.orderCost}, ${settings.holdingRate},
                               ${autoSend?.under ?? null}::numeric, ${autoSend?.by ?? null}::uuid, now())
                       on conflict (company_id) do update set service_level = excluded.service_level, review_days = excluded.review_days,
                         fill_rate = excluded.fill_rate, order_cost = excluded.order_cost, holding_rate = excluded.holding_rate,
                         auto_send_under = case when ${keep} then reorder_settings.auto_send_under else excluded.auto_send_under end,
                         auto_send_by = case when ${keep} then reorder_settings.auto_send_by else excluded.auto_send_by end,
                         updated_at = now()`);
}

/** A product's levels set by hand at a location, or cleared (null): its settings row is made if missing. */
export async function savePinnedLevels(db: DbOrTx, companyId: string, productId: string, levels: { reorderPoint: number; orderUpTo: number } | null): Promise<void> {
  await db.execute(sql`insert into product_company_settings (product_id, company_id, pinned_reorder_point, pinned_order_up_to, updated_at)
                       values (${productId}::uuid, ${companyId}::uuid, ${levels?.reorderPoint ?? null}::int, ${levels?.orderUpTo ?? null}::int, now())
                       on conflict (product_id, company_id) do update set pinned_reorder_point = excluded.pinned_reorder_point, pinned_order_up_to = excluded.pinned_order_up_to, updated_at = now()`);
}

/** A product's own fill-rate target at a location (null: its category's or the location's); its settings row is made if missing. */
export async function saveProductFillRate(db: DbOrTx, companyId: string, productId: string, fillRate: number | null): Promise<void> {
  await db.execute(sql`insert into product_company_settings (product_id, company_id, fill_rate, updated_at)
                       values (${productId}::uuid, ${companyId}::uuid, ${fillRate}::numeric, now())
                       on conflict (product_id, company_id) do update set fill_rate = excluded.fill_rate, updated_at = now()`);
}

/** A category's fill-rate target at a location, or cleared (null). */
export async function saveCategoryFillRate(db: DbOrTx, companyId: string, categoryId: string, fillRate: number | null): Promise<void> {
  if (fillRate === null) {
    await db.execute(sql`delete from category_reorder_settings where company_id = ${companyId}::uuid and category_id = ${categoryId}::uuid`);
    return;
  }
  await db.execute(sql`insert into category_reorder_settings (company_id, category_id, fill_rate, updated_at) values (${companyId}::uuid, ${categoryId}::uuid, ${fillRate}, now())
                       on conflict (company_id, category_id) do update set fill_rate = excluded.fill_rate, updated_at = now()`);
}

/** The location's category targets, by category name. */
export async function categoryFillRates(db: DbOrTx, companyId: string): Promise<Array<{ categoryId: string; categoryName: string; fillRate: number }>> {
  const found = await rowsOf<{ category_id: string; name: string; fill_rate: string }>(
    db,
    sql`select crs.category_id, c.name, crs.fill_rate from category_reorder_settings crs join categories c on c.id = crs.category_id
         where crs.company_id = ${companyId}::uuid order by lower(c.name), c.id`,
  );
  return found.map((r) => ({ categoryId: r.category_id, categoryName: r.name, fillRate: Number(r.fill_rate) }));
}

export interface ShippingRow {
  fee: number;
  freeOver: number | null;
}

/** A supplier's shipping terms at a location, or null where none are set. */
export async function shippingOf(db: DbOrTx, companyId: string, supplierId: string): Promise<ShippingRow | null> {
  const [row] = await rowsOf<{ shipping_fee: string; free_shipping_over: string | null }>(
    db,
    sql`select shipping_fee, free_shipping_over from supplier_shipping where company_id = ${companyId}::uuid and supplier_id = ${supplierId}::uuid`,
  );
  return row ? { fee: Number(row.shipping_fee), freeOver: row.free_shipping_over === null ? null : Number(row.free_shipping_over) } : null;
}

/** A supplier's shipping terms at a location written, or cleared (null). */
export async function saveShipping(db: DbOrTx, companyId: string, supplierId: string, terms: ShippingRow | null): Promise<void> {
  if (terms === null) {
    await db.execute(sql`delete from supplier_shipping where company_id = ${companyId}::uuid and supplier_id = ${supplierId}::uuid`);
    return;
  }
  await db.execute(sql`insert into supplier_shipping (company_id, supplier_id, shipping_fee, free_shipping_over, updated_at)
                       values (${companyId}::uuid, ${supplierId}::uuid, ${terms.fee}, ${terms.freeOver}::numeric, now())
                       on conflict (company_id, supplier_id) do update set shipping_fee = excluded.shipping_fee, free_shipping_over = excluded.free_shipping_over, updated_at = now()`);
}

/** The shipping terms at a location of these suppliers, where set. */
export async function shippingOfSuppliers(db: DbOrTx, companyId: string, supplierIds: string[]): Promise<Array<{ supplierId: string } & ShippingRow>> {
  if (supplierIds.length === 0) return [];
  const found = await rowsOf<{ supplier_id: string; shipping_fee: string; free_shipping_over: string | null }>(
    db,
    sql`select supplier_id, shipping_fee, free_shipping_over from supplier_shipping where company_id = ${companyId}::uuid and supplier_id = any(${sql.param(supplierIds)}::uuid[])`,
  );
  return found.map((r) => ({ supplierId: r.supplier_id, fee: Number(r.shipping_fee), freeOver: r.free_shipping_over === null ? null : Number(r.free_shipping_over) }));
}
