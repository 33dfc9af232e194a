import type { ServiceDeps } from '../services';
import type { Actor } from '../core/actor';
import { isoDay } from '../clock';
import { createPmsService } from '../modules/pms/chair/pms.service';
import { createProductionService } from '../modules/pms/production/production.service';
import { createUpcomingService } from '../modules/pms/upcoming/upcoming.service';
import { treatmentIdsByCode } from './demo-seed.repo';
import { DEMO_LAST_MONTH_PRODUCTION, DEMO_PMS_MAPPED_CODES, demoProceduresCsv, demoScheduleCsv } from './demo-pms-data';

/**
 * Procedures from the practice-management system waiting at Downtown's chair (issue 36): the codes
 * of its designs mapped, today's export imported through the CSV path, the next days' schedule
 * (upcoming trays), and last month's production
 * typed (the dashboard's supply share), by Downtown's manager.
 * Imported once: a location whose codes are already mapped is left as it is.
 */
export async function seedDemoPms(deps: ServiceDeps, manager: Actor, now: Date): Promise<void> {
  const pms = createPmsService(deps);
  if ((await pms.codes(manager)).codes.length > 0) return;
  const treatments = await treatmentIdsByCode(deps.db, manager.companyId!, DEMO_PMS_MAPPED_CODES);
  for (const [code, treatmentId] of treatments) await pms.map(manager, { code, treatment_id: treatmentId });
  await pms.importFile(manager, Buffer.from(demoProceduresCsv(isoDay(now))));
  await createUpcomingService(deps).importFile(manager, Buffer.from(demoScheduleCsv(isoDay(now))));
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  await createProductionService(deps).setMonthly(manager, { month: isoDay(lastMonth).slice(0, 7), amount: DEMO_LAST_MONTH_PRODUCTION });
}
