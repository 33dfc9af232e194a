import { useMemo, useSyncExternalStore } from 'react';
import { ROLES, type Role } from '@clinic/domain';

export const TOKEN_KEY = 'access_token';

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  notify();
}

/** Signing out forgets everything the app stored for this browser (token, welcome flag). */
export function clearSession(): void {
  localStorage.clear();
  notify();
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** What the browser reads from the token; fields it cannot read are null. */
export interface SessionClaims {
  sub: string | null;
  role: Role | null;
  organization_id: string | null;
  company_id: string | null;
  /** Expiry in seconds since the epoch. */
  exp: number | null;
}

function stringClaim(payload: Record<string, unknown>, key: string): string | null {
  const value = payload[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * Reads the claims of a JWT without verifying it: the server verifies on every call,
 * the browser only needs the role and location to pick routes and menus.
 * Returns null when the token is not a readable JWT.
 */
export function decodeClaims(token: string): SessionClaims | null {
  const segment = token.split('.')[1];
  if (!segment) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Url(segment));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const record = payload as Record<string, unknown>;
  // A plain membership test rather than RoleSchema: this runs on the first page, which does not load zod.
  const role = (ROLES as readonly unknown[]).includes(record.role) ? (record.role as Role) : null;
  return {
    sub: stringClaim(record, 'sub'),
    role,
    organization_id: stringClaim(record, 'organization_id'),
    company_id: stringClaim(record, 'company_id'),
    exp: typeof record.exp === 'number' ? record.exp : null,
  };
}

/** A stored token counts as a session until its expiry (if it states one) has passed. */
export function isTokenUsable(token: string | null, now: number = Date.now()): token is string {
  if (!token) return false;
  const exp = decodeClaims(token)?.exp ?? null;
  return exp === null || exp * 1000 > now;
}

export function hasSession(now: number = Date.now()): boolean {
  return isTokenUsable(getToken(), now);
}

/** Role and location of the stored token, or null when signed out. */
export function getSessionClaims(now: number = Date.now()): SessionClaims | null {
  const token = getToken();
  return isTokenUsable(token, now) ? decodeClaims(token) : null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored token, re-rendering when it changes (login, location switch, logout, other tabs). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}

export function useSessionClaims(): SessionClaims | null {
  const token = useToken();
  return useMemo(() => (token ? decodeClaims(token) : null), [token]);
}
