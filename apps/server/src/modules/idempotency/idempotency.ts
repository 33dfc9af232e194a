import type { DbOrTx, Tx } from '../../db/client';
import { idempotencyKeyReused } from '../../core/errors';
import { findStoredAnswer, insertIdempotencyKey, saveAnswer } from './idempotency.repo';
import { requestFingerprint } from './request-fingerprint';

/** The operations that take an idempotency key; a key is only ever compared within its operation. */
export type IdempotentOperation = 'stock.consume' | 'stock.dispose' | 'stock.return' | 'stock.move' | 'transfer.create' | 'transfer.ship' | 'transfer.receive' | 'treatment_log.create' | 'marketplace.place_order' | 'product.request' | 'pms.confirm' | 'count.line' | 'count.found';

/** A request as its idempotency key identifies it. */
export interface IdempotentRequest {
  companyId: string;
  operation: IdempotentOperation;
  key: string;
  /** requestFingerprint of the request (route and body without the key). */
  fingerprint: string;
}

/** The request behind a body carrying `idempotency_key`, fingerprinted with its route. */
export function idempotentRequest(companyId: string, operation: IdempotentOperation, route: string, body: { idempotency_key: string }): IdempotentRequest {
  return { companyId, operation, key: body.idempotency_key, fingerprint: requestFingerprint(route, body) };
}

/**
 * Claims the key inside the caller's transaction. The first request inserts it with its
 * fingerprint; a replay of the same request finds the stored answer (a concurrent twin waits on
 * the key's index entry until the first commits), while another request under the same key is
 * refused with a 422 rather than answered with the first one's result, which would tell its sender
 * that something was done. When the first request failed, its rolled-back key is free again and
 * the retry runs afresh.
 */
export async function claimKey<T>(tx: Tx, request: IdempotentRequest): Promise<{ replay: T } | { claimed: true }> {
  const { fingerprint, ...ref } = request;
  if (await insertIdempotencyKey(tx, ref, fingerprint)) return { claimed: true };
  const stored = await findStoredAnswer(tx, ref);
  // Keys stored before fingerprints were kept have none: they replay as they always did.
  if (stored?.fingerprint && stored.fingerprint !== fingerprint) throw idempotencyKeyReused();
  return { replay: stored?.response as T };
}

/**
 * Looks a key up without claiming it: the stored answer when this very request was done before,
 * a 422 when the key was used for another request, null when it is new. For an operation that
 * must not do its outside work (pricing with vendors) again for a replay.
 */
export async function findAnswer<T>(db: DbOrTx, request: IdempotentRequest): Promise<{ replay: T } | null> {
  const { fingerprint, ...ref } = request;
  const stored = await findStoredAnswer(db, ref);
  if (!stored) return null;
  if (stored.fingerprint && stored.fingerprint !== fingerprint) throw idempotencyKeyReused();
  return { replay: stored.response as T };
}

/** Stores a claimed request's answer for its replays, in the transaction that did the work. */
export async function storeAnswer(tx: Tx, request: IdempotentRequest, answer: unknown): Promise<void> {
  const { fingerprint: _fingerprint, ...ref } = request;
  await saveAnswer(tx, ref, answer);
}

/** For the ledger, which stores a consumption's answer in the statement that writes its usage rows. */
export { STORE_ANSWER_SQL, type KeyRef } from './idempotency.repo';
