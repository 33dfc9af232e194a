import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productCompanySettings, products, purchaseOrderLines, purchaseOrders, stocks } from '../../db/schema/index';
import { rowsOf } from '../../db/rows';
import { usableLot } from '../../db/usable-lots';

export interface BelowMinimumRow {
  productId: string;
  name: string;
  minimumStock: number;
  usableUnits: number;
  /** From the newest stock of the product here: who it came from and how it was packed. */
  lastSupplierId: string | null;
  lastUnitsPerContainer: number | null;
  /** Containers ordered and not received yet: already on their way. */
  onOrderContainers: number;
}

/**
 * Products of a location under their minimum stock, counting usable units as the low-stock alert
 * does (db/usable-lots.ts), with what their newest stock says about reordering them
 * and how many containers are already ordered and on their way.
 */
export async function productsBelowMinimum(db: DbOrTx, companyId: string, today: string): Promise<BelowMinimumRow[]> {
  const result = await rowsOf<BelowMinimumRow>(db, sql`
    select pcs.product_id as "productId", p.name, pcs.minimum_stock as "minimumStock",
           coalesce(usable.units, 0)::float8 as "usableUnits",
           last.supplier_id as "lastSupplierId", last.units_per_container as "lastUnitsPerContainer",
           coalesce(ordered.containers, 0)::int as "onOrderContainers"
      from ${productCompanySettings} pcs
      join ${products} p on p.id = pcs.product_id and p.deleted_at is null
      left join lateral (
        select sum(s.units_left) as units from ${stocks} s
         where s.company_id = pcs.company_id and s.product_id = pcs.product_id and ${usableLot('s', today)}
      ) usable on true
      left join lateral (
        select s.supplier_id, s.units_per_container from ${stocks} s
         where s.company_id = pcs.company_id and s.product_id = pcs.product_id and s.moved_from_stock_id is null and s.found_in_count_id is null and s.transferred_from_stock_id is null
         order by s.created_at desc, s.id desc limit 1
      ) last on true
      left join lateral (
        select sum(pol.quantity - pol.received_quantity) as containers
          from ${purchaseOrderLines} pol join ${purchaseOrders} po on po.id = pol.purchase_order_id
         where pol.company_id = pcs.company_id and pol.product_id = pcs.product_id and po.status <> 'received'
      ) ordered on true
     where pcs.company_id = ${companyId} and pcs.minimum_stock > 0 and pcs.removed_at is null
       and coalesce(usable.units, 0) < pcs.minimum_stock
     order by p.name`);
  return result.map((r) => ({ ...r, usableUnits: Number(r.usableUnits), minimumStock: Number(r.minimumStock), onOrderContainers: Number(r.onOrderContainers) }));
}
