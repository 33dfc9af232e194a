import { createHash } from 'node:crypto';

/** Plain JSON with object keys sorted at every depth and undefined members left out. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What an idempotency key is stored with, to tell a retry from another request sent under the
 * same key: the SHA-256 of the route (with its ids) and the validated body without the key.
 * The body is the one the schema parsed, so a retry that differs only in key order or in
 * whitespace the schema trims is still the same request.
 */
export function requestFingerprint(route: string, body: { idempotency_key: string }): string {
  const { idempotency_key: _key, ...request } = body;
  return createHash('sha256').update(canonicalJson([route, request])).digest('hex');
}
