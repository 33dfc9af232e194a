import { atClock, type ServiceDeps } from '../services';
import type { Actor } from '../core/actor';
import { refreshAlerts } from '../modules/alerts/alerts.writes';
import { createStockService } from '../modules/stock/stock.service';
import { createRecallService } from '../modules/recall/recall.service';
import { companyHasWriteOffs, stockIdsByLot } from './demo-seed.repo';
import { DEMO_RECALL, DEMO_WRITE_OFFS } from './demo-clinical-data';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Downtown's write-offs and its recalled implant lot (issue 20), added once: a location that has
 * written anything off is left as the clinic changed it, and so is a data directory from before
 * these demo lots. Everything goes through the stock and recall services as the manager would have
 * done it in the app (the ledger's dispose, returnToSupplier and setStatus), each service given the
 * clock of the day it happened. The alerts are then refreshed for today, since each step refreshed
 * them for its own day.
 */
export async function seedDemoClinicalTrust(deps: ServiceDeps, manager: Actor, now: Date): Promise<void> {
  const companyId = manager.companyId!;
  if (await companyHasWriteOffs(deps.db, companyId)) return;
  const lots = await stockIdsByLot(deps.db, companyId, [...DEMO_WRITE_OFFS.map((w) => w.lot), DEMO_RECALL.lot]);
  if (lots.size < new Set([...DEMO_WRITE_OFFS.map((w) => w.lot), DEMO_RECALL.lot]).size) return;
  const at = (days: number) => (atClock(deps, () => new Date(now.getTime() - days * DAY_MS) ));

  for (const [index, off] of DEMO_WRITE_OFFS.entries()) {
    const stock = createStockService(at(off.daysAgo));
    const key = `demo-write-off-${String(index + 1)}`;
    const stockId = lots.get(off.lot)!;
    if (off.kind === 'dispose') await stock.dispose(manager, stockId, { reason: off.reason, units: off.units, note: off.note, idempotency_key: key });
    else await stock.returnToSupplier(manager, stockId, { units: off.units, credit_amount: off.credit, supplier_reference: off.reference, note: off.note, idempotency_key: key });
  }

  await createStockService(at(DEMO_RECALL.daysAgo)).setStatus(manager, lots.get(DEMO_RECALL.lot)!, { status: 'recalled', reason: DEMO_RECALL.reason, reference: DEMO_RECALL.reference });
  const query = { lot: DEMO_RECALL.lot };
  const affected = (await createRecallService(deps).trace(manager, query)).patients;
  for (const contact of DEMO_RECALL.contacted) {
    const patient = affected.find((p) => p.patient_chart_number === contact.chart);
    if (!patient) throw new Error(`demo recall names a patient who did not receive the lot: ${contact.chart}`);
    await createRecallService(at(contact.daysAgo)).markContacted(manager, query, patient.patient_id);
  }

  await refreshAlerts(deps.db, { companyId }, { at: now, expiryWindowDays: deps.alertExpiryWindowDays });
}
