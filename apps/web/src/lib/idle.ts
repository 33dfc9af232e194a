/**
 * The last time the user did something, shared by every tab of this browser (localStorage), so
 * working in one tab keeps the others signed in too.
 */
const LAST_ACTIVITY_KEY = 'last_activity';
/** Writing on every mouse move would be wasteful: a few seconds' precision is plenty. */
const WRITE_EVERY_MS = 5_000;

export function lastActivity(): number | null {
  const value = Number(localStorage.getItem(LAST_ACTIVITY_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function markActivity(now: number, force = false): void {
  const last = lastActivity();
  if (force || last === null || now - last >= WRITE_EVERY_MS) localStorage.setItem(LAST_ACTIVITY_KEY, String(now));
}

/** Milliseconds until the idle sign-out, counted from the last activity (or from `since` when none is known). */
export function msUntilIdleSignOut(now: number, timeoutMinutes: number, since: number): number {
  return (lastActivity() ?? since) + timeoutMinutes * 60_000 - now;
}
