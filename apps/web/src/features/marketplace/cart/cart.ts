import {
  cartLineTotal,
  CartLineSchema,
  fromCents,
  MarketplaceOrderLineSchema,
  OfferSchema,
  toCents,
  VendorRefSchema,
  type CheckCheckoutPriceRequest,
  type CheckedLine,
  type PlaceOrderRequest,
  type VendorRef,
} from '@clinic/domain';

/** One line of the cart as the browser keeps it: what was shown, so the cart reads well after a reload. */
export interface CartItem {
  vendor: VendorRef;
  sku: string;
  description: string;
  product: { id: string; name: string };
  pack_size: number;
  /** Packs. */
  quantity: number;
  /** Dollars per pack, as last shown (or accepted after a price check). */
  price: number;
}

export interface VendorGroup {
  vendor: VendorRef;
  items: CartItem[];
  subtotal: number;
}

/** The contract's rules for a line (packs 1 to 100000, a price), plus what the cart shows. */
const CartItemSchema = CartLineSchema.omit({ vendor_id: true }).extend({
  vendor: VendorRefSchema,
  description: OfferSchema.shape.description,
  product: MarketplaceOrderLineSchema.shape.product,
  pack_size: OfferSchema.shape.pack_size,
});

export const MAX_PACKS = 100_000;

/** A vendor's SKU names one item: the same SKU at two vendors is two lines. */
export const itemKey = (item: Pick<CartItem, 'sku'> & { vendor: Pick<VendorRef, 'id'> }) => `${item.vendor.id}:${item.sku}`;
/** The same key for a checked line, which names its vendor by id. */
export const checkedKey = (line: Pick<CheckedLine, 'vendor_id' | 'sku'>) => `${line.vendor_id}:${line.sku}`;

/**
 * The lines stored for a location, from the text localStorage holds. A line that no longer reads
 * as one (an older format, a hand edit) is dropped rather than breaking the page.
 */
export function parseCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = CartItemSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Adding what is already in the cart adds packs to its line, at the price just shown. */
export function addItem(items: CartItem[], added: CartItem): CartItem[] {
  const key = itemKey(added);
  const existing = items.find((item) => itemKey(item) === key);
  if (!existing) return [...items, added];
  return items.map((item) => (item === existing ? { ...added, quantity: Math.min(MAX_PACKS, item.quantity + added.quantity) } : item));
}

export function setItemQuantity(items: CartItem[], key: string, quantity: number): CartItem[] {
  return items.map((item) => (itemKey(item) === key ? { ...item, quantity } : item));
}

export function removeItem(items: CartItem[], key: string): CartItem[] {
  return items.filter((item) => itemKey(item) !== key);
}

/**
 * Takes the vendors' current prices into the cart. A line with no current price (no longer
 * offered) keeps its old one: it has to be removed, not re-priced.
 */
export function acceptPrices(items: CartItem[], checked: CheckedLine[]): CartItem[] {
  const current = new Map(checked.map((line) => [checkedKey(line), line.current_price]));
  return items.map((item) => {
    const price = current.get(itemKey(item));
    return price === undefined || price === null || price === item.price ? item : { ...item, price };
  });
}

/** Lines per vendor, vendors in the order their first line was added. */
export function vendorGroups(items: CartItem[]): VendorGroup[] {
  const groups = new Map<string, VendorGroup>();
  for (const item of items) {
    const group = groups.get(item.vendor.id) ?? { vendor: item.vendor, items: [], subtotal: 0 };
    group.items.push(item);
    groups.set(item.vendor.id, group);
  }
  return [...groups.values()].map((group) => ({ ...group, subtotal: cartTotal(group.items) }));
}

/** Summed in cents, so a long cart adds up to the cent as the server's totals do. */
export function cartTotal(items: CartItem[]): number {
  return fromCents(items.reduce((sum, item) => sum + toCents(cartLineTotal(item.quantity, item.price)), 0));
}

export function checkRequestOf(items: CartItem[]): CheckCheckoutPriceRequest {
  return { products: items.map((item) => ({ vendor_id: item.vendor.id, sku: item.sku, quantity: item.quantity, price: item.price })) };
}

/** One order per vendor, each with the prices the cart holds (the server refuses them if they moved). */
export function placeRequestOf(items: CartItem[], idempotencyKey: string): PlaceOrderRequest {
  return {
    orders: vendorGroups(items).map((group) => ({
      vendor_id: group.vendor.id,
      products: group.items.map((item) => ({ sku: item.sku, quantity: item.quantity, price: item.price })),
    })),
    idempotency_key: idempotencyKey,
  };
}

/** What a placement sends, as text: the same cart content gives the same signature. */
export function cartSignature(items: CartItem[]): string {
  return JSON.stringify(items.map((item) => [item.vendor.id, item.sku, item.quantity, item.price]));
}

/** The last placement tried: its key, the cart it was for, and whether the answer was lost. */
export interface PlacementAttempt {
  key: string;
  signature: string;
  networkFailed: boolean;
}

/**
 * The idempotency key for placing `signature`: the last attempt's when its answer was lost on the
 * way (the server may have placed the orders, and must count the retry once), a fresh one for
 * anything else (a new cart content, or a cart the server answered about, e.g. with new prices).
 */
export function placementKey(last: PlacementAttempt | null, signature: string, makeKey: () => string = () => crypto.randomUUID()): string {
  return last?.networkFailed && last.signature === signature ? last.key : makeKey();
}
