import { describe, expect, it } from 'vitest';
import { fakeToken, IDS } from '../test/fixtures';
import { decodeClaims, getSessionClaims, hasSession, setToken } from './auth-token';

describe('auth token', () => {
  it('reads role and location from the JWT payload', () => {
    expect(decodeClaims(fakeToken('organization_admin'))).toMatchObject({
      sub: IDS.user,
      role: 'organization_admin',
      organization_id: IDS.organization,
      company_id: IDS.company,
    });
  });

  it('decodes base64url payloads with non-ASCII text', () => {
    const payload = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify({ role: 'admin', name: 'José ñ' }))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(decodeClaims(`h.${payload}.s`)?.role).toBe('admin');
  });

  it('returns null for a token that is not a JWT', () => {
    expect(decodeClaims('not-a-jwt')).toBeNull();
    expect(decodeClaims('a.%%%.c')).toBeNull();
  });

  it('treats an expired token as signed out', () => {
    setToken(fakeToken('company_admin', { exp: Math.floor(Date.now() / 1000) - 10 }));
    expect(hasSession()).toBe(false);
    expect(getSessionClaims()).toBeNull();
  });

  it('treats a stored, unexpired token as a session', () => {
    setToken(fakeToken('admin'));
    expect(hasSession()).toBe(true);
    expect(getSessionClaims()?.role).toBe('admin');
  });
});
