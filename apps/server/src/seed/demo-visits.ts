import type { Db } from '../db/client';
import type { AlertRules } from '../modules/alerts/alerts.writes';
import type { Ledger } from '../modules/ledger/ledger';
import { recordVisit } from '../modules/treatment-logs/record-visit';
import { catalogProductIds, companyHasVisits, lotExpiries, treatmentsByCode } from './demo-seed.repo';
import { DEMO_PRODUCTS } from './demo-catalog-data';
import { DEMO_VISITS, demoUdi, type DemoImplant } from './demo-visits-data';
import type { DemoStockPlace } from './demo-stock';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Downtown's visits of the past weeks, added once: each is recorded the way a visit saved at the
 * chair is, through the ledger (first expiry first, cost at the lots used), dated when it happened.
 * An implant placement's tray line carries the device's UDI and site, so the unit comes from the
 * UDI's lot and the patient's implant record is written with the visit (issue 20).
 */
export async function seedDemoVisits(ledger: Ledger, db: Db, place: DemoStockPlace, rules: AlertRules, now: Date): Promise<void> {
  if (await companyHasVisits(db, place.companyId)) return;
  const author = { userId: place.userId, organizationId: null };
  await db.transaction(async (tx) => {
    const designs = await treatmentsByCode(tx, place.companyId, [...new Set(DEMO_VISITS.flatMap((v) => v.treatments))]);
    const implanted = DEMO_VISITS.flatMap((v) => (v.implant ? [v.implant] : []));
    const implantIds = await catalogProductIds(tx, [...new Set(implanted.map((i) => i.product))]);
    /** The UDI printed on the device's box: the product's GTIN, the lot's expiry, lot and serial. */
    const deviceOf = async (implant: DemoImplant) => {
      const productId = implantIds.get(implant.product);
      const barcode = DEMO_PRODUCTS.find((p) => p.name === implant.product)?.barcode;
      const expiry = productId ? (await lotExpiries(tx, place.companyId, productId, [implant.lot])).get(implant.lot) : undefined;
      if (!productId || !barcode || expiry === undefined) throw new Error(`demo implant names an unknown product or lot: ${implant.product} ${implant.lot}`);
      return { productId, implant: { udi: demoUdi(barcode, { lot: implant.lot, serial: implant.serial, expiry }), site: implant.site } };
    };
    for (const visit of DEMO_VISITS) {
      const at = new Date(now.getTime() - visit.daysAgo * DAY_MS - 3 * 60 * 60 * 1000);
      const chosen = visit.treatments.map((code) => {
        const design = designs.get(code);
        if (!design) throw new Error(`demo visit names an unknown treatment: ${code}`);
        return design;
      });
      const device = visit.implant ? await deviceOf(visit.implant) : null;
      const products = chosen.flatMap((design) =>
        design.tray.map((item) => ({ ...item, treatmentId: design.id, ...(device && item.productId === device.productId && { implant: device.implant }) })),
      );
      await recordVisit(tx, ledger, author, {
        companyId: place.companyId,
        chartNumber: visit.chart,
        caseNotes: visit.caseNotes,
        treatmentIds: chosen.map((d) => d.id),
        products,
        at,
        changes: { source: 'demo', chart: visit.chart },
      });
    }
  });
}
