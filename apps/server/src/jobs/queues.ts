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
    label: 'Reorder forecasts and "runs out" alerts',
    // Daily, after midnight UTC, once yesterday's use is in; also at start so a new server has them.
    options: { name: 'reorder-forecast', policy: 'stately', retryLimit: 2, retryDelay: 300, expireInSeconds: minutes(30) },
    cron: '40 2 * * *',
    atStart: true,
  },
  reorderDigest: {
    name: 'reorder-digest',
    label: 'Reorder digest e-mails',
    // Hourly: digests go out from 11:00 UTC, once a day or a week each (the subscription's last
    // day sent says so), so a run missed while no server was up is made up by the next one.
    options: { name: 'reorder-digest', policy: 'stately', retryLimit: 2, retryDelay: 300, expireInSeconds: minutes(15) },
    cron: '17 * * * *',
    atStart: true,
  },
  pmsSync: {
    name: 'pms-sync',
    label: 'Practice-management sync (Open Dental)',
    // Stately: one run at a time waits behind the one running. A run resumes from each location's
    // stored cursor, so one that expires or fails loses nothing; a location's run stops starting
    // pages after two minutes (the rest follows at the next run).
    options: { name: 'pms-sync', policy: 'stately', retryLimit: 1, retryDelay: 60, expireInSeconds: minutes(30) },
    cron: '*/5 * * * *',
    atStart: true,
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

/** The engine's tables live in their own schema, beside the app's. */
export const JOB_SCHEMA = 'pgboss';
