import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, stocks, treatmentProducts, treatments } from '../../db/schema/index';
import { visibleProducts } from '../products/products.reads';

/** The most products a proposal matches against: a location's shelves and designs, not a shared catalog of 100,000. */
export const PROPOSAL_CATALOG_LIMIT = 5000;

export interface CatalogProductRow {
  id: string;
  name: string;
  brand: string;
  manufacturerCode: string;
  type: 'disposable' | 'consumable';
  container: string;
  basicUnit: string;
  weightOrVolume: number | null;
  implantable: boolean;
}

/**
 * The location's catalog for a proposal (issue 55; docs/decisions.md, The tray proposed from the
 * case note): the products it sees that it has received lots of, holds in a treatment design, or
 * submitted itself. Reading the whole shared catalog (up to 100,000 products) for every note would
 * cost seconds and match words to products no shelf here holds.
 */
export async function locationCatalog(db: DbOrTx, companyId: string): Promise<CatalogProductRow[]> {
  const stocked = sql`exists (select 1 from ${stocks} where ${stocks.productId} = ${products.id} and ${stocks.companyId} = ${companyId} and ${stocks.deletedAt} is null)`;
  const designed = sql`exists (select 1 from ${treatmentProducts} tp join ${treatments} t on t.id = tp.treatment_id
                               where tp.product_id = ${products.id} and t.company_id = ${companyId} and t.deleted_at is null)`;
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      brand: products.brand,
      manufacturerCode: products.manufacturerCode,
      type: products.type,
      container: products.container,
      basicUnit: products.basicUnit,
      weightOrVolume: products.weightOrVolume,
      implantable: products.implantable,
    })
    .from(products)
    .where(and(visibleProducts({ companyId }), or(stocked, designed, eq(products.companyId, companyId))))
    .orderBy(asc(products.name), asc(products.id))
    .limit(PROPOSAL_CATALOG_LIMIT);
  return rows;
}

/** The design lines of the location's own live treatments among these ids (another location's are not read). */
export async function designLines(db: DbOrTx, companyId: string, treatmentIds: string[]) {
  if (treatmentIds.length === 0) return [];
  return db
    .select({ treatmentId: treatmentProducts.treatmentId, productId: treatmentProducts.productId, quantity: treatmentProducts.quantity })
    .from(treatmentProducts)
    .innerJoin(treatments, eq(treatments.id, treatmentProducts.treatmentId))
    .where(and(inArray(treatmentProducts.treatmentId, treatmentIds), eq(treatments.companyId, companyId), isNull(treatments.deletedAt)));
}
