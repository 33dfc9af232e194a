import { describe, expect, it } from 'vitest';
import { MARKETPLACE_MESSAGES } from '@clinic/domain';
import { checkedLine, HENRY, LIDOCAINE, MEDLINE } from '../../../test/marketplace-fixtures';
import { itemKey, type CartItem } from './cart';
import { reviewCart } from './review';

const henry: CartItem = { vendor: HENRY, sku: 'HEN-1', description: 'Box of 50', product: LIDOCAINE, pack_size: 50, quantity: 2, price: 45.5 };
const medline: CartItem = { ...henry, vendor: MEDLINE, sku: 'MED-1', price: 44.1 };

describe('cart review', () => {
  it('marks a new price until it is accepted, and a line no longer offered until it is removed', () => {
    const checked = [
      checkedLine(HENRY, { sku: 'HEN-1', price: 45.5, current_price: 47, changed: true }),
      checkedLine(MEDLINE, { sku: 'MED-1', price: 44.1, current_price: null, changed: true, problem: MARKETPLACE_MESSAGES.unavailable, in_stock: false }),
    ];
    const before = reviewCart([henry, medline], checked);
    expect(before.lines.get(itemKey(henry))).toEqual({ problem: null, newPrice: 47, outOfStock: false });
    expect(before.lines.get(itemKey(medline))).toEqual({ problem: MARKETPLACE_MESSAGES.unavailable, newPrice: null, outOfStock: true });
    expect(before).toMatchObject({ hasNewPrices: true, hasProblems: true, complete: true });

    const after = reviewCart([{ ...henry, price: 47 }], checked);
    expect(after).toMatchObject({ hasNewPrices: false, hasProblems: false, complete: true });
  });

  it('has nothing to say about a line added after the check', () => {
    const review = reviewCart([henry, medline], [checkedLine(HENRY, { sku: 'HEN-1', price: 45.5, current_price: 45.5 })]);
    expect(review.lines.has(itemKey(medline))).toBe(false);
    expect(review.complete).toBe(false);
    expect(reviewCart([henry], null).complete).toBe(false);
  });
});
