import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AlertKind, ProductRequestUrgency } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import { namedStatement } from '../../db/named-statement';
import { locationDay, locationsByDay } from '../../db/location-day';
import { usableLot, usableUnits } from '../../db/usable-lots';
import { alerts, companies, lotHolds, lotHoldStocks, productCompanySettings, productRequests, products, reorderForecasts, runningListProducts, runningLists, stocks, suppliers, users } from '../../db/schema/index';

export interface AlertScope {
  /** One location, or every location (the background scan). */
  companyId?: string;
  /** Every location of this location's organization (a lot recalled or released). */
  organizationOf?: string;
  /** Only these products (a stock change), or all. */
  productIds?: string[];
}

export interface AlertRules {
  /** The instant of the refresh: lots expiring before the location's day then are expired. */
  at: Date;
  /** Lots expiring within this many days from the location's day are "expiring". */
  expiryWindowDays: number;
}

/** The rules as of now: every writer refreshes alerts with these. */
export function alertRulesNow(deps: { now(): Date; alertExpiryWindowDays: number }): AlertRules {
  return { at: deps.now(), expiryWindowDays: deps.alertExpiryWindowDays };
}

/** The values of a refresh: given, or placeholders of the named statement. */
interface RefreshValues {
  companyId?: SQL | string | undefined;
  /** Locations sharing one day (a many-location refresh, grouped by locationsByDay). */
  companyIds?: string[] | undefined;
  productIds?: string[] | undefined;
  /** One product: a plain equality, whose generic plan PostgreSQL finds as good as a custom one. */
  productId?: SQL | undefined;
  today: SQL | string;
  expiryWindowDays: SQL | number;
}

function scoped(companyColumn: SQL, productColumn: SQL, values: RefreshValues): SQL {
  const parts: SQL[] = [sql`true`];
  if (values.companyId) parts.push(sql`${companyColumn} = ${values.companyId}::uuid`);
  if (values.companyIds) parts.push(sql`${companyColumn} = any(${sql.param(values.companyIds)}::uuid[])`);
  if (values.productId) parts.push(sql`${productColumn} = ${values.productId}::uuid`);
  if (values.productIds) parts.push(sql`${productColumn} = any(${sql.param(values.productIds)}::uuid[])`);
  return sql.join(parts, sql` and `);
}

/**
 * Brings the live alerts of a scope in line with the stock, in one statement: conditions that hold
 * and have no live alert raise one (the partial unique index makes a duplicate impossible), live
 * alerts whose condition ended are resolved. A dismissed alert stays dismissed while its condition
 * holds; once resolved, the condition returning raises a new alert.
 *
 * Low stock counts usable units only (expired, recalled and quarantined lots are not stock a
 * clinic can use).
 *
 * A live lot with units left is 'recalled' while it is: a recall stops every lot of its product and
 * lot number in the organization (issue 50, ledger's setStatus), so it raises the alert at every
 * location holding that number, and releasing it resolves them all.
 */
function refreshStatement(values: RefreshValues): SQL {
  const stockScope = scoped(sql`s.company_id`, sql`s.product_id`, values);
  const settingsScope = scoped(sql`pcs.company_id`, sql`pcs.product_id`, values);
  const alertScope = scoped(sql`a.company_id`, sql`a.product_id`, values);
  const requestScope = scoped(sql`pr.company_id`, sql`pr.product_id`, values);
  const forecastScope = scoped(sql`rf.company_id`, sql`rf.product_id`, values);
  const today = sql`${values.today}::date`;
  return sql`
    -- The usable units of each product in scope, once for the low-stock and the runs-out branches.
    with usable as (
      select s.company_id, s.product_id, sum(s.units_left) as units
        from ${stocks} s
       where ${stockScope} and ${usableLot('s', today)}
       group by s.company_id, s.product_id
    ),
    wanted as (
      select s.company_id, s.product_id, s.id as stock_id,
             (case when s.expiry_date < ${today} then 'expired' else 'expiring' end)::alert_kind as kind
        from ${stocks} s
       where ${stockScope} and s.deleted_at is null and s.units_left > 0
         and s.expiry_date < ${today} + ${values.expiryWindowDays}::int
      union all
      select s.company_id, s.product_id, s.id, 'recalled'::alert_kind
        from ${stocks} s
       where ${stockScope} and s.deleted_at is null and s.units_left > 0 and s.status = 'recalled'
      union all
      select pcs.company_id, pcs.product_id, null::uuid, 'low_stock'::alert_kind
        from ${productCompanySettings} pcs
        join ${products} p on p.id = pcs.product_id and p.deleted_at is null
       where ${settingsScope} and pcs.minimum_stock > 0 and pcs.removed_at is null
         and coalesce((select u.units from usable u where u.company_id = pcs.company_id and u.product_id = pcs.product_id), 0) < pcs.minimum_stock
      union all
      -- Issue 35: at the forecast's daily use, the usable units run out before a delivery ordered
      -- today would arrive. The forecast is the reorder job's (daily); the shelf is read now.
      select rf.company_id, rf.product_id, null::uuid, 'runs_out'::alert_kind
        from ${reorderForecasts} rf
        join ${products} p on p.id = rf.product_id and p.deleted_at is null
       where ${forecastScope} and rf.daily_use > 0
         and not exists (select 1 from ${productCompanySettings} gone
                          where gone.company_id = rf.company_id and gone.product_id = rf.product_id and gone.removed_at is not null)
         and coalesce((select u.units from usable u where u.company_id = rf.company_id and u.product_id = rf.product_id), 0) < rf.daily_use * rf.lead_time_days
      union all
      select distinct pr.company_id, pr.product_id, null::uuid, 'requested'::alert_kind
        from ${productRequests} pr
        left join ${runningListProducts} rlp on rlp.id = pr.running_list_product_id
        left join ${runningLists} rl on rl.id = rlp.running_list_id
       where ${requestScope}
         and (pr.awaiting_supplier or (rl.id is not null and rl.deleted_at is null and rl.ordered_at is null))
    ),
    resolved as (
      update ${alerts} a set resolved_at = now()
       where ${alertScope} and a.resolved_at is null
         and not exists (select 1 from wanted w where w.company_id = a.company_id and w.product_id = a.product_id
                           and w.kind = a.kind and w.stock_id is not distinct from a.stock_id)
      returning 1
    )
    insert into ${alerts} (company_id, product_id, stock_id, kind)
    select company_id, product_id, stock_id, kind from wanted
    on conflict do nothing`;
}

/**
 * Expiry is judged by each location's own day (db/location-day.ts): one location's refresh runs at
 * its day; a refresh over many locations runs once per day they are on.
 */
export async function refreshAlerts(db: DbOrTx, scope: AlertScope, rules: AlertRules): Promise<void> {
  const { productIds } = scope;
  const { expiryWindowDays } = rules;
  if (scope.companyId) {
    await db.execute(refreshStatement({ companyId: scope.companyId, productIds, today: await locationDay(db, scope.companyId, rules.at), expiryWindowDays }));
    return;
  }
  for (const [today, companyIds] of await locationsByDay(db, { organizationOf: scope.organizationOf }, rules.at)) {
    await db.execute(refreshStatement({ companyIds, productIds, today, expiryWindowDays }));
  }
}

// A consumption refreshes its product's alerts on every request: a named statement, with one
// product so that PostgreSQL settles on a generic plan instead of planning it at every execution.
const refreshProductAtLocation = namedStatement(
  'refresh_alerts_product_at_location',
  refreshStatement({
    companyId: sql`${sql.placeholder('companyId')}`,
    productId: sql`${sql.placeholder('productId')}`,
    today: sql`${sql.placeholder('today')}`,
    expiryWindowDays: sql`${sql.placeholder('expiryWindowDays')}`,
  }),
);

/** refreshAlerts for one product at one location, by the named statement. */
export async function refreshProductAlerts(db: DbOrTx, companyId: string, productId: string, rules: AlertRules): Promise<void> {
  await refreshProductAtLocation(db, { companyId, productId, today: await locationDay(db, companyId, rules.at), expiryWindowDays: rules.expiryWindowDays });
}

export interface LastReceipt {
  supplierId: string | null;
  supplierName: string | null;
  unitsPerContainer: number;
}

export interface RecallSource {
  stockId: string;
  companyId: string;
  companyName: string;
  reason: string;
  reference: string;
  /** As json_build_object writes a timestamptz. */
  recalledAt: string | null;
}

export interface OpenRequest {
  requestedBy: string;
  quantity: number;
  urgency: ProductRequestUrgency;
  note: string;
  /** As json_build_object writes a timestamptz. */
  createdAt: string;
}

const open = (companyId: string) => and(eq(alerts.companyId, companyId), isNull(alerts.resolvedAt), isNull(alerts.dismissedAt));

/** Open alerts of a location, newest first, with what the alerts page shows about each. */
export async function listOpenAlerts(db: DbOrTx, companyId: string, kind: AlertKind | undefined, page: { offset: number; limit: number }, today: string) {
  const rows = await db
    .select({
      alert: alerts,
      productName: products.name,
      productImageUrl: products.productImageUrl,
      lotNumber: stocks.lotNumber,
      expiryDate: stocks.expiryDate,
      lotUnitsLeft: sql<number | null>`floor(${stocks.unitsLeft})`.mapWith((v) => (v === null ? null : Number(v))),
      minimumStock: sql<number>`coalesce(${productCompanySettings.minimumStock}, 0)`.mapWith(Number),
      unitsInStock: sql<number>`floor(${usableUnits(alerts.companyId, alerts.productId, today)})`.mapWith(Number),
      // The newest receipt, as reorder suggestions read it (deleted lots too: they were bought).
      lastReceipt: sql<LastReceipt | null>`(select json_build_object('supplierId', s.supplier_id, 'supplierName', sup.name, 'unitsPerContainer', s.units_per_container)
        from ${stocks} s left join ${suppliers} sup on sup.id = s.supplier_id
        where s.company_id = ${alerts.companyId} and s.product_id = ${alerts.productId}
        order by s.created_at desc, s.id desc limit 1)`.mapWith((v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as LastReceipt) : (v as LastReceipt | null))),
      // The recall behind a 'recalled' alert: the latest active recall stopping the lot, with the lot
      // and the location it was set on (issue 50: a recall holds every lot of its number).
      recall: sql<RecallSource | null>`case when ${alerts.kind} = 'recalled' then (
        select json_build_object('stockId', h.stock_id, 'companyId', there.id, 'companyName', there.name, 'reason', h.reason,
                                 'reference', h.reference, 'recalledAt', h.created_at)
          from ${lotHoldStocks} m
          join ${lotHolds} h on h.id = m.hold_id
          join ${companies} there on there.id = h.company_id
         where m.stock_id = ${alerts.stockId} and h.released_at is null and h.status = 'recalled'
         order by h.created_at desc, h.id
         limit 1) end`.mapWith((v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as RecallSource) : (v as RecallSource | null))),
      // The newest open request behind a 'requested' alert (on an open list, or waiting for a supplier): who asked, how many, how urgent.
      request: sql<OpenRequest | null>`case when ${alerts.kind} = 'requested' then (
        select json_build_object('requestedBy', u.first_name || ' ' || u.last_name, 'quantity', pr.quantity, 'urgency', pr.urgency,
                                 'note', pr.note, 'createdAt', pr.created_at)
          from ${productRequests} pr
          join ${users} u on u.id = pr.requested_by
          left join ${runningListProducts} rlp on rlp.id = pr.running_list_product_id
          left join ${runningLists} rl on rl.id = rlp.running_list_id
         where pr.company_id = ${alerts.companyId} and pr.product_id = ${alerts.productId}
           and (pr.awaiting_supplier or (rl.id is not null and rl.deleted_at is null and rl.ordered_at is null))
         order by pr.created_at desc, pr.id desc
         limit 1) end`.mapWith((v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as OpenRequest) : (v as OpenRequest | null))),
      // The forecast behind a 'runs_out' alert: units a day and the supplier's lead time (issue 35).
      forecast: sql<{ dailyUse: number; leadTimeDays: number } | null>`case when ${alerts.kind} = 'runs_out' then (
        select json_build_object('dailyUse', rf.daily_use, 'leadTimeDays', rf.lead_time_days)
          from ${reorderForecasts} rf where rf.company_id = ${alerts.companyId} and rf.product_id = ${alerts.productId}) end`.mapWith((v: unknown) =>
        typeof v === 'string' ? (JSON.parse(v) as { dailyUse: number; leadTimeDays: number }) : (v as { dailyUse: number; leadTimeDays: number } | null),
      ),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(alerts)
    .innerJoin(products, eq(products.id, alerts.productId))
    .leftJoin(stocks, eq(stocks.id, alerts.stockId))
    .leftJoin(productCompanySettings, and(eq(productCompanySettings.productId, alerts.productId), eq(productCompanySettings.companyId, alerts.companyId)))
    .where(and(open(companyId), kind ? eq(alerts.kind, kind) : undefined))
    .orderBy(desc(alerts.createdAt), asc(alerts.id))
    .limit(page.limit)
    .offset(page.offset);
  return { records: rows, total: rows[0]?.total ?? 0 };
}

export async function countOpenAlerts(db: DbOrTx, companyId: string): Promise<Record<AlertKind, number>> {
  const rows = await db
    .select({ kind: alerts.kind, count: sql<number>`count(*)`.mapWith(Number) })
    .from(alerts)
    .where(open(companyId))
    .groupBy(alerts.kind);
  const counts: Record<AlertKind, number> = { low_stock: 0, expiring: 0, expired: 0, recalled: 0, requested: 0, runs_out: 0 };
  for (const row of rows) counts[row.kind] = row.count;
  return counts;
}

export async function dismissAlert(db: DbOrTx, companyId: string, id: string, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(alerts)
    .set({ dismissedAt: at, dismissedBy: userId })
    .where(and(eq(alerts.id, id), open(companyId)))
    .returning({ id: alerts.id });
  return rows.length > 0;
}
