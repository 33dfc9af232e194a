import type { Tx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../audit/audit.repo';
import { refreshAlerts, type AlertRules } from '../alerts/alerts.repo';
import { insertStocks, type NewStock, type StockRow } from './stock.repo';

/**
 * Stock arriving from elsewhere in the app (a purchase order being received): the same receipt
 * rows, audit and alert refresh as Add Stock, inside the caller's transaction.
 */
export async function receiveStocks(tx: Tx, actor: Actor, companyId: string, rows: NewStock[], rules: AlertRules, source: Record<string, unknown>): Promise<StockRow[]> {
  if (rows.length === 0) return [];
  const inserted = await insertStocks(tx, rows);
  for (const stock of inserted) {
    await recordAudit(tx, actor, { entity: 'stock', entityId: stock.id, action: 'create', organizationId: actor.organizationId, companyId, changes: source });
  }
  await refreshAlerts(tx, { companyId, productIds: [...new Set(inserted.map((s) => s.productId))] }, rules);
  return inserted;
}
