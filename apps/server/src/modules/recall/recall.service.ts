import Papa from 'papaparse';
import { escapeSpreadsheetCell, roundUnitsLeft, type Recall, type RecallQuery } from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { currentCompanyId } from '../../core/access';
import { lotsByNumber, visitsUsingLots } from './recall.repo';

/** Recall tracing: a supplier recalls a lot; which patients received it, and when. */
export function createRecallService(deps: ServiceDeps) {
  const { db } = deps;

  async function trace(actor: Actor, query: RecallQuery): Promise<Recall> {
    const companyId = currentCompanyId(actor);
    const lots = await lotsByNumber(db, companyId, query.lot);
    const visits = await visitsUsingLots(
      db,
      lots.map((l) => l.stock.id),
    );
    return {
      lot: query.lot,
      lots: lots.map(({ stock, productName, supplierName }) => ({
        stock_id: stock.id,
        product: { id: stock.productId, name: productName },
        lotNumber: stock.lotNumber,
        expiry_date: stock.expiryDate,
        supplier_name: supplierName,
        received_at: stock.createdAt.toISOString(),
        units_received: stock.totalUnits,
        units_left: stock.deletedAt ? 0 : roundUnitsLeft(stock.unitsLeft),
      })),
      visits: visits.map((v) => ({
        treatment_log_id: v.treatmentLogId,
        patient_id: v.patientId,
        patient_chart_number: v.chartNumber,
        visit_at: v.visitAt.toISOString(),
        product_name: v.productName,
        lotNumber: v.lotNumber,
        quantity: v.quantity,
      })),
    };
  }

  return {
    trace,

    /** The same trace as CSV for the recall file (formula-like cells escaped). */
    async csv(actor: Actor, query: RecallQuery): Promise<string> {
      const result = await trace(actor, query);
      return Papa.unparse({
        fields: ['Patient chart number', 'Visit date', 'Product', 'Lot', 'Units'],
        data: result.visits.map((v) => [escapeSpreadsheetCell(v.patient_chart_number), v.visit_at.slice(0, 10), escapeSpreadsheetCell(v.product_name), escapeSpreadsheetCell(v.lotNumber), String(v.quantity)]),
      });
    },
  };
}

export type RecallService = ReturnType<typeof createRecallService>;
