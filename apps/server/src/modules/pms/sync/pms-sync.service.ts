import { performance } from 'node:perf_hooks';
import { can, PMS_MESSAGES } from '@clinic/domain';
import type { ServiceDeps } from '../../../services';
import type { Actor } from '../../../core/actor';
import { isoDay } from '../../../clock';
import { SecretBoxError, type SecretBox } from '../../../core/secret-box';
import { actingAs } from '../../users/acting-as';
import { findUserById } from '../../users/users.reads';
import { PmsError, type PmsConnector } from '../connection/pms-connector';
import { enabledOpenDentalConnections, saveRun, type ConnectionRow } from '../connection/pms-connection.repo';
import { openKeys, type ConnectorFactory } from '../connection/pms-keys';
import { forgetIdlePaces } from '../open-dental/open-dental-pace.repo';
import { recheckRecorded } from './procedure-recheck';
import { createSyncPages } from './sync-pages';
import { createUpcomingService, UPCOMING_READS_PER_RUN } from '../upcoming/upcoming.service';

/** Open Dental's free tier answers one request per 5 s (docs/open-dental.md): the pace unless configured. */
const OPEN_DENTAL_FREE_PACE_MS = 5_000;
/** A first run reads the changes of the last 30 days. */
const LOOK_BACK_DAYS = 30;
const DAY_MS = 86_400_000;
/** Recorded procedures read again by their ids in one run, at most (one request each). */
const RECHECKS_PER_RUN = 100;

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
  /** Recorded procedures read again by their ids (the daily re-read). */
  rechecked: number;
  /** The schedule read for the upcoming trays: appointments listed, and those whose procedures were read. */
  upcoming?: { appointments: number; read: number };
  /** What the location's admins read (last_error); null when the run succeeded. */
  error: string | null;
  /** The error itself, for the server's log. */
  cause?: unknown;
  /** The failure may pass by itself (Open Dental down or busy, no answer, the database): the location's job is tried again soon. */
  mayPass?: boolean;
}

/** A run that cannot go on for a reason the admins can fix; its message is theirs. */
class SyncStopped extends Error {}

type Connection = ConnectionRow & { organizationId: string };

/**
 * The Open Dental sync (issue 36; docs/decisions.md, Practice-management link), run every 5 minutes
 * as a pms-sync-location job per enabled connection (issue 53): for each one, the procedures changed in Open Dental are read
 * page by page from the stored cursor, and each page is written with the cursor in one transaction,
 * so a crash resumes at the next page and a procedure read twice is written once (sync-pages.ts;
 * what a page changes is procedure-changes.ts). Then what was recorded lately is read again by its
 * ids once a day (procedure-recheck.ts), and the schedule for the upcoming trays. A location's
 * failure is recorded on its connection (last_error) and never stops the others.
 */
export function createPmsSyncService(deps: ServiceDeps, options: PmsSyncOptions) {
  const { db } = deps;
  const { ledger } = deps;
  const pages = createSyncPages(db, ledger);
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

  async function syncLocation(connection: Connection, budget = budgetMs): Promise<SyncOutcome> {
    const outcome: SyncOutcome = { companyId: connection.companyId, pages: 0, read: 0, visits: 0, rechecked: 0, error: null };
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
        await pages.chartNumbers(connector, connection, mine, charts);
        const { written, visits } = await pages.writePage({ connection, actor, at }, mine, charts, { cursor: page.next });
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
      // What was recorded lately, read again by its ids once a day (the feed may not bring back a
      // deletion), before the schedule: stock taken for a procedure undone matters more.
      if (!saved) {
        const rechecked = await recheckRecorded(db, pages, { connection, actor, at }, connector, readsLeft(started, budget, RECHECKS_PER_RUN));
        outcome.rechecked = rechecked.read;
        outcome.visits += rechecked.visits;
        saved = !rechecked.written;
      }
      // The next 14 days' appointments for the upcoming trays: as many read as the run's time left
      // allows at the connector's pace, soonest first; the rest at the next run.
      if (!saved) outcome.upcoming = await upcoming.refreshFromPms(connection.companyId, connector, clinicRef, readsLeft(started, budget, UPCOMING_READS_PER_RUN));
      await saveRun(db, connection.companyId, { lastRunAt: at, lastSuccessAt: deps.now(), lastError: null });
    } catch (error) {
      outcome.error = messageOf(error, options.secretBox);
      outcome.cause = error;
      outcome.mayPass = mayPass(error);
      await saveRun(db, connection.companyId, { lastRunAt: at, lastError: outcome.error }).catch((cause: unknown) => {
        outcome.cause = cause;
      });
    }
    return outcome;
  }

  return {
    /** The locations whose Open Dental sync is on: the schedule queues a job for each (issue 53). */
    async enabledLocations(): Promise<string[]> {
      return (await enabledOpenDentalConnections(db)).map((c) => c.companyId);
    },

    /** Forgets the paces of keys not used for a day (keys tried and dropped, practices gone); how many. */
    forgetIdlePaces: () => forgetIdlePaces(db),

    /** Every enabled Open Dental connection, one location after another (tests; the job runs them per location). */
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

/**
 * Whether trying again soon may succeed: Open Dental failing, busy or not answering, or our own
 * database. Not what the admins must fix (keys, address, the admin who saved it): the next round does.
 */
function mayPass(error: unknown): boolean {
  if (error instanceof SyncStopped || error instanceof SecretBoxError) return false;
  if (error instanceof PmsError) return error.kind === 'server-failed' || error.kind === 'unreachable' || error.kind === 'rate-limited';
  return true;
}

/** What the location's admins read of a failed run: what to do, never a key nor an internal detail. */
function messageOf(error: unknown, box: SecretBox): string {
  if (error instanceof SyncStopped) return error.message;
  // The connector's words say which failure it was (keys, pace, server, network, not Open Dental's answer), never the remote's.
  if (error instanceof PmsError) return error.message;
  if (error instanceof SecretBoxError) return box.ready ? PMS_MESSAGES.keysUnreadable : PMS_MESSAGES.secretKeyMissing;
  return PMS_MESSAGES.syncFailed;
}
