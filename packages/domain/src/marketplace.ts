import { z } from './zod';
import { IsoDaySchema, UuidSchema } from './fields';
import { PageQuerySchema, QueryBooleanSchema, pageOf } from './pagination';
import { ProductTypeSchema } from './products';
import { IdempotencyKeySchema } from './stock';
import { PurchaseOrderStatusSchema } from './purchasing';
import { amountOf, roundToCents } from './money';

/** The marketplace's own wording (the specification names its endpoints, not its messages). */
export const MARKETPLACE_MESSAGES = {
  pricesChanged: 'Some prices changed since you checked them. Review the new prices and place the order again.',
  unavailable: 'No longer offered by this vendor',
  outOfStock: 'Out of stock at this vendor',
  vendorNotFound: 'Vendor not found',
  notMatched: 'This item is not matched to a product in your catalog',
  ordersPlaced: (count: number) => `${String(count)} ${count === 1 ? 'order' : 'orders'} placed`,
  placeFailed: 'Failed to place the order',
  vendorFailed: (vendor: string) => `${vendor} did not take the order`,
  vendorUnreachable: (vendor: string) => `${vendor} could not be reached to confirm the price; remove its items or try again later`,
  priceListUploaded: (items: number) => `Price list uploaded: ${String(items)} ${items === 1 ? 'item' : 'items'}`,
  priceListRemoved: 'Price list removed',
  priceListFailed: 'Failed to upload the price list',
  itemMatched: 'Item matched to the product',
  itemMatchFailed: 'Failed to match the item',
  statusUpdated: 'Order status updated',
  statusFailed: 'Failed to update the order status',
  trackingRequired: 'Enter the tracking link of the shipment',
  notOwnSupplier: 'This vendor reports its own order status',
  statusOrder: 'An order moves forward only: placed, confirmed, shipped, delivered',
  emptyCart: 'Your cart is empty',
  addedToCart: 'Added to the cart',
  failedNotReceivable: 'The vendor did not take this order: there is no delivery to receive',
} as const;

/** A vendor is a supplier of the location with a price list, or a distributor reached through its ordering API. */
export const VENDOR_KINDS = ['supplier', 'distributor'] as const;
export const VendorKindSchema = z.enum(VENDOR_KINDS);
export type VendorKind = z.infer<typeof VendorKindSchema>;

export const VendorRefSchema = z.object({ id: UuidSchema, name: z.string(), kind: VendorKindSchema });
export type VendorRef = z.infer<typeof VendorRefSchema>;

/**
 * Where a marketplace order stands with its vendor; receiving it into stock is the purchase
 * order's own status (ordered, partially received, received). `placing` is an order whose vendor
 * has not answered yet; `failed` one it refused or could not be reached for.
 */
export const VENDOR_ORDER_STATUSES = ['placing', 'placed', 'confirmed', 'shipped', 'delivered', 'failed'] as const;
export const VendorOrderStatusSchema = z.enum(VENDOR_ORDER_STATUSES);
export type VendorOrderStatus = z.infer<typeof VendorOrderStatusSchema>;
export const VENDOR_ORDER_STATUS_LABELS: Record<VendorOrderStatus, string> = {
  placing: 'Placing',
  placed: 'Placed',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** The steps a clinic sets by hand on an order to its own supplier, in the order they happen. */
export const MANUAL_ORDER_STEPS = ['confirmed', 'shipped', 'delivered'] as const;
export type ManualOrderStep = (typeof MANUAL_ORDER_STEPS)[number];

/** Whether an order may move from one status to the next: only forward, never back, never out of failed. */
export function canAdvanceOrder(from: VendorOrderStatus, to: VendorOrderStatus): boolean {
  const order: VendorOrderStatus[] = ['placing', 'placed', 'confirmed', 'shipped', 'delivered'];
  if (from === 'failed' || to === 'failed' || to === 'placing') return false;
  return order.indexOf(to) > order.indexOf(from);
}

/** Dollars per basic unit of a pack, to the cent fraction a comparison needs (four decimals). */
export function unitPriceOfPack(packPrice: number, packSize: number): number {
  return Math.round((packPrice / Math.max(1, packSize)) * 10_000) / 10_000;
}

// ---------------------------------------------------------------------------------------------
// Price lists

/** The columns of a price list file (CSV or XLSX), matched case-insensitively. */
export const PRICE_LIST_COLUMNS = [
  { key: 'vendor_sku', header: 'Vendor SKU', required: true },
  { key: 'description', header: 'Description', required: true },
  { key: 'barcode', header: 'Barcode', required: false },
  { key: 'manufacturer_code', header: 'Manufacturer code', required: false },
  { key: 'pack_size', header: 'Pack size', required: true },
  { key: 'price', header: 'Price', required: true },
  { key: 'in_stock', header: 'In stock', required: false },
] as const;
export type PriceListField = (typeof PRICE_LIST_COLUMNS)[number]['key'];
export const MAX_PRICE_LIST_ROWS = 20_000;

/** One row of a price list as it is stored: text trimmed, numbers parsed. */
export const PriceListRowSchema = z.object({
  vendor_sku: z.string().trim().min(1, 'Required').max(100, 'Must be at most 100 characters'),
  description: z.string().trim().min(1, 'Required').max(300, 'Must be at most 300 characters'),
  barcode: z.string().trim().max(100, 'Must be at most 100 characters').default(''),
  manufacturer_code: z.string().trim().max(100, 'Must be at most 100 characters').default(''),
  pack_size: z
    .string()
    .trim()
    .regex(/^\d+$/, 'Enter a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1, 'Pack size cannot be less than 1').max(100_000, 'Must be at most 100000')),
  /** Dollars per pack; a leading $ and thousands separators are allowed. */
  price: z
    .string()
    .trim()
    .transform((v) => v.replace(/^\$/, '').replace(/,/g, ''))
    .pipe(z.string().regex(/^\d+(\.\d+)?$/, 'Enter a price like 12.50'))
    .transform((v) => roundToCents(Number(v)))
    .pipe(z.number().max(10_000_000, 'Must be at most 10000000')),
  /** yes/no, true/false, 1/0 or a count on hand; empty means in stock. */
  in_stock: z
    .string()
    .trim()
    .default('')
    .transform((v, ctx) => {
      const text = v.toLowerCase();
      if (text === '' || ['yes', 'y', 'true'].includes(text)) return true;
      if (['no', 'n', 'false'].includes(text)) return false;
      if (/^\d+$/.test(text)) return Number(text) > 0;
      ctx.addIssue({ code: 'custom', message: 'Use yes, no or a count' });
      return z.NEVER;
    }),
});
export type PriceListRow = z.infer<typeof PriceListRowSchema>;

export const ProductMatchSchema = z.object({ id: UuidSchema, name: z.string(), type: ProductTypeSchema });

export const PriceListItemSchema = z.object({
  id: UuidSchema,
  vendor_sku: z.string(),
  description: z.string(),
  barcode: z.string(),
  manufacturer_code: z.string(),
  pack_size: z.number().int(),
  price: z.number(),
  in_stock: z.boolean(),
  /** The catalog product the item was matched to by barcode or manufacturer code; null when none. */
  product: ProductMatchSchema.nullable(),
});
export type PriceListItem = z.infer<typeof PriceListItemSchema>;

export const PriceListSummarySchema = z.object({
  supplier_id: UuidSchema,
  items: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  file_name: z.string().nullable(),
  uploaded_at: z.string().nullable(),
});
export type PriceListSummary = z.infer<typeof PriceListSummarySchema>;

export const PriceListQuerySchema = PageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  /** true: only matched items; false: only the unmatched ones. */
  matched: QueryBooleanSchema.optional(),
});
export type PriceListQuery = z.infer<typeof PriceListQuerySchema>;

/** Matches an item to a catalog product by hand (or a product proposed from it); null unmatches it. */
export const MatchPriceListItemRequestSchema = z.object({ product_id: UuidSchema.nullable() });
export type MatchPriceListItemRequest = z.infer<typeof MatchPriceListItemRequestSchema>;
export const PriceListItemParamsSchema = z.object({ id: UuidSchema, itemId: UuidSchema });

export const PriceListPageSchema = pageOf(PriceListItemSchema).extend({ summary: PriceListSummarySchema });
export type PriceListPage = z.infer<typeof PriceListPageSchema>;

// ---------------------------------------------------------------------------------------------
// Search and comparison

export const OfferSchema = z.object({
  vendor: VendorRefSchema,
  sku: z.string(),
  description: z.string(),
  pack_size: z.number().int(),
  /** Dollars per pack. */
  price: z.number(),
  /** Dollars per basic unit (price / pack size), four decimals: what the comparison ranks by. */
  unit_price: z.number(),
  in_stock: z.boolean(),
  /** The lowest unit price for this product among the vendors that have it in stock. */
  cheapest: z.boolean(),
});
export type Offer = z.infer<typeof OfferSchema>;

export const MarketplaceProductSchema = z.object({
  product: z.object({ id: UuidSchema, name: z.string(), barcode: z.string(), manufacturer_code: z.string(), type: ProductTypeSchema }),
  offers: z.array(OfferSchema),
});
export type MarketplaceProduct = z.infer<typeof MarketplaceProductSchema>;

export const MarketplaceSearchQuerySchema = PageQuerySchema.extend({ search: z.string().trim().max(100).optional() });
export type MarketplaceSearchQuery = z.infer<typeof MarketplaceSearchQuerySchema>;

export const MarketplaceProductPageSchema = pageOf(MarketplaceProductSchema);
export type MarketplaceProductPage = z.infer<typeof MarketplaceProductPageSchema>;

// ---------------------------------------------------------------------------------------------
// Checkout

const packs = z.number({ error: 'Required' }).int('Enter a whole number').min(1, 'Quantity cannot be less than 1').max(100_000, 'Must be at most 100000');
const quotedPrice = z.number({ error: 'Required' }).min(0, 'Price cannot be less than 0').max(10_000_000, 'Must be at most 10000000');

/** A cart line as the client holds it: the price per pack it was shown. */
export const CartLineSchema = z.object({
  vendor_id: UuidSchema,
  sku: z.string().trim().min(1, 'Required').max(100, 'Must be at most 100 characters'),
  quantity: packs,
  price: quotedPrice,
});
export type CartLine = z.infer<typeof CartLineSchema>;

/** POST check-checkout-price {products} (spec section 7). */
export const CheckCheckoutPriceRequestSchema = z.object({ products: z.array(CartLineSchema).min(1, MARKETPLACE_MESSAGES.emptyCart).max(200, 'At most 200 lines at once') });
export type CheckCheckoutPriceRequest = z.infer<typeof CheckCheckoutPriceRequestSchema>;

/** POST fetch-final-price-{vendor} {products}: a price lookup with one vendor. */
export const FetchFinalPriceRequestSchema = z.object({
  products: z
    .array(z.object({ sku: CartLineSchema.shape.sku, quantity: packs }))
    .min(1, MARKETPLACE_MESSAGES.emptyCart)
    .max(200, 'At most 200 lines at once'),
});
export type FetchFinalPriceRequest = z.infer<typeof FetchFinalPriceRequestSchema>;

export const CheckedLineSchema = CartLineSchema.extend({
  vendor: VendorRefSchema,
  product_id: UuidSchema.nullable(),
  description: z.string(),
  pack_size: z.number().int(),
  /** The vendor's price per pack now; null when it no longer offers the item. */
  current_price: z.number().nullable(),
  in_stock: z.boolean(),
  /** The current price differs from the one the cart holds, or the item is gone. */
  changed: z.boolean(),
  /** Why the line cannot be ordered as it is (no longer offered, not matched); null when it can. */
  problem: z.string().nullable(),
  /** quantity x current price, to the cent (0 when unavailable). */
  total: z.number(),
});
export type CheckedLine = z.infer<typeof CheckedLineSchema>;

export const CheckedCartSchema = z.object({
  products: z.array(CheckedLineSchema),
  changed: z.boolean(),
  total: z.number(),
});
export type CheckedCart = z.infer<typeof CheckedCartSchema>;

/** POST place-order {orders}: one order per vendor; the key makes a retried placement count once. */
export const PlaceOrderRequestSchema = z.object({
  orders: z
    .array(z.object({ vendor_id: UuidSchema, products: z.array(CartLineSchema.omit({ vendor_id: true })).min(1, MARKETPLACE_MESSAGES.emptyCart).max(200, 'At most 200 lines at once') }))
    .min(1, MARKETPLACE_MESSAGES.emptyCart)
    .max(20, 'At most 20 vendors at once'),
  idempotency_key: IdempotencyKeySchema,
});
export type PlaceOrderRequest = z.infer<typeof PlaceOrderRequestSchema>;

/** The 409 answer of place-order when a price moved: the cart as re-priced, in `details`. */
export const PricesChangedDetailsSchema = z.object({ products: z.array(CheckedLineSchema) });
export type PricesChangedDetails = z.infer<typeof PricesChangedDetailsSchema>;

// ---------------------------------------------------------------------------------------------
// Orders

export const MarketplaceOrderSchema = z.object({
  /** The purchase order's id: a marketplace order is received like any purchase order. */
  id: UuidSchema,
  number: z.string(),
  vendor: VendorRefSchema,
  status: VendorOrderStatusSchema,
  receiving_status: PurchaseOrderStatusSchema,
  total: z.number(),
  /** Dollars saved against the highest unit price quoted for the same products when ordered. */
  saved: z.number(),
  vendor_reference: z.string().nullable(),
  carrier: z.string().nullable(),
  tracking_url: z.string().nullable(),
  /** Why the vendor did not take the order; null unless failed. */
  error: z.string().nullable(),
  lines_count: z.number().int(),
  created_at: z.string(),
  created_by: z.string(),
  updated_at: z.string(),
});
export type MarketplaceOrder = z.infer<typeof MarketplaceOrderSchema>;

export const MarketplaceOrderLineSchema = z.object({
  id: UuidSchema,
  product: z.object({ id: UuidSchema, name: z.string() }),
  sku: z.string(),
  quantity: z.number().int(),
  price: z.number(),
  total: z.number(),
  received_quantity: z.number().int(),
});
export type MarketplaceOrderLine = z.infer<typeof MarketplaceOrderLineSchema>;

export const MarketplaceOrderDetailSchema = MarketplaceOrderSchema.extend({ lines: z.array(MarketplaceOrderLineSchema) });
export type MarketplaceOrderDetail = z.infer<typeof MarketplaceOrderDetailSchema>;

export const PlacedOrdersSchema = z.object({ orders: z.array(MarketplaceOrderSchema) });
export type PlacedOrders = z.infer<typeof PlacedOrdersSchema>;

/** GET order-status and order-details/by-date: orders placed from startDate to endDate (inclusive UTC days). */
export const OrderRangeQuerySchema = PageQuerySchema.extend({
  startDate: IsoDaySchema,
  endDate: IsoDaySchema,
  status: VendorOrderStatusSchema.optional(),
}).refine((q) => q.startDate <= q.endDate, { path: ['startDate'], message: 'The start date must be on or before the end date' });
export type OrderRangeQuery = z.infer<typeof OrderRangeQuerySchema>;

export const MarketplaceOrderPageSchema = pageOf(MarketplaceOrderSchema);
export type MarketplaceOrderPage = z.infer<typeof MarketplaceOrderPageSchema>;
export const MarketplaceOrderDetailPageSchema = pageOf(MarketplaceOrderDetailSchema);
export type MarketplaceOrderDetailPage = z.infer<typeof MarketplaceOrderDetailPageSchema>;

/** GET order-details?orderId= (our id) and order-details/byOrderId?orderId= (the order number or the vendor's reference). */
export const OrderIdQuerySchema = z.object({ orderId: UuidSchema });
export const VendorOrderIdQuerySchema = z.object({ orderId: z.string().trim().min(1, 'Required').max(100, 'Must be at most 100 characters') });

/** GET order-tracking?url=: the order shipped under that tracking link. */
export const OrderTrackingQuerySchema = z.object({ url: z.url('Enter a valid link').max(2000, 'Must be at most 2000 characters') });
export const OrderTrackingSchema = z.object({
  order_id: UuidSchema,
  number: z.string(),
  vendor: VendorRefSchema,
  status: VendorOrderStatusSchema,
  carrier: z.string().nullable(),
  tracking_url: z.string(),
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type OrderTracking = z.infer<typeof OrderTrackingSchema>;

/** The clinic's own suppliers: the clinic sets confirmed, shipped (carrier and tracking link) and delivered. */
export const UpdateOrderStatusRequestSchema = z
  .object({
    status: z.enum(MANUAL_ORDER_STEPS),
    carrier: z.string().trim().max(100, 'Must be at most 100 characters').optional(),
    tracking_url: z.url({ protocol: /^https?$/, error: 'Enter a valid link' }).max(2000, 'Must be at most 2000 characters').optional(),
  })
  .refine((b) => b.status !== 'shipped' || b.tracking_url, { path: ['tracking_url'], message: MARKETPLACE_MESSAGES.trackingRequired });
export type UpdateOrderStatusRequest = z.infer<typeof UpdateOrderStatusRequestSchema>;

/** Dollars of a cart line at a given price per pack. */
export function cartLineTotal(quantity: number, packPrice: number): number {
  return amountOf(quantity, packPrice);
}
