import { afterEach, describe, expect, it, vi } from 'vitest';
import { Blob as NodeBlob } from 'node:buffer';
import type { CreateTreatmentLogRequest } from '@clinic/domain';
import { setToken } from '../../../lib/auth-token';
import { stubApi } from '../../../test/fake-api';
import { fakeToken, jsonResponse, profileFor } from '../../../test/fixtures';
import type { NewOutboxEntry } from './outbox-entry';
import { addEntry, clearEntriesOf, entriesOf } from './outbox-store';
import { onOutboxEvent, RETRY_AFTER_MS, sendQueued } from './outbox-sender';

const ANA = '11111111-1111-4111-8111-111111111111';
const BEN = '22222222-2222-4222-8222-222222222222';
const TREATMENT = '6b5a4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d';

function visit(key: string, userId = ANA, chart = 'CH-1'): Extract<NewOutboxEntry, { kind: 'visit' }> {
  const body: CreateTreatmentLogRequest = { patient_chart_number: chart, treatments: [TREATMENT], products: [], idempotency_key: key };
  return { kind: 'visit', key, userId, label: `${chart} — Prophylaxis`, body, clips: [], form: null };
}

const savedVisit = (body: CreateTreatmentLogRequest) => ({ id: `visit-${body.idempotency_key}`, patient: { id: 'p', patient_chart_number: body.patient_chart_number }, recordingUrls: [], total_cost: 1, transcriptionJobStatus: null });

/** The fake server: records each POST /treatment_log once per key, as the real one does; `answer` may refuse one. */
function server(answer: (body: CreateTreatmentLogRequest) => Response | null = () => null) {
  const recorded = new Map<string, number>();
  const fetchMock = stubApi(profileFor('assistant'), {
    '/api/treatment_log': (_url, init) => {
      const body = JSON.parse(String(init?.body)) as CreateTreatmentLogRequest;
      const refusal = answer(body);
      if (refusal) return refusal;
      recorded.set(body.idempotency_key, (recorded.get(body.idempotency_key) ?? 0) + 1);
      return jsonResponse(savedVisit(body), 201);
    },
  });
  const posted = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => (JSON.parse(String(init?.body)) as CreateTreatmentLogRequest).idempotency_key);
  return { recorded, posted, fetchMock };
}

const signIn = (userId: string) => { setToken(fakeToken('assistant', { sub: userId })); };

afterEach(async () => {
  await clearEntriesOf(ANA);
  await clearEntriesOf(BEN);
  // An empty round: no retry a failed send scheduled is left to go off in another test.
  await sendQueued();
  vi.unstubAllGlobals();
});

describe('the outbox sends what was saved at the chair', () => {
  it('sends the signed-in user’s visits oldest first, each once, and lets them go once sent', async () => {
    signIn(ANA);
    const { recorded, posted } = server();
    await addEntry(visit('k-2'), 2000);
    await addEntry(visit('k-1'), 1000);
    await addEntry(visit('k-3'), 3000);
    const sent: string[] = [];
    const stop = onOutboxEvent((event) => { if (event.kind === 'sent') sent.push(event.entry.label); });

    // Two triggers at once (an 'online' event while an entry is added) make one sending, not two.
    await Promise.all([sendQueued(), sendQueued()]);
    stop();

    expect(posted()).toEqual(['k-1', 'k-2', 'k-3']);
    expect([...recorded.values()]).toEqual([1, 1, 1]);
    expect(sent).toHaveLength(3);
    expect(await entriesOf(ANA)).toEqual([]);
  });

  it('tries again by itself after a server fault while the device is online, with the same key', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      signIn(ANA);
      const { posted, recorded, fetchMock } = server();
      await addEntry(visit('k-1'), 1000);
      fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'Service Unavailable' }, 503));

      await sendQueued();
      expect(posted()).toEqual(['k-1']);
      expect((await entriesOf(ANA)).map((e) => e.state)).toEqual(['waiting']);

      // Nobody taps Send now: the retry goes once its time has come.
      const sent = new Promise<void>((resolve) => {
        const stop = onOutboxEvent((event) => { if (event.kind === 'sent') { stop(); resolve(); } });
      });
      await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS - 1);
      expect(posted()).toEqual(['k-1']);
      await vi.advanceTimersByTimeAsync(1);
      await sent;
      expect(posted()).toEqual(['k-1', 'k-1']);
      expect([...recorded.values()]).toEqual([1]);
      expect(await entriesOf(ANA)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the visit waiting when the network fails, and sends it with the same key once it is back', async () => {
    signIn(ANA);
    const { posted, fetchMock } = server();
    await addEntry(visit('k-1'), 1000);
    await addEntry(visit('k-2'), 2000);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    await sendQueued();
    // The round stops at the first failure: the second visit was not tried either.
    expect(posted()).toEqual(['k-1']);
    expect((await entriesOf(ANA)).map((e) => [e.key, e.state])).toEqual([['k-1', 'waiting'], ['k-2', 'waiting']]);

    await sendQueued();
    expect(posted()).toEqual(['k-1', 'k-1', 'k-2']);
    expect(await entriesOf(ANA)).toEqual([]);
  });

  it('marks a visit the server refuses as needing attention, with the server’s message word for word, and sends the next', async () => {
    signIn(ANA);
    const refusal = 'Septocaine Articaine HCl 4% - Expired stock';
    const { posted } = server((body) => (body.idempotency_key === 'k-1' ? jsonResponse({ message: refusal, code: 'CONFLICT' }, 409) : null));
    await addEntry(visit('k-1', ANA, 'CH-1'), 1000);
    await addEntry(visit('k-2', ANA, 'CH-2'), 2000);

    await sendQueued();
    expect(await entriesOf(ANA)).toEqual([expect.objectContaining({ key: 'k-1', state: 'needs-attention', error: refusal })]);
    expect(posted()).toEqual(['k-1', 'k-2']);
    // It waits for its user: the next round does not send it again.
    await sendQueued();
    expect(posted()).toEqual(['k-1', 'k-2']);
  });

  it('never lists or sends another user’s visits on the same browser', async () => {
    const { posted } = server();
    await addEntry(visit('ana-1', ANA), 1000);
    signIn(BEN);
    expect(await entriesOf(BEN)).toEqual([]);
    await sendQueued();
    expect(posted()).toEqual([]);

    signIn(ANA);
    await sendQueued();
    expect(posted()).toEqual(['ana-1']);
  });

  it('keeps nothing to send while nobody is signed in (a token that expired keeps the queue)', async () => {
    const { posted } = server();
    setToken(fakeToken('assistant', { sub: ANA, exp: Math.floor(Date.now() / 1000) - 60 }));
    await addEntry(visit('k-1'), 1000);
    await sendQueued();
    expect(posted()).toEqual([]);
    expect(await entriesOf(ANA)).toHaveLength(1);

    signIn(ANA);
    await sendQueued();
    expect(posted()).toEqual(['k-1']);
  });

  it('keeps its entries, recordings included, across a reload (a new connection to the same database)', async () => {
    // Node's Blob: jsdom's cannot be cloned into the (fake) database, a browser's can.
    await addEntry({ ...visit('k-1'), clips: [new NodeBlob(['RIFF'], { type: 'audio/webm' }) as Blob] }, 1000);
    vi.resetModules();
    const reloaded = await import('./outbox-store');
    const [entry] = await reloaded.entriesOf(ANA);
    expect(entry).toMatchObject({ key: 'k-1', label: 'CH-1 — Prophylaxis', state: 'waiting' });
    expect(entry?.kind === 'visit' ? await entry.clips[0]?.text() : null).toBe('RIFF');
  });
});
