import type { QueryKey, QueryPersister } from '@tanstack/react-query';

const loadPersister = () => import('./kept-persister');

/**
 * Options that keep a query's answer on the device for the chair (issue 52, item 2): restored
 * from IndexedDB when the page opens, offline included, then refreshed from the server. The
 * persister (with idb-keyval) loads with the first such query, not with the page's code.
 * 'offlineFirst': offline, the query still runs once, which is when the kept answer is read.
 * The answer's and the key's types are given: a generic persister would blur the query's own.
 */
export function keptOnDevice<T, K extends QueryKey>(): { networkMode: 'offlineFirst'; persister: QueryPersister<T, K> } {
  return {
    networkMode: 'offlineFirst',
    persister: async (queryFn, context, query) => (await loadPersister()).persistKept(queryFn, context, query),
  };
}

/** Signing out or in: what was kept leaves the device (idb-keyval loaded only then). */
export async function forgetKept(): Promise<void> {
  await (await import('./kept-store')).clearKept();
}
