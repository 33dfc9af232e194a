const ENDED_KEY = 'tour_ended';

/**
 * Finish and Skip end the tour for this sign-in only (nothing is saved on the account). The flag
 * lives in local storage, which logout clears, so the next sign-in offers the tour again; it
 * names the user so another account in this browser is not affected.
 */
export function endTourForSession(userId: string): void {
  localStorage.setItem(ENDED_KEY, userId);
}

export function tourEndedForSession(userId: string): boolean {
  return localStorage.getItem(ENDED_KEY) === userId;
}
