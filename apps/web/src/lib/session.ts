import { clearSession, getToken, setToken } from './auth-token';
import { setLocationTimeZone } from './location-time';
import { api } from './api-client';
import { isTouchDevice } from './device';
import { forgetKept } from './kept/kept-on-device';

export const WELCOME_FLAG_KEY = 'show_welcome';

export const DESKTOP_HOME = '/dashboard';
/** Phones and tablets are used at the chair, so they open on treatment execution (spec: "after login on mobile"). */
export const MOBILE_HOME = '/treatment-execution';

export function homePath(): string {
  return isTouchDevice() ? MOBILE_HOME : DESKTOP_HOME;
}

/** Stores a fresh sign-in and arms the one-time welcome page; returns where to go next. */
export function startSession(accessToken: string): string {
  // A new session starts with nothing kept for the chair (issue 52): no earlier user's answers stay.
  void forgetKept().catch(() => undefined);
  setToken(accessToken);
  localStorage.setItem(WELCOME_FLAG_KEY, 'true');
  return homePath();
}

export function shouldShowWelcome(): boolean {
  return localStorage.getItem(WELCOME_FLAG_KEY) === 'true';
}

export function dismissWelcome(): void {
  localStorage.removeItem(WELCOME_FLAG_KEY);
}

/** Why the last session ended, when the app ended it (read once by the sign-in page). */
const SIGNED_OUT_KEY = 'signed_out_reason';
export type SignOutReason = 'idle';

/**
 * Signs out: the server revokes the token for all its processes (the request carries the token
 * before it is forgotten here; a server that cannot be reached does not keep the user in), and
 * this browser forgets the session.
 */
export function endSession(reason?: SignOutReason): void {
  if (getToken()) void api.post('auth/logout').catch(() => undefined);
  clearSession();
  setLocationTimeZone(null);
  // What the chair kept on the device leaves with the session (issue 52, item 6).
  void forgetKept().catch(() => undefined);
  if (reason) sessionStorage.setItem(SIGNED_OUT_KEY, reason);
}

/** Why the app signed the user out, once: the sign-in page says so and forgets it. */
export function takeSignOutReason(): SignOutReason | null {
  const reason = sessionStorage.getItem(SIGNED_OUT_KEY);
  sessionStorage.removeItem(SIGNED_OUT_KEY);
  return reason === 'idle' ? reason : null;
}
