import type { FastifyBaseLogger } from 'fastify';
import type { AlertsService } from './alerts.service';

/**
 * Re-checks every location's alerts on a timer, so a lot that crosses into the expiry window (or
 * expires) overnight raises its alert without anyone touching the stock. The scan is one
 * idempotent statement, so several server processes running it at once raise nothing twice.
 */
export function startAlertScanWorker(alerts: AlertsService, log: FastifyBaseLogger, intervalMs = 15 * 60_000): { stop(): void } {
  const run = () => alerts.scan().catch((error: unknown) => log.error({ err: error }, 'alert scan failed'));
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { stop: () => { clearInterval(timer); } };
}
