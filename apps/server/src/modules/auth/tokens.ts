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
const REMEMBERED_FOR_MS = 10 * 60_000;

export function createTokenService(secret: string, expiresIn: string): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: toMilliseconds(expiresIn), iss: ISSUER });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], allowedIss: ISSUER });
  return {
    sign: (claims) => signer({ ...claims, sid: randomUUID(), issued_at: Date.now() }),
    verify: remembering((token) => {
      try {
        return sessionClaimsOf(verifier(token));
      } catch {
        return null;
      }
    }),
  };
}

/**
 * Every request carries the same few tokens again and again: a verified token's claims are
 * remembered until it expires (ten minutes at most) instead of its signature being computed and
 * its payload decoded anew, a twentieth of a small list's CPU (issue 37). Keyed by the token
 * itself, which is already in this process's memory: fast-jwt's own cache hashes each token for
 * its key, costing about what the check saves, and warns at every start when given another key.
 * A refused token is not remembered; the oldest entry goes first when the map is full.
 */
function remembering(verify: (token: string) => SessionClaims | null): (token: string) => SessionClaims | null {
  const remembered = new Map<string, { claims: SessionClaims; until: number }>();
  return (token) => {
    const now = Date.now();
    const known = remembered.get(token);
    if (known && now < known.until) return known.claims;
    if (known) remembered.delete(token);
    const claims = verify(token);
    if (!claims) return null;
    if (remembered.size >= VERIFIED_TOKENS_REMEMBERED) remembered.delete(remembered.keys().next().value!);
    remembered.set(token, { claims: Object.freeze(claims), until: Math.min(claims.exp * 1000, now + REMEMBERED_FOR_MS) });
    return claims;
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
