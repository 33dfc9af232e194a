import { openDentalPatient, PMS_MESSAGES, roundToCents } from '@clinic/domain';
import type { Db } from '../../../db/client';
import type { Ledger } from '../../ledger/ledger';
import type { PmsConnector, PmsProcedure, ProcedureCursor } from '../connection/pms-connector';
import { lockConnection, saveCursor, type ConnectionRow } from '../connection/pms-connection.repo';
import { createProcedureChanges, type SyncContext } from './procedure-changes';
import { insertNewProcedures } from '../chair/pms.repo';
import { codeTreatments, knownChartNumbers, knownExternalIds, lockByExternalIds, markRechecked } from './pms-sync.repo';

// A page of the Open Dental sync written here (pms-sync.service.ts runs the pages): the procedures
// read, whom they are filed under, what they change (procedure-changes.ts), and where the sync
// stands after them, all in one transaction.

export type PageContext = Omit<SyncContext, 'tx' | 'treatments'>;

/** Where the sync stands after a page: the change feed's cursor, or the procedures it read again by their ids (their ids here). */
export type PageEnd = { cursor: ProcedureCursor } | { rechecked: string[] };

export function createSyncPages(db: Db, ledger: Ledger) {
  const changes = createProcedureChanges(ledger);

  /** Chart numbers of the page's new procedures: those known here first, the rest asked of the PMS once per run. */
  async function chartNumbers(connector: PmsConnector, connection: ConnectionRow, procedures: PmsProcedure[], cache: Map<string, string | null>): Promise<void> {
    const { companyId } = connection;
    const practice = practiceOf(connection);
    const known = await knownExternalIds(db, companyId, practice, procedures.map((p) => p.externalId));
    const refs = [...new Set(procedures.filter((p) => p.status === 'complete' && p.chartNumber === null && !known.has(p.externalId)).map((p) => p.patientRef))].filter((r) => !cache.has(r));
    for (const [ref, chart] of await knownChartNumbers(db, companyId, practice, refs)) cache.set(ref, chart);
    const ask = refs.filter((r) => !cache.has(r));
    if (ask.length === 0) return;
    const found = await connector.patients(ask);
    for (const ref of ask) cache.set(ref, found.get(ref) ?? null);
  }

  /**
   * One page in one transaction: its procedures, what they change, and where the sync stands after
   * it (the feed's cursor, or the procedures read again by their ids). False when the connection
   * changed meanwhile.
   */
  async function writePage(context: PageContext, procedures: PmsProcedure[], charts: Map<string, string | null>, after: PageEnd): Promise<{ written: boolean; visits: number }> {
    const { connection, at } = context;
    const { companyId } = connection;
    const practiceKey = practiceOf(connection);
    return db.transaction(async (tx) => {
      // Two runs at once take turns here, page by page; a save meanwhile (other keys, address or clinic) ends this run.
      const current = await lockConnection(tx, companyId);
      if (!current?.enabled || changedSince(current, connection)) return { written: false, visits: 0 };
      const complete = procedures.filter((p) => p.status === 'complete');
      const inserted = await insertNewProcedures(
        tx,
        complete.map((p) => ({
          companyId,
          source: 'open_dental' as const,
          practiceKey,
          externalId: p.externalId,
          ...patientOf(connection, p, charts),
          patientRef: p.patientRef,
          appointmentRef: p.appointmentRef,
          code: p.code,
          fee: feeOf(p),
          performedOn: p.date,
          changedInPmsAt: at,
        })),
      );
      const fresh = new Set(inserted.map((p) => p.externalId));
      // Locked: a second run waits for this page and then finds the procedures as this one left them.
      const stored = new Map((await lockByExternalIds(tx, companyId, practiceKey, procedures.map((p) => p.externalId))).map((r) => [r.externalId, r]));
      const treatments = await codeTreatments(tx, companyId, [...procedures.map((p) => p.code), ...[...stored.values()].map((r) => r.code)]);
      const pageContext: SyncContext = { ...context, tx, treatments };
      const waiting: { id: string; chartNumber: string; day: string; code: string }[] = [];
      let visits = 0;
      for (const procedure of procedures) {
        const row = stored.get(procedure.externalId);
        if (!row) continue; // never complete, never read: nothing to undo
        if (fresh.has(procedure.externalId)) {
          waiting.push({ id: row.id, chartNumber: row.chartNumber, day: row.performedOn, code: row.code });
          continue;
        }
        const result = await changes.apply(pageContext, row, { ...procedure, fee: feeOf(procedure) });
        if (result.revised) visits += 1;
        // A patient a person picked (issue 50) is recorded by a person's tap too, never by itself.
        if (result.waiting && !row.chartPickedBy) waiting.push({ id: row.id, chartNumber: row.chartNumber, day: procedure.date, code: procedure.code });
      }
      if (connection.takeStockOnComplete) visits += await changes.recordAtOnce(pageContext, waiting);
      if ('cursor' in after) await saveCursor(tx, companyId, after.cursor);
      else await markRechecked(tx, after.rechecked, at);
      return { written: true, visits };
    });
  }

  return { chartNumbers, writePage };
}

export type SyncPages = ReturnType<typeof createSyncPages>;

/** The connection was saved again since the run began (its settings, or keys sealed anew). */
function changedSince(current: ConnectionRow, started: ConnectionRow): boolean {
  return (
    current.updatedAt.getTime() !== started.updatedAt.getTime() ||
    current.baseUrl !== started.baseUrl ||
    current.clinicNum !== started.clinicNum ||
    current.takeStockOnComplete !== started.takeStockOnComplete ||
    current.usePatientNumber !== started.usePatientNumber ||
    current.recheckDays !== started.recheckDays ||
    current.developerKeyEncrypted !== started.developerKeyEncrypted ||
    current.customerKeyEncrypted !== started.customerKeyEncrypted ||
    current.practiceKey !== started.practiceKey
  );
}

/**
 * Whom a new procedure is filed under (issue 50: a patient is never guessed): the chart number the
 * PMS has for the patient; without one, the PMS's patient number shown as such when the admins chose
 * so, or nobody yet: it waits with its problem until a person picks the patient.
 */
function patientOf(connection: ConnectionRow, p: PmsProcedure, charts: Map<string, string | null>): { chartNumber: string; problem: string | null } {
  const chart = p.chartNumber ?? charts.get(p.patientRef) ?? null;
  if (chart) return { chartNumber: chart, problem: null };
  if (connection.usePatientNumber) return { chartNumber: openDentalPatient(p.patientRef), problem: null };
  return { chartNumber: '', problem: PMS_MESSAGES.chartMissingInPms(p.patientRef) };
}

/** The practice the connection reads; '' for one keyed before practices were told apart (migration 0039). */
export const practiceOf = (connection: ConnectionRow) => connection.practiceKey ?? '';

/** The procedure's fee: one unit's fee times the units charted. */
const feeOf = (p: PmsProcedure) => roundToCents(p.fee * p.quantity);
