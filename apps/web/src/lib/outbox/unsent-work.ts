/**
 * What sign-out needs of the outbox, without loading it with the layout: the store (and
 * idb-keyval) load when the sign-out dialog opens, which is after the page has rendered.
 */
const loadStore = () => import('./outbox-store');

/** How many entries the user has not sent yet (waiting, sending or needing attention). */
export async function unsentCount(userId: string): Promise<number> {
  return (await (await loadStore()).entriesOf(userId)).length;
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
