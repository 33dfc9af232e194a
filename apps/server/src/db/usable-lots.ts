import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * "Usable" stated once in SQL (issue 54): a lot whose units a location can use on `today` is live
 * (not deleted), has units left, is available (not recalled or quarantined) and is not expired.
 * The chair's tray, the Reorder panel and its suggestions, the alerts, the digest, days of cover
 * and the treatments' next price read through it; the ledger applies the same rule to the lots it
 * locks (modules/ledger/allocation.ts). stocks_live_lots_idx serves it.
 *
 * `lot` is the stocks table's alias in the caller's query; `today` a date (an ISO day or an SQL
 * expression).
 */
export function usableLot(lot: string, today: string | SQLWrapper): SQL {
  const s = sql.identifier(lot);
  return sql`${s}.deleted_at is null and ${s}.units_left > 0 and ${s}.status = 'available' and (${s}.expiry_date is null or ${s}.expiry_date >= ${today}::date)`;
}

/** The usable units of one product at one location on `today`, 0 when there are none: what every screen calls "in stock". */
export function usableUnits(companyId: string | SQLWrapper, productId: SQLWrapper, today: string | SQLWrapper): SQL {
  return sql`coalesce((select sum(u.units_left) from stocks u where u.company_id = ${companyId} and u.product_id = ${productId} and ${usableLot('u', today)}), 0)`;
}
