import type { CreateTreatmentLogRequest, TreatmentLog } from '@clinic/domain';
import { ApiError } from '../../lib/api-client';

/** A visit as saved at the chair: the request (with its idempotency key) and the recordings made during it. */
export interface VisitToSend {
  request: CreateTreatmentLogRequest;
  clips: Blob[];
}

export interface SendVisitDeps {
  saveVisit: (request: CreateTreatmentLogRequest) => Promise<TreatmentLog>;
  uploadRecordings: (clips: Blob[]) => Promise<string[]>;
  attachRecordings: (id: string, recordingUrls: string[]) => Promise<TreatmentLog>;
  isOnline: () => boolean;
}

export type SendOutcome =
  /** Recorded; `recordingError` when the visit is saved but its recordings could not be. */
  | { kind: 'saved'; visit: TreatmentLog; recordingError: unknown }
  /** No network: nothing to show as an error, the visit waits to be sent again. */
  | { kind: 'offline' }
  | { kind: 'failed'; error: unknown };

/** The device says it is offline, or the request never reached the server. */
export function isNetworkFailure(error: unknown, online: boolean): boolean {
  return !online || (error instanceof ApiError && error.code === 'NETWORK');
}

/**
 * Saves the visit, then uploads its recordings and attaches them to it. Sending again after
 * 'offline' is safe: the same idempotency key answers the visit already recorded, so it is
 * recorded once and the recordings go to that visit.
 */
export async function sendVisit(deps: SendVisitDeps, visit: VisitToSend): Promise<SendOutcome> {
  if (!deps.isOnline()) return { kind: 'offline' };
  let saved: TreatmentLog;
  try {
    saved = await deps.saveVisit(visit.request);
  } catch (error) {
    return isNetworkFailure(error, deps.isOnline()) ? { kind: 'offline' } : { kind: 'failed', error };
  }
  if (visit.clips.length === 0) return { kind: 'saved', visit: saved, recordingError: null };
  try {
    const urls = await deps.uploadRecordings(visit.clips);
    return { kind: 'saved', visit: await deps.attachRecordings(saved.id, urls), recordingError: null };
  } catch (error) {
    // Uploads fail without saying why: the device's own word tells a lost network.
    if (isNetworkFailure(error, deps.isOnline())) return { kind: 'offline' };
    return { kind: 'saved', visit: saved, recordingError: error };
  }
}
