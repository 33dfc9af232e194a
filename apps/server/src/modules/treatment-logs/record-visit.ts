import { randomUUID } from 'node:crypto';
import { roundToCents } from '@clinic/domain';
import type { Tx } from '../../db/client';
import type { ImplantInput } from '@clinic/domain';
import type { IdempotentRequest } from '../idempotency/idempotency';
import type { Ledger, LedgerAuthor } from '../ledger/ledger';
import { checkImplants, stockFor, writeImplants } from './implant-lines';
import { checkVisitReferences } from './visit-references';
import { findOrCreatePatient, insertLogProducts, insertLogTreatments, insertTreatmentLog } from './treatment-logs.repo';

export interface VisitInput {
  companyId: string;
  chartNumber: string;
  caseNotes: string;
  treatmentIds: string[];
  /** `implant`: the UDI and site an implantable product's line must carry (issue 20). */
  products: { productId: string; quantity: number; treatmentId: string | null; stockId?: string | undefined; implant?: ImplantInput | undefined }[];
  /** When the visit happened: now at the chair, in the past for the demo. */
  at: Date;
  /** The save's idempotency key: a retried save answers the visit already recorded. */
  request?: IdempotentRequest | undefined;
  /** What the audit row records of the visit (the request's body). */
  changes: Record<string, unknown>;
}

/**
 * A visit inside the caller's transaction, through the ledger: the patient, then the products taken
 * out of stock (first expiry first, locked until commit) and, while the lots are locked, the visit
 * with its treatments and its product lines at the cost of the lots used, and an implant record for
 * each line of an implantable product (its UDI's lot gives the unit when on the shelf). A missing or
 * unreadable UDI, a treatment or product not the location's own (visit-references.ts), and a
 * shortage, throw before anything is written. Returns the visit's id (the first one's, for a retried save).
 */
export async function recordVisit(tx: Tx, ledger: Ledger, author: LedgerAuthor & { userId: string }, input: VisitInput): Promise<string> {
  await checkVisitReferences(tx, input.companyId, input.treatmentIds, input.products);
  const implants = await checkImplants(
    tx,
    input.companyId,
    input.products.map((p, index) => ({ ...p, index })),
  );
  const patient = await findOrCreatePatient(tx, input.companyId, input.chartNumber);
  // Ids made here so the ledger rows can point at the visit's products as they are written.
  const lines = input.products.map((p, i) => ({ ...p, stockId: stockFor(implants.get(i), p.stockId), implant: implants.get(i), lineId: randomUUID() }));
  const answer = await ledger.take<{ id: string }>(tx, author, {
    companyId: input.companyId,
    items: lines.map((l) => ({ productId: l.productId, quantity: l.quantity, stockId: l.stockId, treatmentLogProductId: l.lineId })),
    kind: 'treatment',
    note: `Patient ${patient.chartNumber}`,
    at: input.at,
    request: input.request,
    record: async (results) => {
      const totalCost = results.reduce((sum, r) => sum + r.cost, 0);
      const log = await insertTreatmentLog(tx, { companyId: input.companyId, patientId: patient.id, caseNotes: input.caseNotes, totalCost: roundToCents(totalCost), createdBy: author.userId, createdAt: input.at });
      await insertLogTreatments(tx, log.id, input.treatmentIds);
      await insertLogProducts(
        tx,
        lines.map((line, i) => ({
          id: line.lineId,
          treatmentLogId: log.id,
          companyId: input.companyId,
          treatmentId: line.treatmentId,
          productId: line.productId,
          quantity: line.quantity,
          cost: results[i]!.cost,
          unitPrice: results[i]!.unit_price,
          lotNumber: results[i]!.lots.map((lot) => lot.lotNumber).filter(Boolean).join(', '),
        })),
      );
      await writeImplants(
        tx,
        { companyId: input.companyId, patientId: patient.id, treatmentLogId: log.id, implantedBy: author.userId, at: input.at },
        lines.map((line) => ({ lineId: line.lineId, productId: line.productId, record: line.implant })),
      );
      return { id: log.id };
    },
    audit: (visit) => ({ entity: 'treatment_log', entityId: visit.id, action: 'create', changes: input.changes }),
  });
  return answer.id;
}
