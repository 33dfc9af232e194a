import { locationDay } from '../../../db/location-day';
import type { Tx } from '../../../db/client';
import type { Actor } from '../../../core/actor';
import { isoDay } from '../../../clock';
import { AppError } from '../../../core/errors';
import { recordAudit } from '../../audit/audit.writes';
import type { Ledger } from '../../ledger/ledger';
import { reviseVisitTreatments, type TreatmentChange } from '../../treatment-logs/revise-visit';
import { visitTreatmentIds } from '../../treatment-logs/treatment-logs.reads';
import type { PmsProcedure } from '../connection/pms-connector';
import type { ConnectionRow } from '../connection/pms-connection.repo';
import { codeTreatments, recordedOnVisit, updateProcedure, type StoredProcedure } from './pms-sync.repo';
import { designedTrays, recordProcedures } from '../chair/record-procedures';

/** Procedures done within this many days are recorded at once; older ones (a first run reads 30 days back) wait for a person. */
const TAKE_AT_ONCE_DAYS = 3;

export interface SyncContext {
  tx: Tx;
  connection: ConnectionRow;
  /** The admin who saved the connection, at its location. */
  actor: Actor;
  /** When the run started: the time of the visits it records and revises. */
  at: Date;
  /** The treatment each code of the page maps to at the location. */
  treatments: Map<string, string>;
}

type Reason = 'deleted_in_pms' | 'not_complete_in_pms' | 'code_changed_in_pms';

/**
 * What a procedure read again from the PMS changes here (the sync's rules, docs/decisions.md,
 * Practice-management link). Not recorded yet: its fields follow the PMS, and one no longer complete
 * leaves the chair (dismissed, deleted_in_pms). Recorded: a code changed or a procedure undone in the
 * PMS revises its visit through the ledger (its treatment's tray goes back to the lots), and it is
 * reversed, or waits again with its new code. Everything runs in the page's transaction.
 */
export function createProcedureChanges(ledger: Ledger) {
  const authorOf = (actor: Actor) => ({ userId: actor.userId, organizationId: actor.organizationId });

  /**
   * The share of the visit a recorded procedure stands for: everything when it is the visit's last
   * procedure, otherwise one tray of its treatment (the one its code maps to, or the one treatment of
   * the visit no other procedure claims, when the mapping changed since). Null when it cannot be told.
   */
  async function shareOf(tx: Tx, companyId: string, row: StoredProcedure): Promise<TreatmentChange['out']> {
    const onVisit = await recordedOnVisit(tx, row.treatmentLogId!);
    const others = onVisit.filter((p) => p.id !== row.id);
    if (others.length === 0) return 'all';
    const onIt = await visitTreatmentIds(tx, row.treatmentLogId!);
    const mapped = await codeTreatments(tx, companyId, onVisit.map((p) => p.code));
    const treatmentOf = (code: string) => {
      const id = mapped.get(code);
      return id && onIt.includes(id) ? id : null;
    };
    let mine = treatmentOf(row.code);
    if (!mine) {
      const claimed = new Set(others.map((p) => treatmentOf(p.code)));
      const unclaimed = onIt.filter((id) => !claimed.has(id));
      mine = unclaimed.length === 1 ? unclaimed[0]! : null;
    }
    if (!mine) return null;
    const before = others.filter((p) => treatmentOf(p.code) === mine).length + 1;
    return { treatmentId: mine, before, after: before - 1 };
  }

  /** The procedure's share taken off its visit (and another treatment's tray put on, when given). False when nothing could be revised. */
  async function revise(context: SyncContext, row: StoredProcedure, reason: Reason, incoming: TreatmentChange['in'], newCode?: string): Promise<boolean> {
    const { tx, connection, actor, at } = context;
    const out = await shareOf(tx, connection.companyId, row);
    const changes = { source: 'open_dental_sync', procedure: row.externalId, reason, code: row.code, ...(newCode ? { new_code: newCode } : {}) };
    if (out === null && !incoming) {
      // Which tray was this procedure's cannot be told (the visit's tray was edited by hand, or its codes remapped): a person decides.
      await recordAudit(tx, actor, { entity: 'pms_procedure', entityId: row.id, action: 'visit_needs_review', organizationId: actor.organizationId, companyId: connection.companyId, changes: { ...changes, treatment_log_id: row.treatmentLogId } });
      return false;
    }
    return reviseVisitTreatments(tx, ledger, authorOf(actor), { companyId: connection.companyId, logId: row.treatmentLogId!, out, in: incoming, at, changes });
  }

  /** A recorded procedure whose code changed: with stock taken at once, the visit swaps the trays; otherwise its tray goes back and it waits again. */
  async function codeChanged(context: SyncContext, row: StoredProcedure, procedure: PmsProcedure, fields: Fields): Promise<{ revised: boolean; waiting: boolean }> {
    const { tx, connection, treatments, at } = context;
    const from = treatments.get(row.code) ?? null;
    const to = treatments.get(procedure.code) ?? null;
    if (from !== null && from === to) {
      await updateProcedure(tx, row.id, fields, at);
      return { revised: false, waiting: false };
    }
    if (connection.takeStockOnComplete && to !== null) {
      const tray = await designedTrays(tx, connection.companyId, [{ treatment_id: to }], await locationDay(tx, connection.companyId, at));
      try {
        // A savepoint: a tray short of stock leaves the visit as it was, and the procedure waits instead.
        const revised = await tx.transaction((sp) => revise({ ...context, tx: sp }, row, 'code_changed_in_pms', { treatmentId: to, products: tray }, procedure.code));
        if (revised) {
          await updateProcedure(tx, row.id, fields, at);
          return { revised: true, waiting: false };
        }
      } catch (error) {
        // A refusal (a shortage, an implant needing its UDI) falls through: the old tray goes back, the procedure waits with its new code.
        if (!(error instanceof AppError)) throw error;
      }
    }
    const revised = await revise(context, row, 'code_changed_in_pms', null, procedure.code);
    await updateProcedure(tx, row.id, { ...fields, ...reopened }, at);
    return { revised, waiting: true };
  }

  return {
    async apply(context: SyncContext, row: StoredProcedure, procedure: PmsProcedure): Promise<{ revised: boolean; waiting: boolean }> {
      const { tx, at } = context;
      const fields: Fields = { code: procedure.code, fee: procedure.fee, performedOn: procedure.date, appointmentRef: procedure.appointmentRef, changedInPmsAt: at };
      const differs = row.code !== fields.code || Number(row.fee) !== fields.fee || row.performedOn !== fields.performedOn || row.appointmentRef !== fields.appointmentRef;
      const none = { revised: false, waiting: false };

      if (procedure.status !== 'complete') {
        const reason: Reason = procedure.status === 'deleted' ? 'deleted_in_pms' : 'not_complete_in_pms';
        if (row.status === 'waiting') await updateProcedure(tx, row.id, { status: 'dismissed', deletedInPms: true, changedInPmsAt: at }, at);
        else if (row.status === 'recorded') {
          const revised = await revise(context, row, reason, null);
          await updateProcedure(tx, row.id, { status: 'reversed', deletedInPms: true, changedInPmsAt: at }, at);
          return { revised, waiting: false };
        } else if (!row.deletedInPms) await updateProcedure(tx, row.id, { deletedInPms: true, changedInPmsAt: at }, at);
        return none;
      }

      switch (row.status) {
        case 'recorded':
          if (row.code !== procedure.code) return codeChanged(context, row, procedure, fields);
          if (differs) await updateProcedure(tx, row.id, fields, at);
          return none;
        case 'waiting':
          if (differs) await updateProcedure(tx, row.id, fields, at);
          return { revised: false, waiting: true };
        case 'reversed':
          // Complete again in the PMS (set back, then completed): it waits at the chair again.
          await updateProcedure(tx, row.id, { ...fields, ...reopened }, at);
          return { revised: false, waiting: true };
        case 'dismissed':
          // Dismissed by the sync (no longer complete then): back. Dismissed by a person: stays so.
          if (row.deletedInPms) {
            await updateProcedure(tx, row.id, { ...fields, ...reopened }, at);
            return { revised: false, waiting: true };
          }
          if (differs) await updateProcedure(tx, row.id, fields, at);
          return none;
      }
    },

    /**
     * With "take stock when a procedure is completed": the page's procedures waiting (mapped, done
     * in the last days) recorded as visits, a patient's procedures of one day together, each visit
     * in a savepoint: one short of stock (or needing an implant's UDI) waits at the chair instead.
     * Answers how many visits were recorded.
     */
    async recordAtOnce(context: SyncContext, waiting: { id: string; chartNumber: string; day: string; code: string }[]): Promise<number> {
      const { tx, connection, actor, treatments, at } = context;
      const since = isoDay(new Date(at.getTime() - TAKE_AT_ONCE_DAYS * 86_400_000));
      const visits = new Map<string, string[]>();
      for (const p of waiting) {
        // A patient nobody picked yet ('' chart) is never recorded by itself (issue 50).
        if (!treatments.has(p.code) || p.day < since || p.chartNumber === '') continue;
        const key = `${p.chartNumber.toLowerCase()}|${p.day}`;
        visits.set(key, [...(visits.get(key) ?? []), p.id]);
      }
      let recorded = 0;
      for (const procedureIds of visits.values()) {
        try {
          await tx.transaction((sp) => recordProcedures(sp, ledger, { userId: actor.userId, organizationId: actor.organizationId }, { companyId: connection.companyId, procedureIds, source: 'open_dental_sync', at }));
          recorded += 1;
        } catch (error) {
          // Refused (a shortage, an implant needing its UDI): waits at the chair, where its tray shows what is short.
          if (!(error instanceof AppError)) throw error;
        }
      }
      return recorded;
    },
  };
}

type Fields = { code: string; fee: number; performedOn: string; appointmentRef: string | null; changedInPmsAt: Date };

/** Back to the chair's list: no visit, nobody's tap. */
const reopened = { status: 'waiting' as const, deletedInPms: false, treatmentLogId: null, recordedAt: null, recordedBy: null };
