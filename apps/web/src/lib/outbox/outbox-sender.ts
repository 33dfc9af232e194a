import { getSessionClaims } from '../auth-token';
import { deliveryOf } from './outbox-delivery';
import type { NewOutboxEntry, OutboxEntry } from './outbox-entry';
import { addEntry, entriesOf, removeEntry, setState } from './outbox-store';

/** What became of an entry the sender took: sent, refused (needs attention), or left waiting. */
export type OutboxEvent =
  | { kind: 'sent'; entry: OutboxEntry; answer: unknown }
  | { kind: 'refused'; entry: OutboxEntry; message: string }
  | { kind: 'waiting'; entry: OutboxEntry };

const listeners = new Set<(event: OutboxEvent) => void>();

/** Hears what the sender did with each entry; returns the unsubscribe function. */
export function onOutboxEvent(listener: (event: OutboxEvent) => void): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

const emit = (event: OutboxEvent) => { listeners.forEach((listener) => { listener(event); }); };

/**
 * A server that failed (a 5xx) or could not be reached while the device says it is online: the
 * sender tries again by itself after this long, so a visit never waits for someone to tap Send now.
 */
export const RETRY_AFTER_MS = 30_000;
let retry: ReturnType<typeof setTimeout> | null = null;

function retryLater(): void {
  if (retry) return;
  retry = setTimeout(() => {
    retry = null;
    void sendQueued();
  }, RETRY_AFTER_MS);
}

/** The signed-in user, read again before each entry: a sign-out or another user stops the sending. */
const signedInUser = () => getSessionClaims()?.sub ?? null;

/**
 * Sends the signed-in user's entries oldest first, one at a time, whatever their kind. A refused entry waits for its
 * user and the next one goes; no network (or a session that ended) stops the round, everything
 * staying as it is for the next one. An entry left 'sending' by a closed tab is sent again: its
 * idempotency key makes the server answer the first send's result.
 */
async function drain(): Promise<void> {
  const deliverEntry = await deliveryOf();
  if (!deliverEntry) return;
  for (;;) {
    const userId = signedInUser();
    if (!userId) return;
    const mine = await entriesOf(userId);
    if (!navigator.onLine) {
      // Nothing can go: what a closed tab left 'sending' shows as waiting, the rest stays as it is.
      await Promise.all(mine.filter((e) => e.state === 'sending').map((e) => setState(e.key, 'waiting')));
      return;
    }
    const entry = mine.find((e) => e.state !== 'needs-attention');
    if (!entry) return;
    await setState(entry.key, 'sending');
    const delivery = await deliverEntry(entry);
    if (delivery.kind === 'sent') {
      await removeEntry(entry.key);
      emit({ kind: 'sent', entry, answer: delivery.answer });
    } else if (delivery.kind === 'refused') {
      await setState(entry.key, 'needs-attention', delivery.message);
      emit({ kind: 'refused', entry, message: delivery.message });
    } else {
      await setState(entry.key, 'waiting');
      emit({ kind: 'waiting', entry });
      // Offline, the 'online' event sends it; signed out, the next sign-in does.
      if (delivery.kind === 'offline' && navigator.onLine) retryLater();
      return;
    }
  }
}

/** One round at a time in this tab; two tabs take turns through a Web Lock where the browser has them. */
let round: Promise<void> | null = null;
let again = false;

async function exclusive(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) await locks.request('clinic-outbox', work);
  else await work();
}

/**
 * Sends what waits. Called while a round runs, it runs one more round after it (the entry just
 * added, or the network back), so nothing waits for the next trigger.
 */
export function sendQueued(): Promise<void> {
  // A round now makes a scheduled retry moot; a round that fails again schedules its own.
  if (retry) {
    clearTimeout(retry);
    retry = null;
  }
  if (round) {
    again = true;
    return round;
  }
  round = (async () => {
    do {
      again = false;
      await exclusive(drain).catch(() => undefined);
    } while (again);
    round = null;
  })();
  return round;
}

let started = false;

/** On app start (signed in), and on every 'online' event after it: the sender runs. */
export function startOutbox(): void {
  if (!started) {
    started = true;
    window.addEventListener('online', () => { void sendQueued(); });
  }
  void sendQueued();
}

/** Save at the chair or the shelf: the entry is kept on the device first, then sent when it can be. */
export async function queueEntry(entry: NewOutboxEntry): Promise<OutboxEntry> {
  const kept = await addEntry(entry);
  void sendQueued();
  return kept;
}
