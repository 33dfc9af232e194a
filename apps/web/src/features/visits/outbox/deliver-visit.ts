import type { TreatmentLog } from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { failedDelivery, type Delivery } from '../../../lib/outbox/outbox-delivery';
import { uploadRecordings } from '../recording-upload';
import { saveFailure } from '../save-failure';
import { sendVisit } from '../send-visit';
import type { ChairEntry, VisitSent } from './outbox-entry';

/**
 * Sends one of the chair's entries with its idempotency key. A visit goes with its recordings
 * (uploaded, then attached); sent again after a lost answer, the same key answers the visit
 * already recorded. A refusal is worded as the chair words a failed save (spec section 8).
 */
export async function deliverChairEntry(entry: ChairEntry): Promise<Delivery> {
  if (entry.kind === 'pms-confirm') {
    try {
      await api.post('pms/waiting/confirm', entry.body);
      return { kind: 'sent', answer: { visit: null, recordingError: null } satisfies VisitSent };
    } catch (error) {
      return failedDelivery(error, saveFailure);
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
  if (outcome.kind === 'failed') return failedDelivery(outcome.error, saveFailure);
  return { kind: 'sent', answer: { visit: outcome.visit, recordingError: outcome.recordingError } satisfies VisitSent };
}
