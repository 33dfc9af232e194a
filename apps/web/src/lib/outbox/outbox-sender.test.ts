import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Blob as NodeBlob } from 'node:buffer';
import type { CreateTreatmentLogRequest } from '@clinic/domain';
import { setToken } from '../auth-token';
import { stubApi } from '../../test/fake-api';
import { fakeToken, jsonResponse, profileFor } from '../../test/fixtures';
import { setUpOutbox } from '../../app/outbox/set-up-outbox';
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

// The app's way of sending each kind, as the layout sets it.
beforeAll(() => { setUpOutbox(); });

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

const COUNT = '33333333-3333-4333-8333-333333333333';
const LINE = '44444444-4444-4444-8444-444444444444';
const PRODUCT = '55555555-5555-4555-8555-555555555555';

function use(key: string, userId = ANA): Extract<NewOutboxEntry, { kind: 'use' }> {
  return { kind: 'use', key, userId, label: `Gloves: 2 units (${key})`, productName: 'Gloves', body: { product_id: PRODUCT, quantity: 2, idempotency_key: key } };
}
function countLine(key: string, userId = ANA): Extract<NewOutboxEntry, { kind: 'count-line' }> {
  return { kind: 'count-line', key, userId, countId: COUNT, label: `Gloves lot A1: 7 (${key})`, body: { line_id: LINE, counted_units: 7, idempotency_key: key } };
}
function foundLot(key: string, userId = ANA): Extract<NewOutboxEntry, { kind: 'count-line' }> {
  return { kind: 'count-line', key, userId, countId: COUNT, label: `Found lot F-1 (${key})`, body: { found: { product_id: PRODUCT, lot_number: 'F-1', counted_units: 3, idempotency_key: key } } };
}

/** The fake server of the shelf: visits, uses, counted lines and found lots, each recorded once per key. */
function shelfServer(refuse: (key: string) => Response | null = () => null) {
  const recorded = new Map<string, number>();
  const order: string[] = [];
  const take = (init: RequestInit | undefined, answer: (body: { idempotency_key: string }) => unknown, status = 200) => {
    const body = JSON.parse(String(init?.body)) as { idempotency_key: string };
    order.push(body.idempotency_key);
    const refusal = refuse(body.idempotency_key);
    if (refusal) return refusal;
    recorded.set(body.idempotency_key, (recorded.get(body.idempotency_key) ?? 0) + 1);
    return jsonResponse(answer(body), status);
  };
  const line = { id: LINE, counted_units: 7, expected_units: 9, variance_units: -2 };
  stubApi(profileFor('assistant'), {
    '/api/treatment_log': (_url, init) => take(init, (body) => savedVisit(body as CreateTreatmentLogRequest), 201),
    '/api/stock/consume': (_url, init) => take(init, () => ({ usages: [] })),
    [`/api/counts/${COUNT}/lines/${LINE}`]: (_url, init) => take(init, () => line),
    [`/api/counts/${COUNT}/found`]: (_url, init) => take(init, () => ({ ...line, id: 'found-line' }), 201),
  });
  return { recorded, order };
}

describe('the outbox sends what was saved at the shelf as it sends the chair’s work', () => {
  it('sends visits, uses, counted lines and found lots in one order, oldest first, each once', async () => {
    signIn(ANA);
    const { recorded, order } = shelfServer();
    await addEntry(countLine('c-1'), 3000);
    await addEntry(visit('v-1'), 1000);
    await addEntry(use('u-1'), 2000);
    await addEntry(foundLot('f-1'), 4000);
    const answers: unknown[] = [];
    const stop = onOutboxEvent((event) => { if (event.kind === 'sent') answers.push(event.answer); });

    await Promise.all([sendQueued(), sendQueued()]);
    await sendQueued();
    stop();

    expect(order).toEqual(['v-1', 'u-1', 'c-1', 'f-1']);
    expect(Object.fromEntries(recorded)).toEqual({ 'v-1': 1, 'u-1': 1, 'c-1': 1, 'f-1': 1 });
    expect(answers).toHaveLength(4);
    expect(await entriesOf(ANA)).toEqual([]);
  });

  it('keeps a counted line the server refuses with its message and the books’ figure nowhere on the device', async () => {
    signIn(ANA);
    const closed = 'This count is not open for counting';
    const { order } = shelfServer((key) => (key === 'c-1' ? jsonResponse({ message: closed, code: 'CONFLICT' }, 409) : null));
    await addEntry(countLine('c-1'), 1000);
    await addEntry(use('u-1'), 2000);

    await sendQueued();
    const kept = await entriesOf(ANA);
    expect(kept).toEqual([expect.objectContaining({ key: 'c-1', kind: 'count-line', state: 'needs-attention', error: closed })]);
    expect(JSON.stringify(kept)).not.toContain('expected_units');
    expect(order).toEqual(['c-1', 'u-1']);
    await sendQueued();
    expect(order).toEqual(['c-1', 'u-1']);
  });

  it('never sends another user’s uses or counts; they go with their own user', async () => {
    const { order } = shelfServer();
    await addEntry(use('ana-use', ANA), 1000);
    await addEntry(countLine('ana-count', ANA), 2000);
    signIn(BEN);
    expect(await entriesOf(BEN)).toEqual([]);
    await sendQueued();
    expect(order).toEqual([]);
    signIn(ANA);
    await sendQueued();
    expect(order).toEqual(['ana-use', 'ana-count']);
  });
});

