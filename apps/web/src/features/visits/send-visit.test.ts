import { describe, expect, it, vi } from 'vitest';
import type { CreateTreatmentLogRequest, TreatmentLog } from '@clinic/domain';
import { ApiError } from '../../lib/api-client';
import { recordingSavedMessage } from './recording-saved';
import { sendVisit, type SendVisitDeps } from './send-visit';

const REQUEST: CreateTreatmentLogRequest = { patient_chart_number: 'CH-1', treatments: ['6b5a4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d'], products: [], idempotency_key: '0f1e2d3c-4b5a-4978-8877-665544332211' };

const visit = (extra: Partial<TreatmentLog> = {}): TreatmentLog => ({
  id: 'visit',
  created_at: '2026-11-20T10:00:00.000Z',
  patient: { id: 'p', patient_chart_number: 'CH-1' },
  treatments: [],
  caseNotes: '',
  summary: '',
  recordingTranscript: '',
  recordingUrls: [],
  transcriptionJobStatus: null,
  treatment_log_products: [],
  total_cost: 0,
  ...extra,
});

const networkDown = () => new ApiError(0, 'Cannot reach the server. Check your connection and try again.', { code: 'NETWORK' });

function deps(overrides: Partial<SendVisitDeps> = {}) {
  return {
    saveVisit: vi.fn<SendVisitDeps['saveVisit']>(() => Promise.resolve(visit())),
    uploadRecordings: vi.fn<SendVisitDeps['uploadRecordings']>((clips) => Promise.resolve(clips.map((_c, i) => `/api/files/r${String(i)}.wav`))),
    attachRecordings: vi.fn<SendVisitDeps['attachRecordings']>((_id, urls) => Promise.resolve(visit({ recordingUrls: urls, transcriptionJobStatus: { status: 'in_progress', configured: true } }))),
    isOnline: vi.fn(() => true),
    ...overrides,
  };
}

describe('sending a visit from the chair', () => {
  it('saves the visit, then uploads its recordings and attaches them to it', async () => {
    const d = deps();
    const outcome = await sendVisit(d, { request: REQUEST, clips: [new Blob(['a']), new Blob(['b'])] });
    expect(d.saveVisit).toHaveBeenCalledWith(REQUEST);
    expect(d.attachRecordings).toHaveBeenCalledWith('visit', ['/api/files/r0.wav', '/api/files/r1.wav']);
    expect(outcome).toMatchObject({ kind: 'saved', recordingError: null, visit: { recordingUrls: ['/api/files/r0.wav', '/api/files/r1.wav'] } });
  });

  it('sends nothing while the device says it is offline', async () => {
    const d = deps({ isOnline: () => false });
    expect(await sendVisit(d, { request: REQUEST, clips: [] })).toEqual({ kind: 'offline' });
    expect(d.saveVisit).not.toHaveBeenCalled();
  });

  it('waits when the request never reached the server, and a second send reuses the same idempotency key', async () => {
    const saveVisit = vi.fn<SendVisitDeps['saveVisit']>().mockRejectedValueOnce(networkDown()).mockResolvedValueOnce(visit());
    const d = deps({ saveVisit });
    const pending = { request: REQUEST, clips: [] };
    expect(await sendVisit(d, pending)).toEqual({ kind: 'offline' });
    expect(await sendVisit(d, pending)).toMatchObject({ kind: 'saved' });
    expect(saveVisit.mock.calls.map(([body]) => body.idempotency_key)).toEqual([REQUEST.idempotency_key, REQUEST.idempotency_key]);
  });

  it('waits too when the network goes while the recordings upload (the visit is answered again, not recorded twice)', async () => {
    let online = true;
    const d = deps({
      isOnline: () => online,
      uploadRecordings: vi.fn<SendVisitDeps['uploadRecordings']>(() => {
        online = false;
        return Promise.reject(new Error('Upload failed'));
      }),
    });
    expect(await sendVisit(d, { request: REQUEST, clips: [new Blob(['a'])] })).toEqual({ kind: 'offline' });
    expect(d.attachRecordings).not.toHaveBeenCalled();
  });

  it('reports a refusal (a stock shortage) as a failure to show, not as offline', async () => {
    const shortage = new ApiError(409, 'Lidocaine - Not enough stock');
    const d = deps({ saveVisit: vi.fn<SendVisitDeps['saveVisit']>(() => Promise.reject(shortage)) });
    expect(await sendVisit(d, { request: REQUEST, clips: [] })).toEqual({ kind: 'failed', error: shortage });
  });

  it('keeps the saved visit when only its recordings fail', async () => {
    const refused = new Error('The file is too large');
    const d = deps({ uploadRecordings: vi.fn<SendVisitDeps['uploadRecordings']>(() => Promise.reject(refused)) });
    expect(await sendVisit(d, { request: REQUEST, clips: [new Blob(['a'])] })).toMatchObject({ kind: 'saved', visit: { id: 'visit' }, recordingError: refused });
  });
});

describe('what a saved recording says', () => {
  it("says 'Recording saved!' where case notes are made, and plainly that they are not set up otherwise", () => {
    expect(recordingSavedMessage(visit({ transcriptionJobStatus: { status: 'in_progress', configured: true } }))).toBe('Recording saved!');
    expect(recordingSavedMessage(visit({ transcriptionJobStatus: { status: 'in_progress', configured: false } }))).toBe('Recording saved; automatic case notes are not set up');
  });
});
