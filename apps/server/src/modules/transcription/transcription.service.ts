import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import { TREATMENT_LOG_MESSAGES } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import type { JobRun } from '../../jobs/job-queue';
import { QUEUES } from '../../jobs/queues';
import type { ServiceDeps } from '../../services';
import { keyFromFileUrl } from '../uploads/storage';
import type { CaseNotesAi } from './case-notes-ai';
import { findTranscriptionJob, finishTranscriptionJob, insertTranscriptionJob, jobContext, writeCaseNotes } from './transcription.repo';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A failure in words for the clinic; details of the outside service stay in the log. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `The case notes service failed: ${message}`.slice(0, 500);
}

/**
 * Case notes from recordings: a job per request (saving recordings, or "re-generate"), queued on
 * the job engine's case-notes queue and run by whichever server process claims it; a failure of
 * the AI service is retried with backoff, and the visit shows 'failed' with the reason after the
 * last attempt. Without an OpenAI-compatible endpoint configured the job fails at once with
 * 'transcription is not configured'; case notes can still be typed.
 */
export function createTranscriptionService(deps: ServiceDeps, ai: CaseNotesAi | null) {
  const { db, files, jobs } = deps;

  async function run({ jobId }: { jobId: string }, attempt: JobRun): Promise<void> {
    const job = await findTranscriptionJob(db, jobId);
    if (!job || job.status !== 'in_progress') return;
    if (!ai) {
      await finishTranscriptionJob(db, job.id, { status: 'failed', reason: TREATMENT_LOG_MESSAGES.notConfigured });
      return;
    }
    try {
      const visit = await jobContext(db, job.treatmentLogId);
      const parts: string[] = [];
      for (const url of visit.recordingUrls) {
        const key = keyFromFileUrl(url);
        const stream = key ? await files.storage.openRead(key) : null;
        if (!key || !stream) throw new Error('a recording is missing from file storage');
        parts.push(await ai.transcribe({ filename: basename(key), contentType: 'audio/wav', content: await bytesOf(stream) }));
      }
      const transcript = parts.filter(Boolean).join('\n\n');
      const draft = await ai.draft(transcript, visit);
      await writeCaseNotes(db, job.treatmentLogId, { transcript, summary: draft.summary, caseNotes: draft.caseNotes });
      await finishTranscriptionJob(db, job.id, { status: 'completed' });
    } catch (error) {
      if (attempt.lastAttempt) await finishTranscriptionJob(db, job.id, { status: 'failed', reason: reasonOf(error) });
      throw error;
    }
  }

  return {
    /** False without a transcription endpoint: every job fails with 'transcription is not configured'. */
    configured: ai !== null,

    /** A new job for a visit, in the caller's transaction; it runs once that commits. */
    async queue(tx: DbOrTx, companyId: string, treatmentLogId: string) {
      const job = await insertTranscriptionJob(tx, { companyId, treatmentLogId });
      await jobs.send(QUEUES.caseNotes, { jobId: job.id }, { tx });
      return job;
    },

    /** The case-notes queue's handler (registered in app.ts). */
    run,

    /** Starts the jobs just queued, in this process (after the request's transaction committed). */
    kick: () => { jobs.kick(QUEUES.caseNotes.name); },

    /** Runs every case-notes job that is due, here and now; resolves with how many ran. */
    drain: (options?: { ignoreDelay?: boolean }) => jobs.drain(QUEUES.caseNotes.name, options),
  };
}

export type TranscriptionService = ReturnType<typeof createTranscriptionService>;
