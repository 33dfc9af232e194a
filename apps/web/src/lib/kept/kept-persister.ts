import { experimental_createQueryPersister } from '@tanstack/query-persist-client-core';
import { notifyManager, type Query, type QueryFunction, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';
import { getSessionClaims } from '../auth-token';
import { locationDay } from '../location-time';
import { keptPrefix, keptStorage } from './kept-store';

/** Kept at most this long since the server last answered, and never past the location's day. */
export const KEPT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The persister of the signed-in user's answers at their location. Its buster is the location's
 * day: what was kept yesterday is dropped rather than shown (the chair needs today's).
 */
function persisterOf(userId: string, locationId: string) {
  return experimental_createQueryPersister<string>({
    storage: keptStorage,
    prefix: keptPrefix(userId, locationId),
    buster: locationDay(),
    maxAge: KEPT_MAX_AGE_MS,
    // persistKept asks the server itself after a restore, and hears how that went.
    refetchOnRestore: false,
  });
}

/**
 * A query's persister: restores the user's kept answer when the query has none yet, otherwise asks
 * the server and keeps its answer. Without a session (or a location) nothing is read or kept.
 */
export async function persistKept<T, K extends QueryKey>(queryFn: QueryFunction<T, K, never>, context: QueryFunctionContext<K>, query: Query): Promise<T> {
  const claims = getSessionClaims();
  if (!claims?.sub || !claims.company_id) return queryFn(context);
  let asked = false;
  const answer = await persisterOf(claims.sub, claims.company_id).persisterFn(
    (ctx: QueryFunctionContext<K>) => {
      asked = true;
      return queryFn(ctx);
    },
    context,
    query,
  );
  // Restored from the device: shown at once, and the server is always asked again after it (its
  // age set first, in the same order of macrotasks), so a kept answer never stands in for a
  // fresher one and the route preload's early answer is taken. Offline, that ask fails quietly
  // and the kept answer stays, with its age.
  if (!asked) notifyManager.schedule(() => { void query.fetch().catch(() => undefined); });
  return answer;
}
