import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { stockMoved } from './stock-moved';

describe('stockMoved', () => {
  it('refreshes every view of the location’s stock and the caller’s own lists, and nothing else', async () => {
    const queryClient = new QueryClient();
    const keys = [['stock', 'product', 'p', 1], ['alerts', 'count'], ['products', 'search'], ['places', { includeRetired: false }], ['transfers', 'list'], ['suppliers']];
    for (const queryKey of keys) queryClient.setQueryData(queryKey, 1);
    await stockMoved(queryClient, [['transfers']]);
    const stale = keys.filter((queryKey) => queryClient.getQueryState(queryKey)?.isInvalidated);
    expect(stale).toEqual(keys.slice(0, 5));
  });
});
