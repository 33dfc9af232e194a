import { NOT_SENT_NOUNS, type NotSentCounts } from '@clinic/domain';
import type { OutboxEntry, OutboxKind } from './outbox-entry';

/**
 * What sign-out and the pages' queues need of the outbox, without loading it with the layout: the
 * store (and idb-keyval) load when asked, which is after the page has rendered.
 */
const loadStore = () => import('./outbox-store');

/** What each kind is called when the unsent work is summed up ("3 visits and 1 count"). */
const NOUN_OF: Record<OutboxKind, keyof NotSentCounts> = { visit: 'visits', 'pms-confirm': 'visits', use: 'uses', 'count-line': 'counts' };

/** Every kind, for a list of all the user's unsent work. */
export const OUTBOX_KINDS = Object.keys(NOUN_OF) as OutboxKind[];

/** An entry's kind as its user calls one of it ("visit", "use", "count"). */
export const unsentNoun = (kind: OutboxKind): string => NOT_SENT_NOUNS[NOUN_OF[kind]][0];

/** The entries by what their user calls them: the sums "… are not sent yet" names. */
export function unsentCounts(entries: Pick<OutboxEntry, 'kind'>[]): NotSentCounts {
  const counts: NotSentCounts = { visits: 0, uses: 0, counts: 0 };
  for (const entry of entries) counts[NOUN_OF[entry.kind]] += 1;
  return counts;
}

/** What the user has not sent yet (waiting, sending or needing attention), by kind. */
export async function unsentOf(userId: string): Promise<NotSentCounts> {
  return unsentCounts(await (await loadStore()).entriesOf(userId));
}

/** Signing out: the user's unsent entries leave the device (the user was told how many first). */
export async function forgetUnsent(userId: string): Promise<void> {
  await (await loadStore()).clearEntriesOf(userId);
}

/** Starts the sender once the page is idle: app start signed in, and each sign-in (the layout mounts). */
export function startOutboxWhenIdle(): () => void {
  const start = () => { void import('./outbox-sender').then(({ startOutbox }) => { startOutbox(); }); };
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(start, { timeout: 5000 });
    return () => { cancelIdleCallback(id); };
  }
  const timer = setTimeout(start, 2000);
  return () => { clearTimeout(timer); };
}
