import type { FastifyBaseLogger } from 'fastify';
import type { TranscriptionService } from './transcription.service';

/** Picks up case-notes jobs in every server process (a save also starts its job at once). */
export function startTranscriptionWorker(transcriptions: TranscriptionService, log: FastifyBaseLogger, intervalMs = 5000): { stop(): void } {
  const timer = setInterval(() => {
    transcriptions.drain().catch((error: unknown) => log.error({ err: error }, 'transcription worker failed'));
  }, intervalMs);
  timer.unref();
  return { stop: () => { clearInterval(timer); } };
}
