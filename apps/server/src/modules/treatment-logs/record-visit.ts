import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/client';
import { planConsumption } from '../stock/consumption';
import type { NewUsage } from '../stock/stock.repo';
import { findOrCreatePatient, insertLogProducts, insertLogTreatments, insertTreatmentLog } from './treatment-logs.repo';

export interface VisitInput {
  companyId: string;
  userId: string;
  chartNumber: string;
  caseNotes: string;
  treatmentIds: string[];
  products: { productId: string; quantity: number; treatmentId: string | null; stockId?: string | undefined }[];
  /** When the visit happened: now at the chair, in the past for the demo. */
  at: Date;
}

/**
 * A visit inside the caller's transaction: the patient, the visit, its treatments and product
 * lines at the cost of the lots the consumption service picks (locked until commit). A shortage
 * throws before anything is written. The caller writes the returned usage rows, with or without
 * an idempotent answer.
 */
export async function planVisit(tx: Tx, input: VisitInput): Promise<{ logId: string; usages: NewUsage[] }> {
  const patient = await findOrCreatePatient(tx, input.companyId, input.chartNumber);
  // Ids made here so the ledger rows can point at the visit's products as they are written.
  const lines = input.products.map((p) => ({ ...p, lineId: randomUUID() }));
  const { usages, results } = await planConsumption(
    tx,
    lines.map((l) => ({ productId: l.productId, quantity: l.quantity, stockId: l.stockId, treatmentLogProductId: l.lineId })),
    { companyId: input.companyId, userId: input.userId, kind: 'treatment', note: `Patient ${patient.chartNumber}`, at: input.at },
  );
  const totalCost = results.reduce((sum, r) => sum + r.cost, 0);
  const log = await insertTreatmentLog(tx, { companyId: input.companyId, patientId: patient.id, caseNotes: input.caseNotes, totalCost: totalCost.toFixed(2), createdBy: input.userId, createdAt: input.at });
  await insertLogTreatments(tx, log.id, input.treatmentIds);
  await insertLogProducts(
    tx,
    lines.map((line, i) => ({
      id: line.lineId,
      treatmentLogId: log.id,
      companyId: input.companyId,
      treatmentId: line.treatmentId,
      productId: line.productId,
      quantity: line.quantity.toFixed(3),
      cost: results[i]!.cost.toFixed(2),
      unitPrice: results[i]!.unit_price.toFixed(5),
      lotNumber: results[i]!.lots.map((lot) => lot.lotNumber).filter(Boolean).join(', '),
    })),
  );
  return { logId: log.id, usages };
}
