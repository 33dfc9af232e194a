import { useEffect, useRef, useState } from 'react';
import { useSessionClaims } from '../../../lib/auth-token';
import type { OutboxEntry } from './outbox-entry';
import { onOutboxEvent, startOutbox, type OutboxEvent } from './outbox-sender';
import { entriesOf, onOutboxChange } from './outbox-store';

/** The signed-in user's id (the token's subject), whose entries these are. */
export function useOutboxUser(): string | null {
  return useSessionClaims()?.sub ?? null;
}

const NONE: OutboxEntry[] = [];

/** The signed-in user's entries, oldest first, kept up to date (this tab's changes and other tabs'). */
export function useOutboxEntries(): OutboxEntry[] {
  const userId = useOutboxUser();
  // Whose list it is: another user's (before a switch of account) is never shown.
  const [loaded, setLoaded] = useState<{ userId: string; entries: OutboxEntry[] } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    const load = () => { void entriesOf(userId).then((entries) => { if (live) setLoaded({ userId, entries }); }); };
    load();
    const stop = onOutboxChange(load);
    return () => {
      live = false;
      stop();
    };
  }, [userId]);
  return loaded && loaded.userId === userId ? loaded.entries : NONE;
}

/** Hears what the sender does, with the caller's latest handler; the sender runs while the caller is mounted. */
export function useOutboxEvents(handler: (event: OutboxEvent) => void): void {
  const latest = useRef(handler);
  useEffect(() => { latest.current = handler; });
  useEffect(() => onOutboxEvent((event) => { latest.current(event); }), []);
  useEffect(() => { startOutbox(); }, []);
}
