import { z } from 'zod';
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
  }),
  reorder_point: z.number(),
  order_up_to: z.number(),
  safety_stock: z.number(),
  source: z.enum(['forecast', 'minimum', 'pinned']),
  service_level: z.number(),
  review_days: z.number().int(),
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
