import { createStore, del, delMany, entries as allEntries, get, set, update, type UseStore } from 'idb-keyval';
import type { NewOutboxEntry, OutboxEntry } from './outbox-entry';

/**
 * The work saved at the chair or the shelf and not yet accepted by the server, kept in IndexedDB so that a
 * reload, a closed tab or a restarted browser does not lose it. One entry per idempotency key.
 */
let store: UseStore | null = null;
const db = () => (store ??= createStore('clinic-outbox', 'entries'));

const listeners = new Set<() => void>();
/** Another tab's change: this tab's lists follow (IndexedDB itself tells nobody). */
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('clinic-outbox');
channel?.addEventListener('message', () => { listeners.forEach((listener) => { listener(); }); });

function changed(): void {
  listeners.forEach((listener) => { listener(); });
  channel?.postMessage('changed');
}

/** Hears every change to the outbox, in this tab or another; returns the unsubscribe function. */
export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

/** The user's entries, oldest first: the order they are sent in. */
export async function entriesOf(userId: string): Promise<OutboxEntry[]> {
  const rows = await allEntries<string, OutboxEntry | undefined>(db());
  // An entry removed while its state was being written may leave an empty value behind.
  return rows.flatMap(([, entry]) => (entry?.userId === userId ? [entry] : [])).sort((a, b) => a.createdAt - b.createdAt);
}

export const findEntry = (key: string) => get<OutboxEntry>(key, db());

/**
 * Keeps an entry, waiting to be sent. An entry saved again under its key (a refused visit fixed in
 * the form) replaces it and keeps its place in the order.
 */
export async function addEntry(entry: NewOutboxEntry, now: number = Date.now()): Promise<OutboxEntry> {
  const before = await findEntry(entry.key);
  const kept = { ...entry, createdAt: before?.createdAt ?? now, state: 'waiting', error: null } as OutboxEntry;
  await set(entry.key, kept, db());
  changed();
  return kept;
}

/** An entry's state (and the server's message when it needs attention); nothing when it is gone. */
export async function setState(key: string, state: OutboxEntry['state'], error: string | null = null): Promise<void> {
  if (!(await findEntry(key))) return;
  await update<OutboxEntry | undefined>(key, (entry) => (entry ? { ...entry, state, error } : undefined), db());
  changed();
}

/** Sent, or discarded by its user: gone from the device. */
export async function removeEntry(key: string): Promise<void> {
  await del(key, db());
  changed();
}

/** Signing out: the user's entries leave the device (the user was asked first). */
export async function clearEntriesOf(userId: string): Promise<void> {
  const mine = await entriesOf(userId);
  await delMany(mine.map((entry) => entry.key), db());
  changed();
}
