import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../lib/auth-token';
import { fakeToken, IDS } from '../../../test/fixtures';
import { HENRY, LIDOCAINE } from '../../../test/marketplace-fixtures';
import type { CartItem } from './cart';
import { cartStorageKey, useCart } from './use-cart';

const LAKESIDE = '5e4f3a2b-1c0d-4e9f-8a7b-6c5d4e3f2a1b';
const item: CartItem = { vendor: HENRY, sku: 'HEN-1', description: 'Box of 50', product: LIDOCAINE, pack_size: 50, quantity: 2, price: 45.5 };

describe('useCart', () => {
  it('keeps the cart of the current location in localStorage, shared by every user of the hook', () => {
    setToken(fakeToken('company_member'));
    const first = renderHook(() => useCart());
    const second = renderHook(() => useCart());

    act(() => { first.result.current.add(item); });
    expect(second.result.current.items).toEqual([item]);
    expect(JSON.parse(localStorage.getItem(cartStorageKey(IDS.company)) ?? '[]')).toEqual([item]);

    // A reload reads it back.
    first.unmount();
    second.unmount();
    expect(renderHook(() => useCart()).result.current.items).toEqual([item]);
  });

  it('shows another location its own cart after a location switch, and empties only the current one', () => {
    setToken(fakeToken('company_member'));
    const { result } = renderHook(() => useCart());
    act(() => { result.current.add(item); });

    act(() => { setToken(fakeToken('company_member', { company_id: LAKESIDE })); });
    expect(result.current.items).toEqual([]);
    act(() => { result.current.add({ ...item, quantity: 5 }); });
    act(() => { result.current.clear(); });
    expect(localStorage.getItem(cartStorageKey(LAKESIDE))).toBeNull();

    act(() => { setToken(fakeToken('company_member')); });
    expect(result.current.items).toEqual([item]);
  });

  it('edits quantities and removes lines', () => {
    setToken(fakeToken('company_member'));
    const { result } = renderHook(() => useCart());
    act(() => { result.current.add(item); });
    act(() => { result.current.setQuantity(`${HENRY.id}:HEN-1`, 9); });
    expect(result.current.items[0]?.quantity).toBe(9);
    act(() => { result.current.remove(`${HENRY.id}:HEN-1`); });
    expect(result.current.items).toEqual([]);
  });
});
