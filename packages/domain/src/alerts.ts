import { z } from './zod';
import { UuidSchema } from './fields';
import { PageQuerySchema, pageOf } from './pagination';
import { ProductRequestUrgencySchema } from './product-requests';

/**
 * 'recalled': a lot of this number was recalled somewhere in the organization and is held here.
 * 'requested': someone at the location asked for the product (Request Product) and it is on an open
 * running list, not yet ordered.
 * 'runs_out': at the forecast's daily use (issue 35), the usable units run out before a delivery
 * ordered today would arrive (the supplier's learned lead time).
 */
export const ALERT_KINDS = ['low_stock', 'expiring', 'expired', 'recalled', 'requested', 'runs_out'] as const;
export const AlertKindSchema = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof AlertKindSchema>;

/** A lot is "expiring" this many days ahead unless ALERT_EXPIRY_WINDOW_DAYS says otherwise. */
export const DEFAULT_ALERT_EXPIRY_WINDOW_DAYS = 30;

export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  low_stock: 'Low stock',
  expiring: 'Expiring soon',
  expired: 'Expired',
  recalled: 'Recalled',
  requested: 'Requested',
  runs_out: 'Runs out soon',
};

export const ALERT_MESSAGES = {
  dismissConfirm: 'Dismiss this alert? It comes back if the problem returns after it is solved.',
  dismissed: 'Alert dismissed',
  dismissFailed: 'Failed to dismiss alert',
  empty: 'No alerts. Stock levels and expiry dates look fine.',
} as const;

export const AlertSchema = z.object({
  id: UuidSchema,
  kind: AlertKindSchema,
  created_at: z.string(),
  product: z.object({ id: UuidSchema, name: z.string(), product_image_url: z.string().nullable() }),
  /** The lot for expiry alerts; null for low stock, which is about the product as a whole. */
  stock: z.object({ id: UuidSchema, lotNumber: z.string(), expiry_date: z.string().nullable(), units_left: z.number().int() }).nullable(),
  units_in_stock: z.number().int(),
  minimum_stock: z.number().int(),
  /**
   * The product's newest receipt here: who it came from and how it was packed, so reordering
   * from the alert can start from that supplier and count containers. Null if never received.
   */
  last_receipt: z.object({ supplier: z.object({ id: UuidSchema, name: z.string() }).nullable(), units_per_container: z.number().int() }).nullable(),
  /**
   * A 'recalled' alert: the recall behind it (the lot itself, or a lot of the same number at
   * another location of the organization), with where, why and when. Null for the other kinds.
   */
  /** A 'runs_out' alert (issue 35): the forecast's units a day and the supplier's lead time in days. */
  forecast: z.object({ daily_use: z.number(), lead_time_days: z.number() }).nullable().optional(),
  recall: z
    .object({
      stock_id: UuidSchema,
      location: z.object({ id: UuidSchema, name: z.string() }),
      reason: z.string(),
      reference: z.string(),
      recalled_at: z.string().nullable(),
    })
    .nullable(),
  /** A 'requested' alert: the newest open request for the product here. Null for the other kinds. */
  request: z
    .object({
      requested_by: z.string(),
      quantity: z.number().int(),
      urgency: ProductRequestUrgencySchema,
      note: z.string(),
      created_at: z.string(),
    })
    .nullable(),
});
export type Alert = z.infer<typeof AlertSchema>;

export const AlertListQuerySchema = PageQuerySchema.extend({ kind: AlertKindSchema.optional() });
export type AlertListQuery = z.infer<typeof AlertListQuerySchema>;

export const AlertPageSchema = pageOf(AlertSchema).extend({
  counts: z.object({ low_stock: z.number().int(), expiring: z.number().int(), expired: z.number().int(), recalled: z.number().int(), requested: z.number().int() }),
});
export type AlertPage = z.infer<typeof AlertPageSchema>;
