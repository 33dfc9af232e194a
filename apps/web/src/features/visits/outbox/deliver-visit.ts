import type { TreatmentLog } from '@clinic/domain';
import { api, ApiError } from '../../../lib/api-client';
import { uploadRecordings } from '../recording-upload';
import { saveFailure } from '../save-failure';
import { sendVisit } from '../send-visit';
import type { OutboxEntry } from './outbox-entry';

export type Delivery =
  /** Recorded (a visit's recordings too, unless `recordingError` says why not). */
  | { kind: 'sent'; visit: TreatmentLog | null; recordingError: unknown }
  /** No network, or a server fault that a later try may not meet: it waits. */
  | { kind: 'offline' }
  /** The session is over (a 401): it waits for its user to sign in again. */
  | { kind: 'signed-out' }
  /** The server refused it (a lot emptied, recalled or expired meanwhile): its message, word for word. */
  | { kind: 'refused'; message: string };

/** What a failed request means for the entry. */
function failure(error: unknown): Delivery {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return { kind: 'offline' };
  if (error.status === 401) return { kind: 'signed-out' };
  return { kind: 'refused', message: saveFailure(error) };
}

/**
 * Sends one entry with its idempotency key. A visit goes with its recordings (uploaded, then
 * attached); sent again after a lost answer, the same key answers the visit already recorded.
 */
export async function deliverEntry(entry: OutboxEntry): Promise<Delivery> {
  if (entry.kind === 'pms-confirm') {
    try {
      await api.post('pms/waiting/confirm', entry.body);
      return { kind: 'sent', visit: null, recordingError: null };
    } catch (error) {
      return failure(error);
    }
  }
  const outcome = await sendVisit(
    {
      saveVisit: (request) => api.post<TreatmentLog>('treatment_log', request),
      uploadRecordings: (clips) => uploadRecordings(clips),
      attachRecordings: (id, recordingUrls) => api.patch<TreatmentLog>(`treatment_log/${id}`, { recordingUrls }),
      isOnline: () => navigator.onLine,
    },
    { request: entry.body, clips: entry.clips },
  );
  if (outcome.kind === 'offline') return outcome;
  if (outcome.kind === 'failed') return failure(outcome.error);
  return { kind: 'sent', visit: outcome.visit, recordingError: outcome.recordingError };
}
