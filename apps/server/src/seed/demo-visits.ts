import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { isoDay } from '../clock';
import { refreshAlerts, type AlertRules } from '../modules/alerts/alerts.repo';
import { planConsumption } from '../modules/stock/consumption';
import { appendUsages } from '../modules/stock/stock.repo';
import { findOrCreatePatient, insertLogProducts, insertLogTreatments, insertTreatmentLog } from '../modules/treatment-logs/treatment-logs.repo';
import { companyHasVisits, treatmentsByCode } from './demo-seed.repo';
import { DEMO_VISITS } from './demo-visits-data';
import type { DemoStockPlace } from './demo-stock';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Downtown's visits of the past weeks, added once: each goes through the same consumption as a
 * visit saved at the chair (first expiry first, cost at the lots used), dated when it happened.
 */
export async function seedDemoVisits(db: Db, place: DemoStockPlace, rules: AlertRules, now: Date): Promise<void> {
  if (await companyHasVisits(db, place.companyId)) return;
  await db.transaction(async (tx) => {
    const designs = await treatmentsByCode(tx, place.companyId, [...new Set(DEMO_VISITS.flatMap((v) => v.treatments))]);
    const productIds = new Set<string>();
    for (const visit of DEMO_VISITS) {
      const at = new Date(now.getTime() - visit.daysAgo * DAY_MS - 3 * 60 * 60 * 1000);
      const chosen = visit.treatments.map((code) => {
        const design = designs.get(code);
        if (!design) throw new Error(`demo visit names an unknown treatment: ${code}`);
        return design;
      });
      const lines = chosen.flatMap((design) => design.tray.map((item) => ({ ...item, treatmentId: design.id, lineId: randomUUID() })));
      const { usages, results } = await planConsumption(
        tx,
        lines.map((l) => ({ productId: l.productId, quantity: l.quantity, treatmentLogProductId: l.lineId })),
        { companyId: place.companyId, userId: place.userId, kind: 'treatment', note: `Patient ${visit.chart}`, today: isoDay(at) },
      );
      const patient = await findOrCreatePatient(tx, place.companyId, visit.chart);
      const total = results.reduce((sum, r) => sum + r.cost, 0);
      const log = await insertTreatmentLog(tx, { companyId: place.companyId, patientId: patient.id, caseNotes: visit.caseNotes, totalCost: total.toFixed(2), createdBy: place.userId, createdAt: at });
      await insertLogTreatments(
        tx,
        log.id,
        chosen.map((d) => d.id),
      );
      await insertLogProducts(
        tx,
        lines.map((line, i) => ({
          id: line.lineId,
          treatmentLogId: log.id,
          companyId: place.companyId,
          treatmentId: line.treatmentId,
          productId: line.productId,
          quantity: line.quantity.toFixed(3),
          cost: results[i]!.cost.toFixed(2),
          unitPrice: results[i]!.unit_price.toFixed(5),
          lotNumber: results[i]!.lots.map((lot) => lot.lotNumber).filter(Boolean).join(', '),
        })),
      );
      await appendUsages(
        tx,
        usages.map((u) => ({ ...u, createdAt: at })),
      );
      for (const line of lines) productIds.add(line.productId);
    }
    await refreshAlerts(tx, { companyId: place.companyId, productIds: [...productIds] }, rules);
  });
}
