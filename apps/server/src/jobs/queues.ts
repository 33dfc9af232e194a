import type PgBoss from 'pg-boss';

/**
 * Every kind of background work, with how it is retried and when it runs by itself. The queues
 * are created with the schema (db/migrate.ts), so a server only registers what it does with them.
 */
export interface QueueDefinition {
  name: string;
  /** What the admin's Jobs page calls it. */
  label: string;
  options: PgBoss.Queue;
  /** Runs by itself on this cron schedule (UTC), in one server process of all. */
  cron?: string;
  /** Also runs once at every start (what a killed process may have left behind). */
  atStart?: boolean;
  /**
   * One job per location (issue 53), queued by its schedule's job (`fanOut`) under the location's
   * key: 'short' keeps one waiting per location, and the schedule queues none for a location whose
   * job still waits, retries or runs. Not 'stately': pg-boss fetches a queue's oldest job first, and
   * a stately job whose location is still running would fail every fetch of the queue until it ends.
   */
  perLocation?: boolean;
}

const minutes = (n: number) => n * 60;

export const QUEUES = {
  email: {
    name: 'email',
    label: 'E-mail delivery',
    // Five attempts over about half an hour (1, 2, 4, 8 minutes apart): a mail server restarting is waited out.
    options: { name: 'email', policy: 'standard', retryLimit: 4, retryDelay: 60, retryBackoff: true, expireInSeconds: minutes(5) },
  },
  productImport: {
    name: 'product-import',
    label: 'Product import',
    // An import resumes after the rows it recorded, so a retry (after a crash: once its process's
    // heartbeat stops, process-heartbeats.ts) continues where it stopped. Large files take
    // minutes; half an hour is plenty before a job still running is taken as stuck.
    options: { name: 'product-import', policy: 'standard', retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: minutes(30) },
  },
  caseNotes: {
    name: 'case-notes',
    label: 'Case notes from recordings',
    // The AI service may be briefly unavailable; the clinic can also re-generate by hand.
    options: { name: 'case-notes', policy: 'standard', retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: minutes(15) },
  },
  alertScan: {
    name: 'alert-scan',
    label: 'Expiry and stock alert scan',
    // Stately: at most one waiting and one running, so a slow scan never piles up behind itself.
    options: { name: 'alert-scan', policy: 'stately', retryLimit: 1, retryDelay: 60, expireInSeconds: minutes(10) },
    cron: '*/15 * * * *',
    atStart: true,
  },
  trialReminders: {
    name: 'trial-reminders',
    label: 'Trial ending reminders',
    options: { name: 'trial-reminders', policy: 'stately', retryLimit: 2, retryDelay: 300, expireInSeconds: minutes(10) },
    cron: '7 * * * *',
    atStart: true,
  },
  vendorOrders: {
    name: 'vendor-orders',
    label: 'Distributor order status',
    options: { name: 'vendor-orders', policy: 'stately', retryLimit: 1, retryDelay: 60, expireInSeconds: minutes(10) },
    cron: '*/5 * * * *',
    atStart: true,
  },
  reorderForecast: {
    name: 'reorder-forecast',
    label: 'Reorder forecasts and "runs out" alerts (schedule)',
    // Hourly (and at start): it queues a reorder-forecast-location job per location whose own day
    // (its time zone; none: UTC) has begun and is not done yet, so each location's night runs in
    // the first hour after its local midnight, once yesterday's use is in (issue 53).
    options: { name: 'reorder-forecast', policy: 'stately', retryLimit: 2, retryDelay: 300, expireInSeconds: minutes(10) },
    cron: '5 * * * *',
    atStart: true,
  },
  reorderForecastLocation: {
    name: 'reorder-forecast-location',
    label: 'Reorder forecasts and suggested orders, one location',
    // A location's night: its forecasts, "runs out" alerts and suggested order. A failure retries
    // this location alone; a night it finished is not run again (location_job_days).
    options: { name: 'reorder-forecast-location', policy: 'short', retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: minutes(10) },
    perLocation: true,
  },
  reorderDigest: {
    name: 'reorder-digest',
    label: 'Reorder digest e-mails (schedule)',
    // Hourly: digests go out from REORDER_DIGEST_LOCAL_HOUR (7:00) of each location's own day, once
    // a day or a week each (the subscription's last day sent says so), so a run missed while no server was up is made up by the next one. It
    // queues a reorder-digest-location job per location with a digest due.
    options: { name: 'reorder-digest', policy: 'stately', retryLimit: 2, retryDelay: 300, expireInSeconds: minutes(10) },
    cron: '17 * * * *',
    atStart: true,
  },
  reorderDigestLocation: {
    name: 'reorder-digest-location',
    label: 'Reorder digest e-mails, one location',
    // Each digest is marked sent with its e-mail, so a retry sends only those still due.
    options: { name: 'reorder-digest-location', policy: 'short', retryLimit: 2, retryDelay: 120, retryBackoff: true, expireInSeconds: minutes(5) },
    perLocation: true,
  },
  pmsSync: {
    name: 'pms-sync',
    label: 'Practice-management sync (schedule)',
    // Every 5 minutes it queues a pms-sync-location job per enabled connection whose last one has
    // ended; the locations' runs go on in every server process at once, within each process's limit.
    options: { name: 'pms-sync', policy: 'stately', retryLimit: 1, retryDelay: 60, expireInSeconds: minutes(10) },
    cron: '*/5 * * * *',
    atStart: true,
  },
  pmsSyncLocation: {
    name: 'pms-sync-location',
    label: 'Practice-management sync (Open Dental), one location',
    // A run resumes from the location's stored cursor, so one that expires or fails loses nothing;
    // it stops starting pages after two minutes (the rest follows at the next run). A failure that
    // may pass (Open Dental down, no answer) retries this location alone, sooner than the next round.
    options: { name: 'pms-sync-location', policy: 'short', retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: minutes(10) },
    perLocation: true,
  },
  uploadSweep: {
    name: 'upload-sweep',
    label: 'Unfinished uploads clean-up',
    options: { name: 'upload-sweep', policy: 'stately', retryLimit: 1, retryDelay: 300, expireInSeconds: minutes(30) },
    cron: '23 * * * *',
    atStart: true,
  },
} as const satisfies Record<string, QueueDefinition>;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name'];

export const ALL_QUEUES: readonly QueueDefinition[] = Object.values(QUEUES);

/** How many jobs of a queue one process runs at once, where more than one (JobQueueOptions.concurrency; the JOBS_*_CONCURRENCY settings). */
export type QueueConcurrency = Partial<Record<QueueName, number>>;

/** The engine's tables live in their own schema, beside the app's. */
export const JOB_SCHEMA = 'pgboss';
