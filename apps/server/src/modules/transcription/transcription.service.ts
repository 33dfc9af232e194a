import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import { TREATMENT_LOG_MESSAGES } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import type { ServiceDeps } from '../../services';
import { keyFromFileUrl } from '../uploads/storage';
import type { CaseNotesAi } from './case-notes-ai';
import { claimTranscriptionJob, finishTranscriptionJob, insertTranscriptionJob, jobContext, writeCaseNotes, type TranscriptionJobRow } from './transcription.repo';

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
 * Case notes from recordings: a job per request (saving recordings, or "re-generate"), run by
 * whichever server process claims it. Without an OpenAI-compatible endpoint configured the job
 * fails with 'transcription is not configured'; case notes can still be typed.
 */
export function createTranscriptionService(deps: ServiceDeps, ai: CaseNotesAi | null) {
  const { db, files } = deps;
  let running: Promise<number> | null = null;

  async function run(job: TranscriptionJobRow): Promise<void> {
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
      await finishTranscriptionJob(db, job.id, { status: 'failed', reason: reasonOf(error) });
    }
  }

  async function drainOnce(): Promise<number> {
    let done = 0;
    for (let job = await claimTranscriptionJob(db); job; job = await claimTranscriptionJob(db)) {
      await run(job);
      done += 1;
    }
    return done;
  }

  return {
    /** False without a transcription endpoint: every job fails with 'transcription is not configured'. */
    configured: ai !== null,

    /** A new job for a visit, in the caller's transaction; `drain` (or the worker) runs it after commit. */
    queue: (tx: DbOrTx, companyId: string, treatmentLogId: string) => insertTranscriptionJob(tx, { companyId, treatmentLogId }),

    /** Runs every waiting job; concurrent calls in one process share the same run. */
    drain(): Promise<number> {
      running ??= drainOnce().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

export type TranscriptionService = ReturnType<typeof createTranscriptionService>;
