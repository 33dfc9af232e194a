import { sql, type SQL } from 'drizzle-orm';
import type { LastDelivery } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * A product's last delivery at a location, as one row (supplier_id, supplier_name,
 * units_per_container, price_per_container, supplier_deleted) or none: its newest lot from a
 * supplier, leaving out lots moved in from another place or found in a count (they were not
 * bought). One rule for suggested orders (a lateral join per product) and Request Product.
 */
export function lastDeliverySql(companyId: SQL, productId: SQL): SQL {
  return sql`select s.supplier_id, sup.name as supplier_name, s.units_per_container, s.price_per_container, sup.deleted_at is not null as supplier_deleted
      from stocks s
      join suppliers sup on sup.id = s.supplier_id
     where s.company_id = ${companyId} and s.product_id = ${productId} and s.moved_from_stock_id is null and s.found_in_count_id is null
     order by s.created_at desc, s.id desc limit 1`;
}

/** The product's last delivery here, and whether its supplier has since been deleted. */
export async function lastDeliveryOf(db: DbOrTx, companyId: string, productId: string): Promise<(LastDelivery & { supplierDeleted: boolean }) | null> {
  const [row] = await rowsOf<{ supplier_id: string; supplier_name: string; units_per_container: number | string | null; price_per_container: number | string | null; supplier_deleted: boolean }>(
    db,
    lastDeliverySql(sql`${companyId}::uuid`, sql`${productId}::uuid`),
  );
  if (!row) return null;
  return {
    supplierId: row.supplier_id,
    supplierName: row.supplier_name,
    unitsPerContainer: row.units_per_container == null ? 1 : Number(row.units_per_container),
    pricePerContainer: Number(row.price_per_container ?? 0),
    supplierDeleted: row.supplier_deleted,
  };
}
