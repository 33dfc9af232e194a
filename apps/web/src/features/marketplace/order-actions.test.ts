import { describe, expect, it } from 'vitest';
import { HENRY, MEDLINE } from '../../test/marketplace-fixtures';
import { canReceiveOrder, nextSteps } from './order-actions';

describe('marketplace order actions', () => {
  it('offers the forward steps on an own supplier’s order, and none on a distributor’s', () => {
    expect(nextSteps({ vendor: HENRY, status: 'placed' })).toEqual(['confirmed', 'shipped', 'delivered']);
    expect(nextSteps({ vendor: HENRY, status: 'shipped' })).toEqual(['delivered']);
    expect(nextSteps({ vendor: HENRY, status: 'delivered' })).toEqual([]);
    expect(nextSteps({ vendor: HENRY, status: 'failed' })).toEqual([]);
    expect(nextSteps({ vendor: MEDLINE, status: 'placed' })).toEqual([]);
  });

  it('receives what the vendor took until all of it is in', () => {
    expect(canReceiveOrder({ status: 'shipped', receiving_status: 'partially_received' })).toBe(true);
    expect(canReceiveOrder({ status: 'delivered', receiving_status: 'received' })).toBe(false);
    expect(canReceiveOrder({ status: 'failed', receiving_status: 'ordered' })).toBe(false);
    expect(canReceiveOrder({ status: 'placing', receiving_status: 'ordered' })).toBe(false);
  });
});
