import type { Db } from '../db/client';
import { findCategoryByName } from '../modules/categories/categories.reads';
import { insertCategories } from '../modules/categories/categories.writes';
import { insertProducts } from '../modules/products/products.writes';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, implantManufacturer, type DemoProduct } from './demo-catalog-data';

/** Products Downtown submitted that still wait for the admin, so the approval queue has work. */
const DOWNTOWN_PENDING = [
  { name: 'Capitol Lab Custom Tray Resin', brand: 'Capitol City Dental Lab', type: 'consumable', container: 'jar', basicUnit: 'gram', description: 'Light-cured custom tray material mixed by our local lab.' },
  { name: 'Lidocaine Topical Gel 20% Cherry', brand: 'Local Compounding Pharmacy', type: 'consumable', container: 'jar', basicUnit: 'gram', description: 'Compounded topical anesthetic gel.' },
] as const;

/** An implant fixture is implantable and names its manufacturer for the implant card. */
function implantFields(product: DemoProduct) {
  const maker = implantManufacturer(product);
  return maker ? { implantable: true, manufacturerName: maker.name, manufacturerAddress: maker.address } : {};
}

/**
 * The shared demo catalog (categories and ~300 products of the product admin), added once:
 * later starts find the first category and leave everything as the clinic changed it.
 */
export async function seedDemoCatalog(db: Db, downtownId: string | null): Promise<void> {
  if (await findCategoryByName(db, null, DEMO_CATEGORIES[0]!.name)) return;
  await db.transaction(async (tx) => {
    const categories = await insertCategories(
      tx,
      DEMO_CATEGORIES.map((c) => ({ companyId: null, name: c.name, description: c.description })),
    );
    const categoryId = new Map(categories.map((c) => [c.name, c.id]));
    await insertProducts(
      tx,
      DEMO_PRODUCTS.map((p) => ({
        ...implantFields(p),
        companyId: null,
        name: p.name,
        brand: p.brand,
        description: p.description,
        barcode: p.barcode,
        manufacturerCode: p.manufacturerCode,
        type: p.type,
        container: p.container,
        basicUnit: p.basicUnit,
        weightOrVolume: p.weightOrVolume ?? null,
        categoryId: categoryId.get(p.category) ?? null,
        isApproved: true,
      })),
    );
    if (!downtownId) return;
    await insertProducts(
      tx,
      DOWNTOWN_PENDING.map((p) => ({ ...p, companyId: downtownId, isApproved: false })),
    );
  });
}
