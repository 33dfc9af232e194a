import type { Db } from './db/client';
import type { JobQueue } from './jobs/job-queue';
import type { TokenService } from './modules/auth/tokens';
import type { FilesService } from './modules/uploads/uploads.service';

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
  /** Background work (e-mail, imports, case notes, scheduled scans): queued here, run by any process. */
  jobs: JobQueue;
}
