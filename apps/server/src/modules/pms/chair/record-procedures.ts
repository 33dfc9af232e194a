import { locationDay } from '../../../db/location-day';
import { PMS_MESSAGES, traysNeeded, type TreatmentLogProductInput } from '@clinic/domain';
import type { Tx } from '../../../db/client';
import { badRequest, conflict, notFound } from '../../../core/errors';
import type { IdempotentRequest } from '../../idempotency/idempotency';
import type { Ledger, LedgerAuthor } from '../../ledger/ledger';
import { recordVisit } from '../../treatment-logs/record-visit';
import { lockProcedures, markRecorded, traysOf, type WaitingRow } from './pms.repo';

/** Why a procedure cannot be recorded yet: its own problem, or a code mapped to no treatment. */
export const problemOf = (r: Pick<WaitingRow, 'problem' | 'treatment_id' | 'code'>) => r.problem ?? (r.treatment_id ? null : PMS_MESSAGES.codeUnmapped(r.code));

/** Each procedure's tray as designed (traysNeeded: two fillings take two trays, an implant one device a line). */
export async function designedTrays(tx: Tx, companyId: string, procedures: { treatment_id: string | null }[], today: string) {
  const treatmentIds = [...new Set(procedures.flatMap((p) => (p.treatment_id ? [p.treatment_id] : [])))];
  const trays = await traysOf(tx, companyId, treatmentIds, today);
  const design = trays.map((t) => ({ treatment_id: t.treatment_id, product_id: t.product_id, quantity: Number(t.quantity), implantable: t.implantable }));
  return traysNeeded(procedures, design).map((line) => ({ productId: line.product_id, quantity: line.quantity, treatmentId: line.treatment_id }));
}

export interface ProcedureRecording {
  companyId: string;
  procedureIds: string[];
  /** The tray as edited at the chair; the treatments' trays when absent. */
  products?: TreatmentLogProductInput[] | undefined;
  /** The tap's idempotency key; the sync has none (the lock and the status keep it to once). */
  request?: IdempotentRequest | undefined;
  /** Where the procedures came from, for the visit's audit row ('pms': the chair's tap, 'open_dental_sync'). */
  source: string;
  at: Date;
}

/**
 * Procedures (one patient, one day, all mapped) recorded as one visit with their treatments and
 * trays, through the ledger, inside the caller's transaction. The procedures are locked first: a
 * second tap, or a second run of the sync, finds them recorded and gets the same visit; nothing is
 * taken twice. Used by the chair's tap (as the person) and the sync (as the admin who connected it).
 */
export async function recordProcedures(tx: Tx, ledger: Ledger, author: LedgerAuthor & { userId: string }, input: ProcedureRecording): Promise<string> {
  const { companyId } = input;
  const ids = [...new Set(input.procedureIds)];
  const procedures = await lockProcedures(tx, companyId, ids);
  if (procedures.length !== ids.length) throw notFound('Procedure not found');
  // Recorded by an earlier tap (or a retry): its visit, nothing taken twice.
  if (procedures.every((p) => p.status === 'recorded' && p.treatment_log_id === procedures[0]!.treatment_log_id)) return procedures[0]!.treatment_log_id!;
  if (procedures.some((p) => p.status !== 'waiting')) throw conflict(PMS_MESSAGES.notWaiting);
  const first = procedures[0]!;
  if (procedures.some((p) => p.chart_number.toLowerCase() !== first.chart_number.toLowerCase() || p.performed_on !== first.performed_on)) throw badRequest('procedure_ids', PMS_MESSAGES.oneVisit);
  const unready = procedures.find((p) => problemOf(p) !== null);
  // Its own problem is a patient not known here (issue 50); otherwise its code is not mapped.
  if (unready) throw badRequest('procedure_ids', `${problemOf(unready)!}. ${unready.problem ? PMS_MESSAGES.pickPatient : PMS_MESSAGES.cannotRecord}`);
  const treatmentIds = [...new Set(procedures.map((p) => p.treatment_id!))];
  const products =
    input.products?.map((p) => ({ productId: p.product_id, quantity: p.quantity, treatmentId: p.treatment_id ?? null, stockId: p.stock_id, implant: p.implant })) ??
    (await designedTrays(tx, companyId, procedures, await locationDay(tx, companyId, input.at)));
  const visitId = await recordVisit(tx, ledger, author, {
    companyId,
    chartNumber: first.chart_number,
    caseNotes: '',
    treatmentIds,
    products,
    at: input.at,
    request: input.request,
    changes: { source: input.source, procedures: procedures.map((p) => ({ id: p.id, code: p.code, performed_on: p.performed_on })), products: input.products ?? 'trays' },
  });
  await markRecorded(tx, ids, { treatmentLogId: visitId, recordedBy: author.userId, at: input.at });
  return visitId;
}
