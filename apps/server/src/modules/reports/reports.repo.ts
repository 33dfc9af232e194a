import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rangePeriods, type DayRange } from './report-periods';
import { rowsOf } from '../../db/rows';

export type { DayRange } from './report-periods';

const ids = (companyIds: string[]) => sql`${sql.param(companyIds)}::uuid[]`;

/** The rollups: each has a daily and a monthly table with the same key and figures. */
const ROLLUPS = {
  usage: { key: 'product_id', figures: ['units', 'cost'] },
  spend: { key: 'supplier_id', figures: ['spend'] },
  treatments: { key: 'treatment_id', figures: ['performed', 'cost'] },
} as const;

/**
 * A rollup's rows over a range, as a subquery of (company_id, key, figures...): the whole months
 * from its monthly table, the days around them from its daily one (issue 37: a year is ~12 rows
 * per key, not ~365). `companies` is the condition on company_id, e.g. `= any(...)` or `= c.id`.
 */
function rollupRows(name: keyof typeof ROLLUPS, companies: SQL, range: DayRange): SQL {
  const { key, figures } = ROLLUPS[name];
  const columns = sql.raw(['company_id', key, ...figures].join(', '));
  const { months, days } = rangePeriods(range);
  const parts: SQL[] = days.map(
    (d) => sql`select ${columns} from ${sql.raw(`report_daily_${name}`)} where company_id ${companies} and day between ${d.start}::date and ${d.end}::date`,
  );
  if (months) parts.push(sql`select ${columns} from ${sql.raw(`report_monthly_${name}`)} where company_id ${companies} and month between ${months.start}::date and ${months.end}::date`);
  return sql`(${sql.join(parts, sql` union all `)})`;
}

export interface CardRow {
  company_id: string;
  spend: number;
  usage_cost: number;
  treatments_performed: number;
  patients_seen: number;
  stock_value: number;
  items_below_minimum: number;
  marketplace_saved: number;
}

/**
 * The dashboard cards of each location: range figures from the daily rollups, stock value and low
 * stock as they are now. Patients seen: when the range reaches today, the patients whose latest
 * visit is on or after its start (an index count); a range in the past counts the distinct
 * patients of its visits (the visits' covering index).
 */
export function cardsByLocation(db: DbOrTx, companyIds: string[], range: DayRange, today: string) {
  // The range's days are the location's (migration 0051's location_day_start, its zone's midnight).
  const from = sql`location_day_start(c.id, ${range.start}::date)`;
  const until = sql`location_day_start(c.id, ${range.end}::date + 1)`;
  const patientsSeen =
    range.end >= today
      ? sql`(select count(*)::int from patients p where p.company_id = c.id and p.last_visit_at >= ${from})`
      : sql`(select count(distinct l.patient_id)::int from treatment_logs l
              where l.company_id = c.id and l.created_at >= ${from} and l.created_at < ${until})`;
  return rowsOf<CardRow>(
    db,
    sql`
      select c.id as company_id,
        (select coalesce(sum(s.spend), 0) from ${rollupRows('spend', sql`= c.id`, range)} s) as spend,
        (select coalesce(sum(u.cost), 0) from ${rollupRows('usage', sql`= c.id`, range)} u) as usage_cost,
        (select coalesce(sum(t.performed), 0)::int from ${rollupRows('treatments', sql`= c.id`, range)} t) as treatments_performed,
        ${patientsSeen} as patients_seen,
        (select coalesce(sum(k.units_left * k.unit_price), 0) from stocks k where k.company_id = c.id and k.deleted_at is null and not k.is_consignment and k.units_left > 0) as stock_value,
        (select count(*)::int from alerts a where a.company_id = c.id and a.kind = 'low_stock' and a.resolved_at is null) as items_below_minimum,
        (select coalesce(sum(greatest(v.highest_total - o.total, 0)), 0) from vendor_orders v join purchase_orders o on o.id = v.purchase_order_id
          where v.company_id = c.id and v.status <> 'failed' and v.placed_at >= ${from} and v.placed_at < ${until}) as marketplace_saved
      from companies c
      where c.id = any(${ids(companyIds)})`,
    ['spend', 'usage_cost', 'stock_value', 'marketplace_saved'],
  );
}

/** Each location's purchase spend over the range (the cards' spend, without the other cards' figures). */
export function spendByLocation(db: DbOrTx, companyIds: string[], range: DayRange) {
  return rowsOf<{ company_id: string; spend: number }>(
    db,
    sql`select company_id, sum(spend) as spend from ${rollupRows('spend', sql`= any(${ids(companyIds)})`, range)} s group by company_id`,
    ['spend'],
  );
}

/** Every day of the range with its spend and usage cost, zero when nothing happened. */
export function expenseByDay(db: DbOrTx, companyIds: string[], range: DayRange) {
  return rowsOf<{ day: string; spend: number; usage_cost: number }>(
    db,
    sql`
      select to_char(d, 'YYYY-MM-DD') as day, coalesce(s.spend, 0) as spend, coalesce(u.cost, 0) as usage_cost
      from generate_series(${range.start}::date, ${range.end}::date, interval '1 day') d
      left join (select day, sum(spend) as spend from report_daily_spend
                  where company_id = any(${ids(companyIds)}) and day between ${range.start}::date and ${range.end}::date group by day) s on s.day = d::date
      left join (select day, sum(cost) as cost from report_daily_usage
                  where company_id = any(${ids(companyIds)}) and day between ${range.start}::date and ${range.end}::date group by day) u on u.day = d::date
      order by d`,
    ['spend', 'usage_cost'],
  );
}

export function expenseByTreatment(db: DbOrTx, companyIds: string[], range: DayRange, limit: number) {
  return rowsOf<{ treatment_id: string | null; treatment_code: string | null; name: string | null; performed: number; cost: number }>(
    db,
    sql`
      select r.treatment_id, t.treatment_code, t.name, r.performed, r.cost
      from (select treatment_id, sum(performed)::int as performed, sum(cost) as cost from ${rollupRows('treatments', sql`= any(${ids(companyIds)})`, range)} x
             group by treatment_id having sum(performed) <> 0 or sum(cost) <> 0) r
      left join treatments t on t.id = r.treatment_id
      order by r.cost desc, r.performed desc, t.name
      limit ${limit}`,
    ['cost'],
  );
}

/** Usage cost not taken by any visit: all usage minus every treatment's cost (not only the top rows). */
export async function manualUseCost(db: DbOrTx, companyIds: string[], range: DayRange): Promise<number> {
  const [row] = await rowsOf<{ cost: number }>(
    db,
    sql`
      select (select coalesce(sum(cost), 0) from ${rollupRows('usage', sql`= any(${ids(companyIds)})`, range)} u)
           - (select coalesce(sum(cost), 0) from ${rollupRows('treatments', sql`= any(${ids(companyIds)})`, range)} t) as cost`,
    ['cost'],
  );
  return row?.cost ?? 0;
}

export function mostUsedProducts(db: DbOrTx, companyIds: string[], range: DayRange, limit: number) {
  return rowsOf<{ product_id: string; name: string; product_image_url: string | null; units: number; cost: number }>(
    db,
    sql`
      select r.product_id, p.name, p.product_image_url, r.units, r.cost
      from (select product_id, sum(units) as units, sum(cost) as cost from ${rollupRows('usage', sql`= any(${ids(companyIds)})`, range)} x
             group by product_id having sum(units) > 0
             order by sum(units) desc, sum(cost) desc, product_id limit ${limit}) r
      join products p on p.id = r.product_id
      order by r.units desc, r.cost desc, p.name`,
    ['units', 'cost'],
  );
}

export function topSuppliers(db: DbOrTx, companyIds: string[], range: DayRange, limit: number) {
  return rowsOf<{ supplier_id: string | null; name: string | null; spend: number }>(
    db,
    sql`
      select r.supplier_id, s.name, r.spend
      from (select supplier_id, sum(spend) as spend from ${rollupRows('spend', sql`= any(${ids(companyIds)})`, range)} x
             group by supplier_id having sum(spend) > 0
             order by sum(spend) desc limit ${limit}) r
      left join suppliers s on s.id = r.supplier_id
      order by r.spend desc, s.name`,
    ['spend'],
  );
}

/** Live lots with units left expiring from today to `until`, soonest first. */
export function stocksAboutToExpire(db: DbOrTx, companyIds: string[], today: string, until: string, limit: number) {
  return rowsOf<{ stock_id: string; product_id: string; product_name: string; company_id: string; company_name: string; lot_number: string; expiry_date: string; units_left: number; value: number; total: number }>(
    db,
    sql`
      select k.id as stock_id, p.id as product_id, p.name as product_name, c.id as company_id, c.name as company_name,
             k.lot_number, to_char(k.expiry_date, 'YYYY-MM-DD') as expiry_date, k.units_left, k.units_left * k.unit_price as value,
             count(*) over ()::int as total
      from stocks k
      join products p on p.id = k.product_id
      join companies c on c.id = k.company_id
      where k.company_id = any(${ids(companyIds)}) and k.deleted_at is null and k.units_left > 0
        and k.expiry_date between ${today}::date and ${until}::date
      order by k.expiry_date, p.name, k.id
      limit ${limit}`,
    ['units_left', 'value'],
  );
}

/** The product admin's platform figures. */
export async function platformCounts(db: DbOrTx) {
  const [row] = await rowsOf<{ organizations: number; locations: number; users: number; pending_approvals: number; pending_products: number }>(
    db,
    sql`
      select
        (select count(*)::int from organizations where deleted_at is null and approval_status = 'approved') as organizations,
        (select count(*)::int from companies c join organizations o on o.id = c.organization_id where c.deleted_at is null and o.deleted_at is null and o.approval_status = 'approved') as locations,
        (select count(*)::int from users where deleted_at is null and approval_status = 'approved') as users,
        (select count(*)::int from organizations where deleted_at is null and approval_status = 'pending')
          + (select count(*)::int from users where deleted_at is null and approval_status = 'pending') as pending_approvals,
        (select count(*)::int from products where deleted_at is null and not is_approved) as pending_products`,
  );
  return row!;
}

export interface WasteDayRow {
  day: string;
  expired: number;
  damaged: number;
  recalled: number;
  other: number;
  returned: number;
  credits: number;
}

/**
 * Every day of the range with the units written off (by reason) and returned, at the lots' unit
 * prices, and the credits of the returns; zero when nothing happened. Read from the ledger through
 * its partial index of write-off rows (stock_usages_write_offs_idx), which holds only those.
 */
export function wasteByDay(db: DbOrTx, companyIds: string[], range: DayRange) {
  // Each row on its location's day; the instants a day early and late bound the index's range
  // (no zone is a day away from UTC), the location's day decides.
  const from = sql`(${range.start}::date - 1)::timestamp at time zone 'UTC'`;
  const until = sql`(${range.end}::date + 2)::timestamp at time zone 'UTC'`;
  const cost = (reason: string) => sql`sum(u.quantity * u.unit_price) filter (where u.disposal_reason = ${reason}::disposal_reason)`;
  return rowsOf<WasteDayRow>(
    db,
    sql`
      select to_char(d, 'YYYY-MM-DD') as day,
             coalesce(w.expired, 0) as expired, coalesce(w.damaged, 0) as damaged, coalesce(w.recalled, 0) as recalled, coalesce(w.other, 0) as other,
             coalesce(w.returned, 0) as returned, coalesce(w.credits, 0) as credits
      from generate_series(${range.start}::date, ${range.end}::date, interval '1 day') d
      left join (select location_day(u.company_id, u.created_at) as day,
                        ${cost('expired')} as expired, ${cost('damaged')} as damaged, ${cost('recalled')} as recalled, ${cost('other')} as other,
                        sum(u.quantity * u.unit_price) filter (where u.credit_amount is not null) as returned,
                        sum(u.credit_amount) as credits
                   from stock_usages u
                  where u.company_id = any(${ids(companyIds)}) and u.created_at >= ${from} and u.created_at < ${until}
                    and (u.disposal_reason is not null or u.credit_amount is not null)
                    and location_day(u.company_id, u.created_at) between ${range.start}::date and ${range.end}::date
                  group by 1) w on w.day = d::date
      order by d`,
    ['expired', 'damaged', 'recalled', 'other', 'returned', 'credits'],
  );
}
