import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsService } from './payments.service';

/**
 * E-mails organizations whose free trial ends within a week, once each: the reminder is marked
 * in the same transaction that queues the e-mail, so several server processes send it once.
 */
export function startTrialReminderWorker(payments: PaymentsService, log: FastifyBaseLogger, intervalMs = 60 * 60_000): { stop(): void } {
  const run = () => payments.remindEndingTrials().catch((error: unknown) => log.error({ err: error }, 'trial reminders failed'));
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { stop: () => { clearInterval(timer); } };
}
