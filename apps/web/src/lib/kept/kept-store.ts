import { clear, createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import type { AsyncStorage } from '@tanstack/query-persist-client-core';

/**
 * What the chair keeps on the device so it opens and works offline (issue 52 items 2 and 6): a
 * few query answers in IndexedDB, their own database apart from the outbox's, so signing out
 * clears them all in one go. Each answer is stored under its user and location (keptPrefix):
 * another user, or the same user at another location, reads other keys and never sees it.
 */
let store: UseStore | null = null;
const db = () => (store ??= createStore('clinic-chair-kept', 'queries'));

/** The storage the query persister writes through. */
export const keptStorage: AsyncStorage<string> = {
  getItem: (key) => get<string>(key, db()),
  setItem: (key, value) => set(key, value, db()),
  removeItem: (key) => del(key, db()),
  entries: () => entries<string, string>(db()),
};

/** The key prefix of one user's answers at one location. */
export const keptPrefix = (userId: string, locationId: string) => `chair-kept:${userId}:${locationId}`;

/** Signing out (or in): everything kept, of every user, leaves the device. */
export function clearKept(): Promise<void> {
  return clear(db());
}
