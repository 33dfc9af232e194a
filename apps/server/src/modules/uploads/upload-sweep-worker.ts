import type { FastifyBaseLogger } from 'fastify';
import type { FilesService } from './uploads.service';

/**
 * Sweeps what interrupted uploads left (FilesService.sweep) at start, which catches a killed
 * process's partial files, and then every hour, which frees the space of grants never used.
 * Every step is safe to run from several server processes at once.
 */
export function startUploadSweepWorker(files: FilesService, log: FastifyBaseLogger, intervalMs = 60 * 60_000): { stop(): void } {
  const run = () =>
    files
      .sweep()
      .then(({ grants }) => { if (grants > 0) log.info({ grants }, 'forgot unused upload grants'); })
      .catch((error: unknown) => { log.error({ err: error }, 'upload sweep failed'); });
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return { stop: () => { clearInterval(timer); } };
}
