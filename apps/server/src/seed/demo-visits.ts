import type { Db } from '../db/client';
import type { AlertRules } from '../modules/alerts/alerts.writes';
import { createLedger } from '../modules/ledger/ledger';
import { recordVisit } from '../modules/treatment-logs/record-visit';
import { companyHasVisits, treatmentsByCode } from './demo-seed.repo';
import { DEMO_VISITS } from './demo-visits-data';
import type { DemoStockPlace } from './demo-stock';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Downtown's visits of the past weeks, added once: each is recorded the way a visit saved at the
 * chair is, through the ledger (first expiry first, cost at the lots used), dated when it happened.
 */
export async function seedDemoVisits(db: Db, place: DemoStockPlace, rules: AlertRules, now: Date): Promise<void> {
  if (await companyHasVisits(db, place.companyId)) return;
  const ledger = createLedger({ db, now: () => now, alertExpiryWindowDays: rules.expiryWindowDays });
  const author = { userId: place.userId, organizationId: null };
  await db.transaction(async (tx) => {
    const designs = await treatmentsByCode(tx, place.companyId, [...new Set(DEMO_VISITS.flatMap((v) => v.treatments))]);
    for (const visit of DEMO_VISITS) {
      const at = new Date(now.getTime() - visit.daysAgo * DAY_MS - 3 * 60 * 60 * 1000);
      const chosen = visit.treatments.map((code) => {
        const design = designs.get(code);
        if (!design) throw new Error(`demo visit names an unknown treatment: ${code}`);
        return design;
      });
      const products = chosen.flatMap((design) => design.tray.map((item) => ({ ...item, treatmentId: design.id })));
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
