import { performance } from 'node:perf_hooks';
import { can, openDentalPatient, PMS_MESSAGES, roundToCents } from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { isoDay } from '../../clock';
import { SecretBoxError, type SecretBox } from '../../core/secret-box';
import { createLedger } from '../ledger/ledger';
import { actingAs } from '../users/acting-as';
import { findUserById } from '../users/users.reads';
import { PmsError, type PmsConnector, type PmsProcedure, type ProcedureCursor } from './pms-connector';
import { enabledOpenDentalConnections, lockConnection, saveCursor, saveRun, type ConnectionRow } from './pms-connection.repo';
import { openKeys, type ConnectorFactory } from './pms-keys';
import { createProcedureChanges, type SyncContext } from './procedure-changes';
import { insertNewProcedures } from './pms.repo';
import { codeTreatments, knownChartNumbers, knownExternalIds, lockByExternalIds } from './pms-sync.repo';
import { createUpcomingService, UPCOMING_READS_PER_RUN } from './upcoming.service';

/** Open Dental's free tier answers one request per 5 s (docs/open-dental.md): the pace unless configured. */
const OPEN_DENTAL_FREE_PACE_MS = 5_000;
/** A first run reads the changes of the last 30 days. */
const LOOK_BACK_DAYS = 30;
const DAY_MS = 86_400_000;

export interface PmsSyncOptions {
  connect: ConnectorFactory;
  secretBox: SecretBox;
  /**
   * How long one location's run may keep starting pages (ms): a long first pass at the throttle's
   * pace goes on at the next run from the stored cursor, and the other locations get their turn.
   */
  budgetMs?: number | undefined;
  /**
   * The least time between two requests, as the connector keeps it (OPEN_DENTAL_MIN_INTERVAL_MS):
   * what one request of a run's time left costs. Open Dental's free pace (5 s) when not given.
   */
  paceMs?: number | undefined;
}

export interface SyncOutcome {
  companyId: string;
  /** Pages written and procedures read (of this location's clinic). */
  pages: number;
  read: number;
  /** Visits the sync recorded or revised. */
  visits: number;
  /** The schedule read for the upcoming trays: appointments listed, and those whose procedures were read. */
  upcoming?: { appointments: number; read: number };
  /** What the location's admins read (last_error); null when the run succeeded. */
  error: string | null;
  /** The error itself, for the server's log. */
  cause?: unknown;
}

/** A run that cannot go on for a reason the admins can fix; its message is theirs. */
class SyncStopped extends Error {}

type Connection = ConnectionRow & { organizationId: string };

/**
 * The Open Dental sync (issue 36; docs/decisions.md, Practice-management link), run by the pms-sync
 * job every 5 minutes: for each enabled connection, the procedures changed in Open Dental are read
 * page by page from the stored cursor, and each page is written with the cursor in one transaction,
 * so a crash resumes at the next page and a procedure read twice is written once. What a page
 * changes is procedure-changes.ts. A location's failure is recorded on its connection
 * (last_error) and never stops the others.
 */
export function createPmsSyncService(deps: ServiceDeps, options: PmsSyncOptions) {
  const { db } = deps;
  const ledger = createLedger(deps);
  const changes = createProcedureChanges(ledger);
  const upcoming = createUpcomingService(deps);
  const budgetMs = options.budgetMs ?? 120_000;
  const paceMs = options.paceMs ?? OPEN_DENTAL_FREE_PACE_MS;

  /** How many one-request reads the run's time left buys at the connector's pace (at least one, at most `most`). */
  const readsLeft = (started: number, budget: number, most: number) => {
    const left = budget - (performance.now() - started);
    return Math.max(1, Math.min(most, paceMs > 0 ? Math.floor(left / paceMs) : most));
  };

  /**
   * The admin who saved the connection, acting at its location: visits are recorded and revised
   * in their name (as suggested orders are sent as the admin who turned automatic sending on).
   */
  async function actorOf(connection: Connection): Promise<Actor> {
    const user = connection.connectedBy ? await findUserById(db, connection.connectedBy) : undefined;
    const usable =
      user &&
      user.status === 'active' &&
      user.approvalStatus !== 'rejected' &&
      user.organizationId === connection.organizationId &&
      (user.role === 'organization_admin' || user.companyId === connection.companyId);
    if (!usable) throw new SyncStopped(PMS_MESSAGES.actorGone);
    const actor = { ...actingAs(user), companyId: connection.companyId };
    if (!can(actor.permissions, 'companies', 'update')) throw new SyncStopped(PMS_MESSAGES.actorGone);
    return actor;
  }

  function connectorOf(connection: Connection): PmsConnector {
    const keys = openKeys(options.secretBox, connection);
    if (!keys || !connection.baseUrl) throw new SyncStopped(PMS_MESSAGES.keysRequired);
    return options.connect({ baseUrl: connection.baseUrl, ...keys });
  }

  /** Chart numbers of the page's new procedures: those known here first, the rest asked of the PMS once per run. */
  async function chartNumbers(connector: PmsConnector, connection: Connection, procedures: PmsProcedure[], cache: Map<string, string | null>): Promise<void> {
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

  /** One page in one transaction: its procedures, what they change, and the cursor after it. False when the connection changed meanwhile. */
  async function writePage(context: Omit<SyncContext, 'tx' | 'treatments'>, procedures: PmsProcedure[], charts: Map<string, string | null>, next: ProcedureCursor): Promise<{ written: boolean; visits: number }> {
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
      await saveCursor(tx, companyId, next);
      return { written: true, visits };
    });
  }

  async function syncLocation(connection: Connection, budget = budgetMs): Promise<SyncOutcome> {
    const outcome: SyncOutcome = { companyId: connection.companyId, pages: 0, read: 0, visits: 0, error: null };
    const at = deps.now();
    const started = performance.now();
    try {
      const actor = await actorOf(connection);
      const connector = connectorOf(connection);
      const clinicRef = connection.clinicNum === null ? null : String(connection.clinicNum);
      let cursor = connection.cursor ?? connector.startCursor(isoDay(new Date(at.getTime() - LOOK_BACK_DAYS * DAY_MS)));
      /** The connection was saved again meanwhile: the next run reads it as saved. */
      let saved = false;
      const charts = new Map<string, string | null>();
      for (;;) {
        const page = await connector.changedProcedures(cursor, clinicRef);
        // The connector asks Open Dental for the clinic; an older version ignores that, so it is checked here too.
        const mine = page.procedures.filter((p) => clinicRef === null || p.clinicRef === clinicRef);
        await chartNumbers(connector, connection, mine, charts);
        const { written, visits } = await writePage({ connection, actor, at }, mine, charts, page.next);
        if (!written) {
          saved = true;
          break;
        }
        outcome.pages += 1;
        outcome.read += mine.length;
        outcome.visits += visits;
        cursor = page.next;
        if (page.done || performance.now() - started > budget) break;
      }
      // The next 14 days' appointments for the upcoming trays: as many read as the run's time left
      // allows at the connector's pace, soonest first; the rest at the next run.
      if (!saved) outcome.upcoming = await upcoming.refreshFromPms(connection.companyId, connector, clinicRef, readsLeft(started, budget, UPCOMING_READS_PER_RUN));
      await saveRun(db, connection.companyId, { lastRunAt: at, lastSuccessAt: deps.now(), lastError: null });
    } catch (error) {
      outcome.error = messageOf(error, options.secretBox);
      outcome.cause = error;
      await saveRun(db, connection.companyId, { lastRunAt: at, lastError: outcome.error }).catch((cause: unknown) => {
        outcome.cause = cause;
      });
    }
    return outcome;
  }

  return {
    /** The job: every enabled Open Dental connection, one location after another. */
    async runAll(): Promise<SyncOutcome[]> {
      const outcomes: SyncOutcome[] = [];
      for (const connection of await enabledOpenDentalConnections(db)) outcomes.push(await syncLocation(connection));
      return outcomes;
    },

    /**
     * One location's run: a connection just turned on (its job), the admins' "Sync now" (with a
     * shorter budget: a person waits for it), tests. Null when its sync is not on.
     */
    async runFor(companyId: string, options: { budgetMs?: number } = {}): Promise<SyncOutcome | null> {
      const connection = (await enabledOpenDentalConnections(db)).find((c) => c.companyId === companyId);
      return connection ? syncLocation(connection, options.budgetMs) : null;
    },
  };
}

export type PmsSyncService = ReturnType<typeof createPmsSyncService>;

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
const practiceOf = (connection: ConnectionRow) => connection.practiceKey ?? '';

/** The procedure's fee: one unit's fee times the units charted. */
const feeOf = (p: PmsProcedure) => roundToCents(p.fee * p.quantity);

/** What the location's admins read of a failed run: what to do, never a key nor an internal detail. */
function messageOf(error: unknown, box: SecretBox): string {
  if (error instanceof SyncStopped) return error.message;
  // The connector's words say which failure it was (keys, pace, server, network, not Open Dental's answer), never the remote's.
  if (error instanceof PmsError) return error.message;
  if (error instanceof SecretBoxError) return box.ready ? PMS_MESSAGES.keysUnreadable : PMS_MESSAGES.secretKeyMissing;
  return PMS_MESSAGES.syncFailed;
}
