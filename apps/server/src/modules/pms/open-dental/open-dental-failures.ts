import { OUTBOUND_MESSAGES } from '../../outbound/outbound-fetch';
import { PMS_MESSAGES } from '@clinic/domain';
import { PmsError } from '../connection/pms-connector';

// What a failed request to Open Dental was, in the clinic's words (issue 50, item 8): keys refused,
// rate-limited (and for how long), the server failing, no answer at all, or an answer that is not
// Open Dental's. The remote's own text never goes into a message: an answer can carry patients'
// data, an error page anything at all, and the admins' page shows the message as it is.

export const REFUSED_KEYS = PMS_MESSAGES.refusedKeys;

/**
 * The pause a Retry-After header asks for, in whole seconds: delay-seconds or an HTTP date (RFC 9110
 * 10.2.3); null when absent or unreadable.
 */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** An answer that is not a success. 404 for one record is the caller's to read before this. */
export function answerFailure(status: number, retryAfter: number | null = null): PmsError {
  if (status === 401 || status === 403) return new PmsError('refused-keys', REFUSED_KEYS, status);
  if (status === 429) return new PmsError('rate-limited', PMS_MESSAGES.rateLimited(retryAfter), status);
  if (status >= 500) return new PmsError('server-failed', PMS_MESSAGES.serverFailed(status), status);
  // Open Dental answers 400 for the request's mistakes and also when the practice's eConnector is offline.
  return new PmsError('refused-request', PMS_MESSAGES.requestRefused(status), status);
}

/** No answer: what the network said, in words. */
export function networkFailure(): PmsError {
  // One text for every kind of no-connection (refused, reset, not found, timed out), so an answer
  // never tells a closed port from a filtered one (issue 50, item 5).
  return new PmsError('unreachable', PMS_MESSAGES.unreachable(OUTBOUND_MESSAGES.noConnection));
}

/** A success whose body is not JSON: a web page (a sign-in page, a proxy's error page) or anything else. */
export function notJson(body: string): PmsError {
  const page = /^\s*</.test(body);
  return new PmsError('unexpected-answer', PMS_MESSAGES.notOpenDental(page ? 'a web page' : 'something other than data (not JSON)'));
}

/** JSON, but not in the form Open Dental's pages give: the field where it differs, never its value. */
export function wrongShape(path: readonly PropertyKey[]): PmsError {
  const field = [...path].reverse().find((p) => typeof p === 'string');
  const where = field ? ` (at ${field})` : path.length === 0 ? ' (not a list where one was expected)' : '';
  return new PmsError('unexpected-answer', PMS_MESSAGES.notOpenDental(`data of another form${where}`));
}
