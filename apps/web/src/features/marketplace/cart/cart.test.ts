import { describe, expect, it } from 'vitest';
import { checkedLine, HENRY, LIDOCAINE, MEDLINE, GLOVES } from '../../../test/marketplace-fixtures';
import { acceptPrices, addItem, cartTotal, itemKey, parseCart, placementKey, placeRequestOf, removeItem, setItemQuantity, vendorGroups, type CartItem } from './cart';

const henryLido: CartItem = { vendor: HENRY, sku: 'HEN-1', description: 'Box of 50', product: LIDOCAINE, pack_size: 50, quantity: 2, price: 45.5 };
const medlineLido: CartItem = { ...henryLido, vendor: MEDLINE, sku: 'MED-1', price: 44.1 };
const henryGloves: CartItem = { ...henryLido, sku: 'HEN-2', product: GLOVES, quantity: 3, price: 0.1 };

describe('marketplace cart', () => {
  it('adds packs to a line already in the cart, at the price just shown, and keeps the same SKU of two vendors apart', () => {
    let items = addItem([], henryLido);
    items = addItem(items, medlineLido);
    items = addItem(items, { ...henryLido, quantity: 1, price: 46 });
    expect(items.map((i) => [i.vendor.name, i.quantity, i.price])).toEqual([
      ['Henry Dental Supply', 3, 46],
      ['Medline', 2, 44.1],
    ]);
  });

  it('edits and removes a line by its vendor and SKU', () => {
    const items = [henryLido, medlineLido];
    expect(setItemQuantity(items, itemKey(medlineLido), 7)[1]?.quantity).toBe(7);
    expect(removeItem(items, itemKey(henryLido))).toEqual([medlineLido]);
  });

  it('groups lines per vendor with subtotals, summed to the cent', () => {
    const groups = vendorGroups([henryLido, medlineLido, henryGloves]);
    expect(groups.map((g) => [g.vendor.name, g.items.length, g.subtotal])).toEqual([
      ['Henry Dental Supply', 2, 91.3],
      ['Medline', 1, 88.2],
    ]);
    expect(cartTotal([henryLido, medlineLido, henryGloves])).toBe(179.5);
  });

  it('takes the current prices, and leaves a line that is no longer offered as it is', () => {
    const accepted = acceptPrices([henryLido, medlineLido], [
      checkedLine(HENRY, { sku: 'HEN-1', price: 45.5, current_price: 47, changed: true }),
      checkedLine(MEDLINE, { sku: 'MED-1', price: 44.1, current_price: null, changed: true, problem: 'No longer offered by this vendor' }),
    ]);
    expect(accepted.map((i) => i.price)).toEqual([47, 44.1]);
  });

  it('places one order per vendor with the prices held', () => {
    expect(placeRequestOf([henryLido, medlineLido, henryGloves], 'key-12345678')).toEqual({
      orders: [
        { vendor_id: HENRY.id, products: [{ sku: 'HEN-1', quantity: 2, price: 45.5 }, { sku: 'HEN-2', quantity: 3, price: 0.1 }] },
        { vendor_id: MEDLINE.id, products: [{ sku: 'MED-1', quantity: 2, price: 44.1 }] },
      ],
      idempotency_key: 'key-12345678',
    });
  });

  it('reuses the idempotency key only to retry the same cart after a lost answer', () => {
    const make = () => 'fresh';
    expect(placementKey(null, 'a', make)).toBe('fresh');
    expect(placementKey({ key: 'old', signature: 'a', networkFailed: true }, 'a', make)).toBe('old');
    expect(placementKey({ key: 'old', signature: 'a', networkFailed: true }, 'b', make)).toBe('fresh');
    expect(placementKey({ key: 'old', signature: 'a', networkFailed: false }, 'a', make)).toBe('fresh');
  });

  it('reads what was stored, dropping lines that no longer read as lines', () => {
    expect(parseCart(JSON.stringify([henryLido, { ...henryLido, quantity: 0 }, { sku: 'x' }]))).toEqual([henryLido]);
    expect(parseCart('not json')).toEqual([]);
    expect(parseCart(null)).toEqual([]);
  });
});
