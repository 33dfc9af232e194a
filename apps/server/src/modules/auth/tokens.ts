import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { z } from 'zod';
import { ROLES, TokenClaimsSchema, type Role, type TokenClaims } from '@clinic/domain';

/**
 * What a verified token says beyond who it is for: its session (signing out revokes it), when it
 * was issued in milliseconds (a password reset ends the sessions issued before it) and when it
 * expires (seconds, as JWT counts them).
 */
export const SessionClaimsSchema = TokenClaimsSchema.extend({ sid: z.uuid(), issued_at: z.number().int(), exp: z.number().int() });
export type SessionClaims = z.infer<typeof SessionClaimsSchema>;

/** The pattern z.uuid() checks, taken from zod so the two cannot drift apart. */
const UUID = z.regexes.uuid();
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

/**
 * SessionClaimsSchema.safeParse by hand, on every request's token: the same claims accepted (uuids
 * by zod's own pattern, integers as zod's .int(): safe integers), the others left out of the
 * result, as zod strips them. zod's parse cost as much as the rest of the token check but the
 * signature. tokens.test.ts holds the two to the same answers.
 */
export function sessionClaimsOf(payload: unknown): SessionClaims | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { sub, role, organization_id, company_id, sid, issued_at, exp } = payload as Record<string, unknown>;
  if (!isUuid(sub) || !isRole(role) || !isUuid(sid)) return null;
  if ((organization_id !== null && !isUuid(organization_id)) || (company_id !== null && !isUuid(company_id))) return null;
  if (!Number.isSafeInteger(issued_at) || !Number.isSafeInteger(exp)) return null;
  return { sub, role, organization_id, company_id, sid, issued_at: issued_at as number, exp: exp as number };
}

export interface TokenService {
  sign(claims: TokenClaims): string;
  /** Returns the claims, or null for any bad, expired or tampered token. */
  verify(token: string): SessionClaims | null;
}

const ISSUER = 'clinic-inventory';
/** About one per signed-in device: a clinic's staff, their tablets and desktops, several locations. */
const VERIFIED_TOKENS_REMEMBERED = 2000;

export function createTokenService(secret: string, expiresIn: string): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: toMilliseconds(expiresIn), iss: ISSUER });
  // Every request carries the same few tokens again and again: a verified token is remembered (up
  // to its expiry, ten minutes at most) instead of its signature being computed and its payload
  // decoded anew, a twentieth of a small list's CPU (issue 37). Keyed by the token itself: fast-jwt
  // would otherwise hash each one, costing about what the check saves; the tokens are already in
  // this process's memory. Failures are not remembered.
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], allowedIss: ISSUER, cache: VERIFIED_TOKENS_REMEMBERED, cacheKeyBuilder: (token) => token });
  return {
    sign: (claims) => signer({ ...claims, sid: randomUUID(), issued_at: Date.now() }),
    verify: (token) => {
      try {
        return sessionClaimsOf(verifier(token));
      } catch {
        return null;
      }
    },
  };
}

function toMilliseconds(value: string): number {
  const amount = Number(value.slice(0, -1));
  const unit = value.slice(-1);
  const factor = unit === 's' ? 1000 : unit === 'm' ? 60_000 : unit === 'h' ? 3_600_000 : 86_400_000;
  return amount * factor;
}

/** JWT_SECRET when given; otherwise a random secret generated once into the data directory. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const path = join(dataDir, 'jwt-secret');
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
}

/** Random one-time token for e-mailed links, and the hash that is stored instead of it. */
export function createLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
