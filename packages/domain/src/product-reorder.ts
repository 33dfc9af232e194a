import { z } from './zod';
import { UuidSchema } from './fields';

/**
 * What the API says about reordering a product at a location (issue 35): its use, the forecast,
 * the lead time learned from its supplier's deliveries, the levels, days of cover and what to order
 * now. Every figure a person may doubt comes with its reason.
 */
export const FORECAST_METHOD_LABELS = {
  none: 'No forecast',
  steady: 'Steady use (smoothed)',
  weekly: 'Weekly rhythm',
  intermittent: 'Occasional use (Croston/SBA)',
} as const;

/** Days of use the forecast reads: twelve weeks, ending yesterday. */
export const REORDER_HISTORY_DAYS = 84;

export const ProductReorderSchema = z.object({
  product_id: UuidSchema,
  method: z.enum(['none', 'steady', 'weekly', 'intermittent']),
  method_label: z.string(),
  /** Forecast units a day; 0 without a forecast. */
  daily_use: z.number(),
  /** Units used each day of the last twelve weeks, oldest first (ISO days). */
  history: z.array(z.object({ day: z.string(), units: z.number() })),
  usable_units: z.number(),
  on_order_units: z.number(),
  minimum_stock: z.number(),
  lead_time: z.object({
    days: z.number(),
    learned: z.boolean(),
    samples: z.number().int(),
    supplier_name: z.string().nullable(),
    /** Issue 51: share of the supplier's recent deliveries more than 3 days late (planned for, not cut). */
    late_share: z.number(),
    /** Days and shares of the supplier's recent deliveries, shortest first. */
    distribution: z.array(z.object({ days: z.number().int(), share: z.number() })),
  }),
  reorder_point: z.number(),
  order_up_to: z.number(),
  safety_stock: z.number(),
  source: z.enum(['forecast', 'minimum', 'pinned']),
  service_level: z.number(),
  /** Issue 51: the fill-rate target this product is planned for and the fill these levels are expected to give (null: no forecast or pinned). */
  fill_rate: z.number(),
  /** Whose target that is: the product's own here, its category's here, or the location's. */
  fill_rate_source: z.enum(['location', 'category', 'product']),
  /** Every target that could apply, to show and change: null where none is set. */
  fill_rates: z.object({
    location: z.number(),
    category: z.object({ id: UuidSchema, name: z.string(), fill_rate: z.number().nullable() }).nullable(),
    product: z.number().nullable(),
  }),
  /** The supplier the product was last received from and its shipping terms here (null: none set). */
  supplier_id: UuidSchema.nullable(),
  shipping: z.object({ shipping_fee: z.number(), free_shipping_over: z.number().nullable() }).nullable(),
  expected_fill: z.number().nullable(),
  /** Dollars of stock held on average to reach it (safety stock and half an order, at the last price); null without a price. */
  stock_cost: z.number().nullable(),
  /** Units an order brings and why that many (order cost against holding); null without a forecast. */
  order_units: z.number().nullable(),
  order_why: z.string().nullable(),
  review_days: z.number().int(),
  /** The levels set by hand, when they are. */
  pinned: z.object({ reorder_point: z.number().int(), order_up_to: z.number().int() }).nullable(),
  /** Usable units over forecast daily use; null without a forecast. */
  days_of_cover: z.number().nullable(),
  /** The product would run out before a delivery ordered today arrives. */
  runs_out_before_delivery: z.boolean(),
  /** Units to order now (whole packs of the last delivery's container), 0 when above the reorder point. */
  suggested_units: z.number(),
  pack_size: z.number().nullable(),
  /** Why a figure is what it is: no use recorded, lead time assumed, nothing to order. */
  reasons: z.array(z.string()),
});
export type ProductReorder = z.infer<typeof ProductReorderSchema>;

export const REORDER_MESSAGES = {
  serviceLevelRange: 'Use a service level from 50% to 99.9%',
  reviewDaysRange: 'Use 1 to 60 days between orders',
  fillRateRange: 'Use a fill rate from 50% to 99.9%',
  orderCostRange: 'Use a cost per order from $0 to $10,000',
  holdingRateRange: 'Use a holding rate from 0.1% to 100% a year',
  shippingFeeRange: 'Use a shipping fee from $0 to $10,000',
  freeShippingRange: 'Use a free-shipping threshold above $0 and at most $1,000,000, or leave it empty for none',
  fillTargetSaved: 'Fill-rate target saved',
  fillTargetCleared: 'The fill-rate target follows the location again',
  shippingSaved: 'Shipping terms saved',
  reorderPointRequired: 'Enter the reorder point in units',
  orderUpToRequired: 'Enter the level to order up to, in units',
  wholeUnits: 'Use whole units',
  orderUpToBelow: 'Order up to at least the reorder point',
  settingsSaved: 'Reorder settings saved',
  levelsPinned: 'Levels set by hand',
  levelsUnpinned: 'Levels follow the forecast again',
  autoSendRange: 'Use an amount above $0 and at most $1,000,000, or turn automatic sending off',
  digestFrequency: 'Choose Off, Daily or Weekly',
  digestSaved: 'Reorder digest e-mail saved',
  digestConfirmOff: 'Turn off the reorder digest e-mail for this location? You can turn it on again in Reorder settings.',
  digestTurnedOff: 'The reorder digest e-mail is off. You can turn it on again in Reorder settings.',
  digestLinkUnknown: 'This link is no longer valid: the digest it was sent with is already off, or was turned on again with a new link.',
} as const;

/** A fill-rate target: the share of units asked for the shelf should serve. */
const fillRate = () => z.number({ error: REORDER_MESSAGES.fillRateRange }).min(0.5, REORDER_MESSAGES.fillRateRange).max(0.999, REORDER_MESSAGES.fillRateRange);

/** The location's reorder settings: the service level its reorder points aim at, the days between orders. */
export const ReorderSettingsSchema = z.object({
  service_level: z.number({ error: REORDER_MESSAGES.serviceLevelRange }).min(0.5, REORDER_MESSAGES.serviceLevelRange).max(0.999, REORDER_MESSAGES.serviceLevelRange),
  review_days: z.number({ error: REORDER_MESSAGES.reviewDaysRange }).int(REORDER_MESSAGES.reviewDaysRange).min(1, REORDER_MESSAGES.reviewDaysRange).max(60, REORDER_MESSAGES.reviewDaysRange),
  /** Issue 51: share of units asked for the shelf should serve; absent in a request: unchanged (default 99%). */
  fill_rate: fillRate().optional(),
  /** Dollars an order to a supplier costs (staff time, handling); absent: unchanged (default $15). */
  order_cost: z.number({ error: REORDER_MESSAGES.orderCostRange }).min(0, REORDER_MESSAGES.orderCostRange).max(10_000, REORDER_MESSAGES.orderCostRange).optional(),
  /** Yearly cost of holding a dollar of stock; absent: unchanged (default 25%). */
  // The column keeps three decimals: a rate under 0.1% would be stored as 0, which no holding cost is.
  holding_rate: z.number({ error: REORDER_MESSAGES.holdingRateRange }).min(0.001, REORDER_MESSAGES.holdingRateRange).max(1, REORDER_MESSAGES.holdingRateRange).optional(),
  /** Suggested orders to one vendor under this value (dollars) go out without review; null: never. Absent in a request: unchanged. */
  auto_send_under: z
    .number({ error: REORDER_MESSAGES.autoSendRange })
    .positive(REORDER_MESSAGES.autoSendRange)
    .max(1_000_000, REORDER_MESSAGES.autoSendRange)
    .nullable()
    .optional(),
});
export type ReorderSettings = z.infer<typeof ReorderSettingsSchema>;

/** Issue 51: a fill-rate target for one product, or one category, at the location (over the location's). */
export const FillRateTargetSchema = z.object({ fill_rate: fillRate() });
export type FillRateTarget = z.infer<typeof FillRateTargetSchema>;

/** The location's category targets (GET /reorder/category-fill-rates), by category name. */
export const CategoryFillRatesSchema = z.array(z.object({ category_id: UuidSchema, category_name: z.string(), fill_rate: z.number() }));
export type CategoryFillRates = z.infer<typeof CategoryFillRatesSchema>;

/**
 * Issue 51: what a supplier charges this location to ship an order, and the order value from which
 * shipping is free (null: never). The order-cost balance counts the fee once per order.
 */
export const SupplierShippingSchema = z.object({
  shipping_fee: z.number({ error: REORDER_MESSAGES.shippingFeeRange }).min(0, REORDER_MESSAGES.shippingFeeRange).max(10_000, REORDER_MESSAGES.shippingFeeRange),
  free_shipping_over: z.number({ error: REORDER_MESSAGES.freeShippingRange }).positive(REORDER_MESSAGES.freeShippingRange).max(1_000_000, REORDER_MESSAGES.freeShippingRange).nullable(),
});
export type SupplierShipping = z.infer<typeof SupplierShippingSchema>;
/** GET /supplier/:id/shipping: the terms, or null where none are set. */
export const SupplierShippingViewSchema = z.object({ supplier_id: UuidSchema, shipping: SupplierShippingSchema.nullable() });
export type SupplierShippingView = z.infer<typeof SupplierShippingViewSchema>;

const wholeUnits = (required: string) => z.number({ error: required }).int(REORDER_MESSAGES.wholeUnits).min(0, REORDER_MESSAGES.wholeUnits).max(1_000_000, REORDER_MESSAGES.wholeUnits);

/** Levels a location sets by hand for a product: they win over the forecast and the Minimum Stock. */
export const PinReorderLevelsSchema = z
  .object({ reorder_point: wholeUnits(REORDER_MESSAGES.reorderPointRequired), order_up_to: wholeUnits(REORDER_MESSAGES.orderUpToRequired) })
  .refine((v) => v.order_up_to >= v.reorder_point, { path: ['order_up_to'], message: REORDER_MESSAGES.orderUpToBelow });
export type PinReorderLevels = z.infer<typeof PinReorderLevelsSchema>;

/**
 * The reorder digest e-mail (issue 35): items at risk, lots expiring and the suggested order
 * waiting, sent to a location admin who asks for it, daily or weekly. 'off' is no subscription.
 */
export const DIGEST_FREQUENCIES = ['daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const DIGEST_CHOICES = ['off', ...DIGEST_FREQUENCIES] as const;
export const DIGEST_CHOICE_LABELS: Record<(typeof DIGEST_CHOICES)[number], string> = { off: 'Off', daily: 'Daily', weekly: 'Weekly' };

/** GET and PUT /api/reorder/digest: the signed-in admin's choice at their current location. */
export const ReorderDigestSchema = z.object({ frequency: z.enum(DIGEST_CHOICES, { error: REORDER_MESSAGES.digestFrequency }) });
export type ReorderDigest = z.infer<typeof ReorderDigestSchema>;

/** The digest's off link (GET /api/reorder/digest/off?token=...). */
export const DigestOffQuerySchema = z.object({ token: z.string({ error: REORDER_MESSAGES.digestLinkUnknown }).min(1, REORDER_MESSAGES.digestLinkUnknown).max(200, REORDER_MESSAGES.digestLinkUnknown) });
