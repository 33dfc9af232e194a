import type { FastifyBaseLogger } from 'fastify';
import type { ImportsService } from './imports.service';

/**
 * Polls for queued imports in every server process; the database hands each import to one of
 * them (SKIP LOCKED). Creating an import also starts it at once in the process that took it.
 */
export function startImportWorker(imports: ImportsService, log: FastifyBaseLogger, intervalMs = 3000): { stop(): void } {
  const timer = setInterval(() => {
    imports.drain().catch((error: unknown) => log.error({ err: error }, 'import worker failed'));
  }, intervalMs);
  timer.unref();
  return { stop: () => { clearInterval(timer); } };
}
