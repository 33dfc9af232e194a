import { z } from './zod';
import { UuidSchema } from './fields';
import { unitPriceOfPack, VendorRefSchema, type VendorKind } from './marketplace';

/**
 * Suggested orders (issue 35): what a location should order now, drafted daily per vendor from the
 * reorder levels, reviewed by a location admin and turned into purchase orders (and marketplace
 * orders) in one tap. A product that cannot be ordered stays on the draft with its reason.
 */
export const SUGGESTION_MESSAGES = {
  noSupplier: 'No supplier: it was never received here and no price list or distributor offers it. Add it to a price list or receive it once.',
  priceZero: (vendor: string) => `${vendor} lists it at a price of 0: fix the price list to order it`,
  packZero: (vendor: string) => `${vendor} lists it with a pack size of 0: fix the price list to order it`,
  lastPriceZero: (vendor: string) => `The last delivery from ${vendor} was priced at 0 and no price list offers it: add it to a price list to order it`,
  outOfStockEverywhere: 'Out of stock at every vendor that offers it, and never received here from a supplier',
  nothingToOrder: 'Nothing to order: every line is ordered, removed or cannot be ordered',
  noDraft: 'No suggested order yet: draft one now',
  pricesChanged: 'Some prices changed since the draft was made. Check the new prices and order again.',
  choiceUnknown: 'Choose one of the vendors offered for this product',
  lineOrdered: 'This line was already ordered',
  lineNotFound: 'Suggested line not found',
  quantityRange: 'Order 0 to 10,000 packs',
  drafted: 'Suggested orders drafted',
  ordered: (count: number) => `${String(count)} purchase ${count === 1 ? 'order' : 'orders'} sent`,
  removed: 'Removed from the suggested order',
} as const;

export const SuggestedChoiceSchema = z.object({
  vendor: VendorRefSchema,
  /** The vendor's item number; null: the last supplier without a price list, ordered by a plain purchase order. */
  sku: z.string().nullable(),
  pack_size: z.number(),
  price: z.number(),
  unit_price: z.number(),
  in_stock: z.boolean(),
});
export type SuggestedChoice = z.infer<typeof SuggestedChoiceSchema>;

export const SuggestedLineSchema = z.object({
  id: UuidSchema,
  product: z.object({ id: UuidSchema, name: z.string() }),
  /** Null when nothing can be ordered for it (`problem` says why). */
  vendor: VendorRefSchema.nullable(),
  sku: z.string().nullable(),
  description: z.string(),
  pack_size: z.number().nullable(),
  /** Dollars per pack. */
  price: z.number().nullable(),
  /** Packs to order. */
  quantity: z.number().int(),
  /** Units the packs hold. */
  units: z.number(),
  total: z.number(),
  units_needed: z.number(),
  usable_units: z.number(),
  on_order_units: z.number(),
  /** Issue 51: why this quantity (order cost against holding, joining the supplier's order); null on older lines. */
  why: z.string().nullable(),
  reorder_point: z.number().int(),
  order_up_to: z.number().int(),
  choices: z.array(SuggestedChoiceSchema),
  problem: z.string().nullable(),
  edited: z.boolean(),
  /** The purchase order the line went out on; null while it waits for review. */
  ordered: z.object({ purchase_order_id: UuidSchema, number: z.string() }).nullable(),
});
export type SuggestedLine = z.infer<typeof SuggestedLineSchema>;

export const SuggestedOrderSchema = z.object({
  /** Null when the location has no open draft. */
  id: UuidSchema.nullable(),
  refreshed_at: z.string().nullable(),
  lines: z.array(SuggestedLineSchema),
  /** Value of the lines waiting to be ordered. */
  total: z.number(),
  /** Orders to one vendor under this value go out by themselves; null: never. */
  auto_send_under: z.number().nullable(),
  /** Issue 51: the shipping terms at this location of the draft's vendors that have them. */
  shipping: z.array(z.object({ vendor_id: UuidSchema, shipping_fee: z.number(), free_shipping_over: z.number().nullable() })),
});
export type SuggestedOrder = z.infer<typeof SuggestedOrderSchema>;

export const UpdateSuggestedLineSchema = z
  .object({
    quantity: z.number({ error: SUGGESTION_MESSAGES.quantityRange }).int(SUGGESTION_MESSAGES.quantityRange).min(0, SUGGESTION_MESSAGES.quantityRange).max(10_000, SUGGESTION_MESSAGES.quantityRange).optional(),
    /** One of the line's choices: its vendor and item number (null for the last supplier's plain order). */
    choice: z.object({ vendor_id: UuidSchema, sku: z.string().max(100).nullable() }).optional(),
  })
  .refine((v) => v.quantity !== undefined || v.choice !== undefined, { path: ['quantity'], message: SUGGESTION_MESSAGES.quantityRange });
export type UpdateSuggestedLine = z.infer<typeof UpdateSuggestedLineSchema>;

export const OrderSuggestionsRequestSchema = z.object({
  /** Only these vendors' lines; every vendor's when absent. */
  vendor_ids: z.array(UuidSchema).max(50).optional(),
});
export type OrderSuggestionsRequest = z.infer<typeof OrderSuggestionsRequestSchema>;

export const OrderedSuggestionsSchema = z.object({
  purchase_orders: z.array(z.object({ id: UuidSchema, number: z.string(), vendor_name: z.string(), total: z.number() })),
});
export type OrderedSuggestions = z.infer<typeof OrderedSuggestionsSchema>;

/** An offer as routing reads it (the marketplace's vendor offer: a price list's item or a distributor's). */
export interface RoutableOffer {
  vendorId: string;
  vendorName: string;
  sku: string;
  /** Catalog items in one pack as the vendor sells it. */
  packSize: number;
  /** Dollars per pack. */
  price: number;
  inStock: boolean;
}

/** A product's last delivery at a location: its supplier, the container and the price paid. */
export interface LastDelivery {
  supplierId: string;
  supplierName: string;
  unitsPerContainer: number;
  pricePerContainer: number;
}

/** One vendor a product can be ordered from, in the ledger's units (packSize counts units). */
export interface VendorChoice {
  vendorId: string;
  vendorName: string;
  vendorKind: VendorKind;
  /** The vendor's item number; null for the last supplier without a price list (a plain purchase order). */
  sku: string | null;
  packSize: number;
  price: number;
  inStock: boolean;
}

export const unitPriceOfChoice = (c: VendorChoice) => unitPriceOfPack(c.price, c.packSize);

/**
 * Where a product is ordered from (suggested orders, issue 35; Request Product, issue 50): the
 * cheapest in-stock offer per unit among the location's price lists and distributors, else its last
 * supplier at the last delivery's price (a plain purchase order). A price list's pack counts
 * catalog items (a box of 15 capsules is one), the shelf counts units (15), so a pack holds pack
 * size x the units per container of the last delivery here (1 when it was never received). Offers
 * priced at 0 or with packs of 0 are data errors: never chosen, and named when nothing else is left.
 */
export function routeProduct(
  p: { last: LastDelivery | null },
  offers: readonly RoutableOffer[],
  kinds: ReadonlyMap<string, VendorKind>,
): { choice: VendorChoice | null; choices: VendorChoice[]; problem: string | null } {
  const valid = offers.filter((o) => o.price > 0 && o.packSize > 0);
  const unitsPerContainer = p.last && p.last.unitsPerContainer > 0 ? p.last.unitsPerContainer : 1;
  const choices: VendorChoice[] = valid
    .map((o) => ({ vendorId: o.vendorId, vendorName: o.vendorName, vendorKind: kinds.get(o.vendorId) ?? 'supplier', sku: o.sku, packSize: o.packSize * unitsPerContainer, price: o.price, inStock: o.inStock }))
    .sort((a, b) => unitPriceOfChoice(a) - unitPriceOfChoice(b) || a.vendorName.localeCompare(b.vendorName));
  const last = p.last && p.last.pricePerContainer > 0 && p.last.unitsPerContainer > 0 ? p.last : null;
  if (last) choices.push({ vendorId: last.supplierId, vendorName: last.supplierName, vendorKind: 'supplier', sku: null, packSize: last.unitsPerContainer, price: last.pricePerContainer, inStock: true });
  const choice = choices.find((c) => c.inStock && c.sku !== null) ?? choices.find((c) => c.sku === null) ?? null;
  if (choice) return { choice, choices, problem: null };
  const invalid = offers.find((o) => !(o.price > 0 && o.packSize > 0));
  if (invalid) return { choice: null, choices, problem: invalid.packSize > 0 ? SUGGESTION_MESSAGES.priceZero(invalid.vendorName) : SUGGESTION_MESSAGES.packZero(invalid.vendorName) };
  if (valid.length > 0) return { choice: null, choices, problem: SUGGESTION_MESSAGES.outOfStockEverywhere };
  if (p.last) return { choice: null, choices, problem: SUGGESTION_MESSAGES.lastPriceZero(p.last.supplierName) };
  return { choice: null, choices, problem: SUGGESTION_MESSAGES.noSupplier };
}

/** What one vendor's order pays for shipping at its value, and how much more would ship it free. */
export interface OrderShipping {
  /** Dollars of shipping this order pays (0 when it ships free). */
  fee: number;
  /** Dollars more the order needs to ship free; null when it already does or never can. */
  shortOfFree: number | null;
}

/**
 * Issue 51: a vendor's order counts its shipping fee once, whatever its lines, and none from its
 * free-shipping threshold on.
 */
export function orderShipping(total: number, terms: { shipping_fee: number; free_shipping_over: number | null }): OrderShipping {
  const free = terms.free_shipping_over !== null && total >= terms.free_shipping_over - 0.005;
  if (free || terms.shipping_fee <= 0) return { fee: 0, shortOfFree: null };
  return { fee: terms.shipping_fee, shortOfFree: terms.free_shipping_over === null ? null : Math.round((terms.free_shipping_over - total) * 100) / 100 };
}
