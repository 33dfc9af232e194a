import type { Db } from '../db/client';
import { insertTreatmentCategory } from '../modules/treatments/treatments.writes';
import { insertTreatment, replaceTray } from '../modules/treatments/treatments.writes';
import { catalogProductIds, companyHasTreatmentCategories } from './demo-seed.repo';
import { DEMO_TREATMENT_CATEGORIES, DEMO_TREATMENTS } from './demo-treatments-data';
import type { DemoStockPlace } from './demo-stock';

/** Downtown's treatment designs, added once (a location with any treatment category is left alone). */
export async function seedDemoTreatments(db: Db, place: DemoStockPlace): Promise<void> {
  if (await companyHasTreatmentCategories(db, place.companyId)) return;
  await db.transaction(async (tx) => {
    const productIds = await catalogProductIds(tx, [...new Set(DEMO_TREATMENTS.flatMap((t) => t.tray.map(([name]) => name)))]);
    const categoryIds = new Map<string, string>();
    for (const category of DEMO_TREATMENT_CATEGORIES) {
      categoryIds.set(category.name, (await insertTreatmentCategory(tx, { companyId: place.companyId, ...category })).id);
    }
    for (const demo of DEMO_TREATMENTS) {
      const treatment = await insertTreatment(tx, {
        companyId: place.companyId,
        categoryId: categoryIds.get(demo.category) ?? null,
        treatmentCode: demo.code,
        name: demo.name,
        abbreviation: demo.abbreviation,
        description: '',
        createdBy: place.userId,
      });
      await replaceTray(
        tx,
        treatment.id,
        demo.tray.map(([name, quantity]) => {
          const productId = productIds.get(name);
          if (!productId) throw new Error(`demo treatment names an unknown product: ${name}`);
          return { productId, quantity };
        }),
      );
    }
  });
}
