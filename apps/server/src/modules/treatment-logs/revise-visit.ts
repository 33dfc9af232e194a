import { randomUUID } from 'node:crypto';
import { IMPLANT_MESSAGES, roundToCents, TREATMENT_LOG_MESSAGES, type ImplantInput } from '@clinic/domain';
import type { Tx } from '../../db/client';
import { invalidFields } from '../../core/errors';
import { costOf, fromMilli, toMilli, type ConsumeItem, type GiveBack, type Ledger, type LedgerAuthor } from '../ledger/ledger';
import { checkImplants, stockFor, writeImplants } from './implant-lines';
import { checkVisitReferences } from './visit-references';
import { deleteImplantsOfLines, implantsOfLines } from './implants.repo';
import { deleteLogProducts, insertLogProducts, lineHoldings, listLogTreatments, lockTreatmentLog, logProductRows, replaceLogTreatments, updateLogProduct, updateTotalCost } from './treatment-logs.repo';

export interface VisitRevision {
  companyId: string;
  logId: string;
  chartNumber: string;
  treatmentIds: string[];
  /** The visit's products as they really were; `lineId` names a line already saved. */
  products: { lineId?: string | undefined; productId: string; quantity: number; treatmentId: string | null; stockId?: string | undefined; implant?: ImplantInput | undefined }[];
  /** The visit's patient and clinician, for the implant records of lines added. */
  patientId: string;
  userId: string;
  /** When the visit happened: an implant added by an edit went in then. */
  visitAt: Date;
  at: Date;
  /** What the audit row records of the edit (the request's tray). */
  changes: Record<string, unknown>;
}

type Holding = Awaited<ReturnType<typeof lineHoldings>>[number];

/**
 * Edits a saved visit inside the caller's transaction, which holds the visit's lock: units of lines
 * left out or lowered go back to the lots they came from (a negative treatment row in the ledger,
 * at the price they were taken at), raised and new lines take the difference, and a line moved to
 * another named lot gives all back and takes anew; the ledger moves the units. A shortage throws
 * before the transaction commits, so the visit stays as it was.
 *
 * Implants (issue 20): a line added of an implantable product needs its UDI and site like at the
 * chair and gets its implant record; a line left out loses its record with its units; a kept line
 * keeps its record as saved (an `implant` sent with it is not read: to correct a record, remove the
 * line and add the device again).
 */
export async function reviseVisit(tx: Tx, ledger: Ledger, author: LedgerAuthor, input: VisitRevision): Promise<void> {
  await checkVisitReferences(tx, input.companyId, input.treatmentIds, input.products);
  const current = await logProductRows(tx, input.logId);
  const saved = new Map(current.map((line) => [line.id, line]));
  const issues = input.products.flatMap((p, i): { field: string; message: string }[] => {
    if (!p.lineId) return [];
    const line = saved.get(p.lineId);
    if (!line) return [{ field: `products.${String(i)}.id`, message: TREATMENT_LOG_MESSAGES.notOfVisit }];
    return line.productId === p.productId ? [] : [{ field: `products.${String(i)}.product_id`, message: TREATMENT_LOG_MESSAGES.productChanged }];
  });
  // A kept implant line stays one device.
  const implanted = new Set((await implantsOfLines(tx, [...saved.keys()])).map((i) => i.lineId));
  issues.push(...input.products.flatMap((p, i) => (p.lineId && implanted.has(p.lineId) && p.quantity !== 1 ? [{ field: `products.${String(i)}.quantity`, message: IMPLANT_MESSAGES.oneDevice }] : [])));
  if (issues.length > 0) throw invalidFields(issues);

  const implants = await checkImplants(
    tx,
    input.companyId,
    input.products.flatMap((p, index) => (p.lineId ? [] : [{ ...p, index }])),
  );
  const holdings = await lineHoldings(tx, [...saved.keys()]);
  const heldBy = (lineId: string) => holdings.filter((h) => h.lineId === lineId);
  const lines = input.products.map((p, i) => ({ ...p, stockId: p.lineId ? p.stockId : stockFor(implants.get(i), p.stockId), implant: implants.get(i), lineId: p.lineId ?? randomUUID(), added: !p.lineId }));
  const kept = new Set(lines.map((l) => l.lineId));

  const returns: { holding: Holding; milli: number }[] = [];
  const giveAll = (lineId: string) => returns.push(...heldBy(lineId).map((holding) => ({ holding, milli: toMilli(holding.quantity) })));
  const takes: ConsumeItem[] = [];
  const take = (line: (typeof lines)[number], quantity: number) => takes.push({ productId: line.productId, quantity, stockId: line.stockId, treatmentLogProductId: line.lineId });

  for (const line of current) if (!kept.has(line.id)) giveAll(line.id);
  for (const line of lines) {
    if (line.added) {
      take(line, line.quantity);
      continue;
    }
    const held = heldBy(line.lineId);
    if (line.stockId && !held.every((h) => h.stockId === line.stockId)) {
      giveAll(line.lineId);
      take(line, line.quantity);
      continue;
    }
    const difference = toMilli(line.quantity) - held.reduce((sum, h) => sum + toMilli(h.quantity), 0);
    if (difference > 0) take(line, fromMilli(difference));
    let owed = -difference;
    for (const holding of held) {
      if (owed <= 0) break;
      const milli = Math.min(owed, toMilli(holding.quantity));
      returns.push({ holding, milli });
      owed -= milli;
    }
  }

  await ledger.revise(
    tx,
    author,
    {
      companyId: input.companyId,
      giveBack: returns.map(({ holding, milli }): GiveBack => ({
        stockId: holding.stockId,
        productId: saved.get(holding.lineId)!.productId,
        quantity: fromMilli(milli),
        unitPrice: holding.unitPrice,
        treatmentLogProductId: holding.lineId,
        lotDeleted: holding.deleted,
      })),
      take: takes,
      kind: 'treatment',
      note: `Patient ${input.chartNumber}`,
      giveBackNote: `Patient ${input.chartNumber}: visit edited`,
      at: input.at,
    },
    { entity: 'treatment_log', entityId: input.logId, action: 'edit_products', changes: input.changes },
  );

  // The lines as the ledger now has them: cost, unit price and lots from what each holds.
  const removed = current.filter((l) => !kept.has(l.id)).map((l) => l.id);
  await deleteImplantsOfLines(tx, removed);
  await deleteLogProducts(tx, removed);
  const after = await lineHoldings(tx, lines.map((l) => l.lineId));
  const priced = lines.map((line) => ({ line, ...priceOf(after.filter((h) => h.lineId === line.lineId)) }));
  for (const { line, cost, unitPrice, lotNumber } of priced.filter((p) => !p.line.added)) {
    await updateLogProduct(tx, line.lineId, { treatmentId: line.treatmentId, quantity: line.quantity, cost, unitPrice, lotNumber });
  }
  await insertLogProducts(
    tx,
    priced
      .filter((p) => p.line.added)
      .map(({ line, cost, unitPrice, lotNumber }) => ({ id: line.lineId, treatmentLogId: input.logId, companyId: input.companyId, treatmentId: line.treatmentId, productId: line.productId, quantity: line.quantity, cost, unitPrice, lotNumber })),
  );
  await writeImplants(
    tx,
    { companyId: input.companyId, patientId: input.patientId, treatmentLogId: input.logId, implantedBy: input.userId, at: input.visitAt },
    lines.filter((l) => l.added).map((l) => ({ lineId: l.lineId, productId: l.productId, record: l.implant })),
  );
  await replaceLogTreatments(tx, input.logId, input.treatmentIds);
  await updateTotalCost(tx, input.logId, roundToCents(priced.reduce((sum, p) => sum + p.cost, 0)), input.at);
}

export interface TreatmentChange {
  companyId: string;
  logId: string;
  /**
   * A treatment's trays leaving the visit: its lines keep `after` of the `before` trays they hold
   * (none at 0: the lines and the treatment go). 'all': every line and treatment goes.
   */
  out: { treatmentId: string; before: number; after: number } | 'all' | null;
  /** A treatment's tray coming onto the visit, as designed. */
  in: { treatmentId: string; products: { productId: string; quantity: number }[] } | null;
  at: Date;
  /** What the audit row records of the change (where it came from and why). */
  changes: Record<string, unknown>;
}

/**
 * A visit's treatments changed from outside the chair (the practice-management system deleted a
 * procedure, or changed its code, after it was recorded): the visit is locked and revised through
 * reviseVisit, so units leave or come back through the ledger and the change is audited. A line of
 * the treatment leaving is scaled by the trays that stay (an implant line stays a whole device).
 * False when the visit is not there.
 */
export async function reviseVisitTreatments(tx: Tx, ledger: Ledger, author: LedgerAuthor & { userId: string }, change: TreatmentChange): Promise<boolean> {
  const visit = await lockTreatmentLog(tx, change.companyId, change.logId);
  if (!visit) return false;
  const lines = await logProductRows(tx, change.logId);
  const implanted = new Set((await implantsOfLines(tx, lines.map((l) => l.id))).map((i) => i.lineId));
  let treatmentIds = (await listLogTreatments(tx, [change.logId])).map((t) => t.id);
  let products: VisitRevision['products'] = lines.map((l) => ({ lineId: l.id, productId: l.productId, quantity: Number(l.quantity), treatmentId: l.treatmentId }));
  const { out } = change;
  if (out === 'all') {
    products = [];
    treatmentIds = [];
  } else if (out) {
    const share = Math.max(0, out.after) / Math.max(1, out.before);
    products = products.flatMap((p) => {
      if (p.treatmentId !== out.treatmentId) return [p];
      if (share === 0) return [];
      if (p.lineId && implanted.has(p.lineId)) return [p];
      const quantity = fromMilli(Math.round(toMilli(p.quantity) * share));
      return quantity > 0 ? [{ ...p, quantity }] : [];
    });
    if (share === 0) treatmentIds = treatmentIds.filter((id) => id !== out.treatmentId);
  }
  if (change.in) {
    const { treatmentId } = change.in;
    products.push(...change.in.products.map((p) => ({ productId: p.productId, quantity: p.quantity, treatmentId })));
    if (!treatmentIds.includes(treatmentId)) treatmentIds.push(treatmentId);
  }
  await reviseVisit(tx, ledger, author, {
    companyId: change.companyId,
    logId: change.logId,
    chartNumber: visit.chartNumber,
    treatmentIds,
    products,
    patientId: visit.log.patientId,
    userId: author.userId,
    visitAt: visit.log.createdAt,
    at: change.at,
    changes: change.changes,
  });
  return true;
}

/** A line's cost and unit price from its holdings; -1 when several lots (or prices) make it up. */
function priceOf(held: Holding[]): { cost: number; unitPrice: number; lotNumber: string } {
  return {
    cost: costOf(held.map((h) => ({ milli: toMilli(h.quantity), unitPrice: h.unitPrice }))),
    unitPrice: held.length === 1 ? held[0]!.unitPrice : -1,
    // First expiry first, as a visit names its lots when saved (holdings come the other way round).
    lotNumber: [...new Set(held.map((h) => h.lotNumber).filter(Boolean).reverse())].join(', '),
  };
}
