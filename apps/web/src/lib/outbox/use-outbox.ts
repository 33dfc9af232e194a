import { useEffect, useRef, useState } from 'react';
import { useSessionClaims } from '../auth-token';
import type { OutboxEntry, OutboxKind } from './outbox-entry';
import { onOutboxEvent, startOutbox, type OutboxEvent } from './outbox-sender';
import { entriesOf, onOutboxChange } from './outbox-store';

/** The signed-in user's id (the token's subject), whose entries these are. */
export function useOutboxUser(): string | null {
  return useSessionClaims()?.sub ?? null;
}

const NONE: never[] = [];

/**
 * The signed-in user's entries of the given kinds, oldest first, kept up to date (this tab's
 * changes and other tabs'): each page lists the work made there.
 */
export function useOutboxEntries<K extends OutboxKind>(kinds: readonly K[]): Extract<OutboxEntry, { kind: K }>[] {
  const userId = useOutboxUser();
  const wanted = kinds.join(' ');
  // Whose list it is: another user's (before a switch of account) is never shown.
  const [loaded, setLoaded] = useState<{ userId: string; wanted: string; entries: Extract<OutboxEntry, { kind: K }>[] } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    const mine = (entry: OutboxEntry): entry is Extract<OutboxEntry, { kind: K }> => wanted.split(' ').includes(entry.kind);
    const load = () => { void entriesOf(userId).then((entries) => { if (live) setLoaded({ userId, wanted, entries: entries.filter(mine) }); }); };
    load();
    const stop = onOutboxChange(load);
    return () => {
      live = false;
      stop();
    };
  }, [userId, wanted]);
  return loaded && loaded.userId === userId && loaded.wanted === wanted ? loaded.entries : NONE;
}

/** Hears what the sender does, with the caller's latest handler; the sender runs while the caller is mounted. */
export function useOutboxEvents(handler: (event: OutboxEvent) => void): void {
  const latest = useRef(handler);
  useEffect(() => { latest.current = handler; });
  useEffect(() => onOutboxEvent((event) => { latest.current(event); }), []);
  useEffect(() => { startOutbox(); }, []);
}
