import { pageWindow, toPage, type Alert, type AlertListQuery, type AlertPage } from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { currentCompanyId } from '../../core/access';
import { notFound } from '../../core/errors';
import { recordAudit } from '../audit/audit.writes';
import { locationDay } from '../../db/location-day';
import { alertRulesNow, countOpenAlerts, dismissAlert, listOpenAlerts, refreshAlerts } from './alerts.repo';

export function createAlertsService(deps: ServiceDeps) {
  const { db, files } = deps;
  const rules = () => alertRulesNow(deps);

  return {
    async list(actor: Actor, query: AlertListQuery): Promise<AlertPage> {
      const companyId = currentCompanyId(actor);
      const [{ records, total }, counts] = await Promise.all([
        listOpenAlerts(db, companyId, query.kind, pageWindow(query), await locationDay(db, companyId, deps.now())),
        countOpenAlerts(db, companyId),
      ]);
      const results: Alert[] = records.map((r) => ({
        id: r.alert.id,
        kind: r.alert.kind,
        created_at: r.alert.createdAt.toISOString(),
        product: { id: r.alert.productId, name: r.productName, product_image_url: files.signedUrl(r.productImageUrl) },
        stock: r.alert.stockId ? { id: r.alert.stockId, lotNumber: r.lotNumber ?? '', expiry_date: r.expiryDate, units_left: r.lotUnitsLeft ?? 0 } : null,
        units_in_stock: r.unitsInStock,
        minimum_stock: r.minimumStock,
        last_receipt: r.lastReceipt
          ? { supplier: r.lastReceipt.supplierId && r.lastReceipt.supplierName !== null ? { id: r.lastReceipt.supplierId, name: r.lastReceipt.supplierName } : null, units_per_container: r.lastReceipt.unitsPerContainer }
          : null,
        recall: r.recall
          ? {
              stock_id: r.recall.stockId,
              location: { id: r.recall.companyId, name: r.recall.companyName },
              reason: r.recall.reason,
              reference: r.recall.reference,
              recalled_at: r.recall.recalledAt === null ? null : new Date(r.recall.recalledAt).toISOString(),
            }
          : null,
        forecast: r.forecast ? { daily_use: Number(r.forecast.dailyUse), lead_time_days: Number(r.forecast.leadTimeDays) } : null,
        request: r.request
          ? { requested_by: r.request.requestedBy, quantity: r.request.quantity, urgency: r.request.urgency, note: r.request.note, created_at: new Date(r.request.createdAt).toISOString() }
          : null,
      }));
      return { ...toPage(results, total, query), counts };
    },

    async dismiss(actor: Actor, id: string): Promise<void> {
      const companyId = currentCompanyId(actor);
      await db.transaction(async (tx) => {
        if (!(await dismissAlert(tx, companyId, id, actor.userId, deps.now()))) throw notFound();
        await recordAudit(tx, actor, { entity: 'alert', entityId: id, action: 'dismiss', organizationId: actor.organizationId, companyId });
      });
    },

    /** The background scan: expiry moves with the calendar, not only with stock changes. */
    async scan(): Promise<void> {
      await refreshAlerts(db, {}, rules());
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
