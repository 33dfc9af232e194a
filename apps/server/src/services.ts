import type { Db } from './db/client';
import type { JobQueue } from './jobs/job-queue';
import type { TokenService } from './modules/auth/tokens';
import type { FilesService } from './modules/uploads/uploads.service';
import { createLedger, type Ledger } from './modules/ledger/ledger';

/** What every service is built with: the database, the clock and the outside-world adapters. */
export interface ServiceDeps {
  db: Db;
  tokens: TokenService;
  now: () => Date;
  publicUrl: string;
  /** Uploaded files: validating addresses records store, and signing them for readers. */
  files: FilesService;
  /** Lots expiring within this many days raise an "expiring" alert. */
  alertExpiryWindowDays: number;
  /** The hour of a location's own day from which its reorder digests leave (REORDER_DIGEST_LOCAL_HOUR). */
  reorderDigestLocalHour: number;
  /** Background work (e-mail, imports, case notes, scheduled scans): queued here, run by any process. */
  jobs: JobQueue;
  /** The only writer of stock, built once (withLedger) so every service shares its per-key turns. */
  ledger: Ledger;
}

/** The dependencies with their ledger, built once from the same database and clock. */
export function withLedger(deps: Omit<ServiceDeps, 'ledger'>): ServiceDeps {
  return { ...deps, ledger: createLedger(deps) };
}

/** The dependencies at another clock (the demo seed's past days): the ledger reads that clock too. */
export function atClock(deps: ServiceDeps, now: () => Date): ServiceDeps {
  return withLedger({ ...deps, now });
}
