import { clearSession, setToken } from './auth-token';
import { isTouchDevice } from './device';

export const WELCOME_FLAG_KEY = 'show_welcome';

export const DESKTOP_HOME = '/dashboard';
/** Phones and tablets are used at the chair, so they open on treatment execution (spec: "after login on mobile"). */
export const MOBILE_HOME = '/treatment-execution';

export function homePath(): string {
  return isTouchDevice() ? MOBILE_HOME : DESKTOP_HOME;
}

/** Stores a fresh sign-in and arms the one-time welcome page; returns where to go next. */
export function startSession(accessToken: string): string {
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

export function endSession(): void {
  clearSession();
}
