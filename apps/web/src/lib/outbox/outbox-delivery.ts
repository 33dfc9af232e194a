import { ApiError, errorMessage } from '../api-client';
import type { OutboxEntry } from './outbox-entry';

export type Delivery =
  /** Recorded; `answer` is the kind's own (a visit with its recordings' fate, a counted line). */
  | { kind: 'sent'; answer: unknown }
  /** No network, or a server fault that a later try may not meet: it waits. */
  | { kind: 'offline' }
  /** The session is over (a 401): it waits for its user to sign in again. */
  | { kind: 'signed-out' }
  /** The server refused it (a lot emptied, a count closed meanwhile): its message, word for word. */
  | { kind: 'refused'; message: string };

/** What a failed request means for the entry; `refusal` words a 4xx (the server's message by default). */
export function failedDelivery(error: unknown, refusal: (error: unknown) => string = (e) => errorMessage(e, 'Could not send it')): Delivery {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return { kind: 'offline' };
  if (error.status === 401) return { kind: 'signed-out' };
  return { kind: 'refused', message: refusal(error) };
}

export type DeliverEntry = (entry: OutboxEntry) => Promise<Delivery>;

/**
 * How each kind is sent, given by the app (which composes the features) as a loader, so that
 * neither this module nor the layout that sets it loads the features' sending code up front.
 */
let loadDeliver: (() => Promise<DeliverEntry>) | null = null;

export function setDelivery(load: () => Promise<DeliverEntry>): void {
  loadDeliver = load;
}

/** The sender's way to send an entry; null before the app has said how (nothing is sent). */
export async function deliveryOf(): Promise<DeliverEntry | null> {
  return loadDeliver ? loadDeliver() : null;
}
