import type { Db } from '../../../db/client';
import type { PmsConnector, PmsProcedure } from '../connection/pms-connector';
import { dueForRecheck, type DueProcedure } from './pms-sync.repo';
import { practiceOf, type PageContext, type SyncPages } from './sync-pages';

const DAY_MS = 86_400_000;
/** Procedures read again before their page is written: a failure meanwhile costs at most these reads. */
const RECHECK_PAGE = 10;

/** Midnight UTC of the run's day: the re-read's day starts there. */
const dayStartOf = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/** A procedure the PMS no longer has: as deleted there, with what was stored of it. */
function gone(row: DueProcedure): PmsProcedure {
  return {
    externalId: row.externalId,
    patientRef: row.patientRef ?? '',
    chartNumber: null,
    appointmentRef: row.appointmentRef,
    clinicRef: null,
    code: row.code,
    date: row.performedOn,
    fee: row.fee,
    quantity: 1,
    status: 'deleted',
    changedAt: '',
  };
}

/**
 * The daily re-read (issue 50, item 7): what the sync recorded in the last `recheckDays` days (the
 * connection's setting) is read again by its ids once a day, from midnight UTC, whatever the change
 * feed returns. Open Dental's ProcedureLogs page has worded its DateTStamp filter both as "altered on
 * or after" and as "created on or after"; under the second, a procedure deleted or recoded after it
 * was recorded never comes back through the feed, and its stock would stay taken. Each procedure read
 * again goes the feed's way (procedure-changes.ts: revised, reversed, or left as it is) and is stamped
 * `rechecked_at`, page by page; at most `most` in a run (each read is a request at the API's pace),
 * the rest at the next runs of the day.
 */
export async function recheckRecorded(db: Db, pages: SyncPages, context: PageContext, connector: PmsConnector, most: number): Promise<{ read: number; visits: number; written: boolean }> {
  const { connection, at } = context;
  const before = dayStartOf(at);
  const since = new Date(at.getTime() - connection.recheckDays * DAY_MS);
  const due = await dueForRecheck(db, connection.companyId, practiceOf(connection), { since, before, limit: most });
  const done = { read: 0, visits: 0, written: true };
  for (let i = 0; i < due.length; i += RECHECK_PAGE) {
    const page = due.slice(i, i + RECHECK_PAGE);
    const procedures: PmsProcedure[] = [];
    for (const row of page) procedures.push((await connector.procedure(row.externalId, row.patientRef)) ?? gone(row));
    const { written, visits } = await pages.writePage(context, procedures, new Map(), { rechecked: page.map((r) => r.id) });
    if (!written) return { ...done, written: false };
    done.read += page.length;
    done.visits += visits;
  }
  return done;
}
