import type { FastifyBaseLogger } from 'fastify';
import type { SqlExecutor } from './db/sql-executor';
import type { JobQueue } from './jobs/job-queue';
import { createLocationDays } from './jobs/location-days';
import { QUEUES } from './jobs/queues';
import type { PmsSyncService } from './modules/pms/sync/pms-sync.service';
import type { ReorderService } from './modules/reorder/reorder.service';
import type { SuggestionsService } from './modules/reorder/suggestions.service';
import type { ReorderDigestService } from './modules/reorder/reorder-digest.service';

export interface LocationJobServices {
  pmsSync: PmsSyncService;
  reorder: ReorderService;
  suggestions: SuggestionsService;
  reorderDigest: ReorderDigestService;
}

/**
 * The background work that grows with the number of locations (issue 53): each schedule's job only
 * queues one job per location (`fanOut`), and those run in every server process at once, within
 * each process's limit (JOBS_*_CONCURRENCY). A location's failure retries that location alone, one
 * slow practice holds up no other, and a night's forecasts retried or restarted skip the
 * locations already done (location_job_days).
 */
export function registerLocationJobs(jobs: JobQueue, jobSql: SqlExecutor, services: LocationJobServices, log: FastifyBaseLogger, now: () => Date): void {
  const days = createLocationDays(jobSql);

  // Every 5 minutes: each enabled connection's sync. A location saved on queues its own job at once
  // (pms-connection.service.ts); a schedule job left from before issue 53 may still name one location.
  jobs.handle<{ companyId?: string } | null>(QUEUES.pmsSync, async (data) => {
    const companyIds = data?.companyId ? [data.companyId] : await services.pmsSync.enabledLocations();
    const queued = await jobs.fanOut(QUEUES.pmsSyncLocation, companyIds.map((companyId) => ({ key: companyId, data: { companyId } })));
    await services.pmsSync.forgetIdlePaces();
    if (queued < companyIds.length) log.info({ queued, stillRunning: companyIds.length - queued }, 'practice-management sync: locations whose last run has not ended wait for the next round');
  });
  jobs.handle<{ companyId: string }>(QUEUES.pmsSyncLocation, async ({ companyId }) => {
    const run = await services.pmsSync.runFor(companyId);
    // Turned off since it was queued: nothing to do.
    if (!run) return;
    if (run.error) {
      // The failure is on its connection (last_error, the Practice system page) and in the log.
      log.warn({ companyId, err: run.cause, error: run.error }, 'practice-management sync failed at a location');
      // One that may pass fails the job, which the engine tries again soon: this location alone.
      if (run.mayPass) throw new Error(run.error);
    } else if (run.read > 0) {
      log.info({ companyId, pages: run.pages, read: run.read, visits: run.visits }, 'practice-management sync');
    }
  });

  // Hourly: each location's forecasts, "runs out" alerts and suggested order, once per day of its
  // own, from the first run after its local midnight (its time zone; none: UTC).
  jobs.handle(QUEUES.reorderForecast, async () => {
    const [forecast, suggest] = await Promise.all([services.reorder.companiesToForecast(), services.suggestions.companiesToSuggest()]);
    const toForecast = new Set(forecast);
    const localDays = await days.localDays([...new Set([...forecast, ...suggest])], now());
    const due = await days.notDone(QUEUES.reorderForecastLocation.name, localDays);
    const queued = await jobs.fanOut(QUEUES.reorderForecastLocation, due.map(({ companyId, day }) => ({ key: companyId, data: { companyId, day, forecast: toForecast.has(companyId) } })));
    if (queued > 0) log.info({ queued }, 'reorder forecasts and suggested orders queued per location');
  });
  jobs.handle<{ companyId: string; day: string; forecast: boolean }>(QUEUES.reorderForecastLocation, async ({ companyId, day, forecast }) => {
    if (await days.isDone(QUEUES.reorderForecastLocation.name, day, companyId)) return;
    const forecasts = forecast ? await services.reorder.refreshCompany(companyId, day) : 0;
    // The suggested order follows the fresh levels (and automatic sending, where the location has it on).
    const drafted = await services.suggestions.draftIfPlanned(companyId);
    await days.markDone(QUEUES.reorderForecastLocation.name, day, companyId);
    log.debug({ companyId, day, forecasts, drafted }, 'reorder forecasts refreshed, suggested order drafted');
  });

  // Hourly: the digests due (from REORDER_DIGEST_LOCAL_HOUR of each location's own day), one job per location that has any.
  jobs.handle(QUEUES.reorderDigest, async () => {
    const companyIds = await services.reorderDigest.dueLocations();
    await jobs.fanOut(QUEUES.reorderDigestLocation, companyIds.map((companyId) => ({ key: companyId, data: { companyId } })));
  });
  jobs.handle<{ companyId: string }>(QUEUES.reorderDigestLocation, async ({ companyId }) => {
    const sent = await services.reorderDigest.sendDigestsAt(companyId);
    if (sent > 0) log.info({ companyId, sent }, 'reorder digests enqueued');
  });
}
