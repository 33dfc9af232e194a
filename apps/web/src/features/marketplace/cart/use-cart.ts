import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { CheckedLine } from '@clinic/domain';
import { useSessionClaims } from '../../../lib/auth-token';
import { acceptPrices, addItem, parseCart, removeItem, setItemQuantity, type CartItem } from './cart';

/** One cart per location: a location switch shows that location's cart, and vendors are the location's. */
export const cartStorageKey = (companyId: string) => `marketplace-cart:${companyId}`;

const listeners = new Set<() => void>();
/** The parsed lines of each key with the text they came from, so a snapshot is the same array until the text changes. */
const snapshots = new Map<string, { raw: string | null; items: CartItem[] }>();
const EMPTY: CartItem[] = [];

function read(key: string | null): CartItem[] {
  if (!key) return EMPTY;
  const raw = localStorage.getItem(key);
  const cached = snapshots.get(key);
  if (cached?.raw === raw) return cached.items;
  const items = parseCart(raw);
  snapshots.set(key, { raw, items });
  return items;
}

function write(key: string, items: CartItem[]): void {
  if (items.length === 0) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(items));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same location changed the cart (or signed out, which clears storage).
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('marketplace-cart:')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export interface Cart {
  items: CartItem[];
  add: (item: CartItem) => void;
  setQuantity: (key: string, quantity: number) => void;
  remove: (key: string) => void;
  /** Re-prices the lines at the vendors' current prices from a price check or a refused placement. */
  acceptPrices: (checked: CheckedLine[]) => void;
  clear: () => void;
}

/**
 * The current location's marketplace cart, kept in localStorage so it survives reloads; every
 * component using it sees the same lines. Without a location (the product admin) it stays empty.
 */
export function useCart(): Cart {
  const companyId = useSessionClaims()?.company_id ?? null;
  const key = companyId ? cartStorageKey(companyId) : null;
  const items = useSyncExternalStore(subscribe, () => read(key), () => EMPTY);
  const update = useCallback(
    (change: (current: CartItem[]) => CartItem[]) => {
      if (key) write(key, change(read(key)));
    },
    [key],
  );
  return useMemo(
    () => ({
      items,
      add: (item) => { update((current) => addItem(current, item)); },
      setQuantity: (itemKey, quantity) => { update((current) => setItemQuantity(current, itemKey, quantity)); },
      remove: (itemKey) => { update((current) => removeItem(current, itemKey)); },
      acceptPrices: (checked) => { update((current) => acceptPrices(current, checked)); },
      clear: () => { update(() => []); },
    }),
    [items, update],
  );
}
