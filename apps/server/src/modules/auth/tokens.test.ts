import { randomUUID } from 'node:crypto';
import { createSigner } from 'fast-jwt';
import { vi } from 'vitest';
import { createTokenService, SessionClaimsSchema, sessionClaimsOf } from './tokens';

const SECRET = 'token-test-secret-0123456789-0123456789';

/** What zod's schema answers for a payload: the reference the hand check must give. */
const byZod = (payload: unknown) => {
  const parsed = SessionClaimsSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
};

const valid = {
  sub: '3f0c6c8e-5d1a-4c2b-9e7f-1a2b3c4d5e6f',
  role: 'company_member',
  organization_id: '0b9a8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d',
  company_id: null,
  sid: randomUUID(),
  issued_at: 1_764_150_000_123,
  exp: 1_764_193_200,
};

// Values each claim may take, good and bad: the check and zod must agree on every combination.
const variants: Record<keyof typeof valid, unknown[]> = {
  sub: [valid.sub, valid.sub.toUpperCase(), '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '3f0c6c8e-5d1a-0c2b-9e7f-1a2b3c4d5e6f', '3f0c6c8e-5d1a-4c2b-7e7f-1a2b3c4d5e6f', `${valid.sub} `, 'not-a-uuid', 42, null, undefined],
  role: ['admin', 'organization_admin', 'company_admin', 'company_member', 'assistant', 'Admin', 'owner', '', null, undefined],
  organization_id: [valid.organization_id, null, 'x', '', 7, undefined],
  company_id: [null, valid.organization_id, 'x', undefined],
  sid: [valid.sid, valid.sub, 'sid', null, undefined],
  issued_at: [valid.issued_at, 0, -1, 1.5, 2 ** 53, 2 ** 53 - 1, Number.NaN, Number.POSITIVE_INFINITY, '1764150000123', null, undefined],
  exp: [valid.exp, 1.25, 2 ** 60, '1764193200', null, undefined],
};

describe('sessionClaimsOf', () => {
  it('accepts the claims a signed-in token carries, leaving out the others as zod does', () => {
    const payload = { ...valid, iat: 1_764_150_000, iss: 'clinic-inventory', extra: { admin: true } };
    expect(sessionClaimsOf(payload)).toEqual(valid);
    expect(sessionClaimsOf(payload)).toEqual(byZod(payload));
  });

  it('answers as SessionClaimsSchema for every claim good or bad, one at a time', () => {
    for (const [claim, values] of Object.entries(variants)) {
      for (const value of values) {
        const payload: Record<string, unknown> = { ...valid, [claim]: value };
        if (value === undefined) delete payload[claim];
        expect({ claim, value, answer: sessionClaimsOf(payload) }).toEqual({ claim, value, answer: byZod(payload) });
      }
    }
  });

  it('answers as SessionClaimsSchema for mixed claims', () => {
    // A fixed walk over combinations (the same every run), several claims changed at once.
    const claims = Object.keys(variants) as (keyof typeof valid)[];
    let state = 12_345;
    const next = (n: number) => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) % n;
    let accepted = 0;
    for (let i = 0; i < 2000; i += 1) {
      const payload: Record<string, unknown> = {};
      for (const claim of claims) {
        // Mostly the good value, so that combinations the check accepts come up too.
        const values = variants[claim];
        const value = next(3) === 0 ? values[next(values.length)] : valid[claim];
        if (value !== undefined) payload[claim] = value;
      }
      const expected = byZod(payload);
      if (expected) accepted += 1;
      expect(sessionClaimsOf(payload)).toEqual(expected);
    }
    expect(accepted).toBeGreaterThan(100);
  });

  it('refuses what is not a claims object', () => {
    for (const payload of [null, undefined, 'claims', 12, [valid], []]) {
      expect(byZod(payload)).toBeNull();
      expect(sessionClaimsOf(payload)).toBeNull();
    }
  });
});

describe('the token service', () => {
  it('gives back the claims it signed, with a session and the times', () => {
    const tokens = createTokenService(SECRET, '1h');
    const before = Date.now();
    const claims = tokens.verify(tokens.sign({ sub: valid.sub, role: 'assistant', organization_id: valid.organization_id, company_id: valid.organization_id }));
    expect(claims).toMatchObject({ sub: valid.sub, role: 'assistant', organization_id: valid.organization_id, company_id: valid.organization_id });
    expect(claims!.sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims!.issued_at).toBeGreaterThanOrEqual(before);
    expect(claims!.exp * 1000).toBeGreaterThan(before + 3_500_000);
    expect(Object.keys(claims!).sort()).toEqual(['company_id', 'exp', 'issued_at', 'organization_id', 'role', 'sid', 'sub']);
  });

  it('refuses a token signed with the secret whose claims are not a session', () => {
    const sign = createSigner({ key: SECRET, expiresIn: 60_000, iss: 'clinic-inventory' });
    const tokens = createTokenService(SECRET, '1h');
    const { exp: _exp, ...claims } = valid;
    expect(tokens.verify(sign(claims))).not.toBeNull();
    expect(tokens.verify(sign({ ...claims, role: 'owner' }))).toBeNull();
    expect(tokens.verify(sign({ ...claims, sid: 'session' }))).toBeNull();
    expect(tokens.verify(sign({ ...claims, issued_at: 'yesterday' }))).toBeNull();
  });

  it('keeps refusing a tampered token, and stops accepting a remembered one when it expires', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T09:00:00Z') });
    try {
      const tokens = createTokenService(SECRET, '60s');
      const token = tokens.sign({ sub: valid.sub, role: 'assistant', organization_id: valid.organization_id, company_id: valid.organization_id });
      expect(tokens.verify(token)).not.toBeNull();
      expect(tokens.verify(token)).not.toBeNull();
      const [header, payload, signature] = token.split('.');
      const forged = `${header!}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'organization_admin' })).toString('base64url')}.${signature!}`;
      expect(tokens.verify(forged)).toBeNull();
      expect(tokens.verify(forged)).toBeNull();
      vi.advanceTimersByTime(61_000);
      expect(tokens.verify(token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
