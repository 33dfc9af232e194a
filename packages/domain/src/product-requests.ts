import { z } from './zod';
import { UuidSchema } from './fields';
import { IdempotencyKeySchema } from './stock';

/**
 * Request Product (spec section 2, Stock Room dialog; issue 39): anyone working at a location asks
 * for a product to be ordered. The request becomes a high-priority line on the running list of the
 * product's usual supplier; its state is read from that line, never kept twice.
 */
export const PRODUCT_REQUEST_URGENCIES = ['routine', 'this_week', 'urgent'] as const;
export const ProductRequestUrgencySchema = z.enum(PRODUCT_REQUEST_URGENCIES, { error: 'Choose how urgent it is' });
export type ProductRequestUrgency = z.infer<typeof ProductRequestUrgencySchema>;

export const PRODUCT_REQUEST_URGENCY_LABELS: Record<ProductRequestUrgency, string> = {
  routine: 'Routine',
  this_week: 'This week',
  urgent: 'Urgent',
};

/**
 * requested: on an open running list; ordered: its list became a purchase order; received: that
 * order line arrived in full; cancelled: the line (or its list) was removed before ordering.
 */
export const PRODUCT_REQUEST_STATES = ['requested', 'ordered', 'received', 'cancelled'] as const;
export const ProductRequestStateSchema = z.enum(PRODUCT_REQUEST_STATES);
export type ProductRequestState = z.infer<typeof ProductRequestStateSchema>;

export const PRODUCT_REQUEST_STATE_LABELS: Record<ProductRequestState, string> = {
  requested: 'Requested',
  ordered: 'Ordered',
  received: 'Received',
  cancelled: 'Cancelled',
};

/** Whole containers; a request is for what a location uses, not a warehouse. */
export const PRODUCT_REQUEST_MAX_QUANTITY = 1000;
export const PRODUCT_REQUEST_NOTE_MAX = 500;
/** How many of the caller's requests the product page lists. */
export const PRODUCT_REQUESTS_LIMIT = 10;

export const PRODUCT_REQUEST_MESSAGES = {
  quantityRequired: 'Quantity is required',
  quantityMin: 'Quantity cannot be less than 1',
  quantityWhole: 'Enter a whole number of containers',
  quantityMax: `Ask for at most ${String(PRODUCT_REQUEST_MAX_QUANTITY)} containers at once`,
  noteTooLong: `The note can be at most ${String(PRODUCT_REQUEST_NOTE_MAX)} characters`,
  noSupplier: "This product has no supplier yet: set the product's supplier or add stock from a supplier first",
  sent: 'Request sent to your admins',
  failed: 'Failed to send the request',
} as const;

export const SendProductRequestSchema = z.object({
  quantity: z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? PRODUCT_REQUEST_MESSAGES.quantityRequired : PRODUCT_REQUEST_MESSAGES.quantityWhole) })
    .int(PRODUCT_REQUEST_MESSAGES.quantityWhole)
    .min(1, PRODUCT_REQUEST_MESSAGES.quantityMin)
    .max(PRODUCT_REQUEST_MAX_QUANTITY, PRODUCT_REQUEST_MESSAGES.quantityMax),
  urgency: ProductRequestUrgencySchema,
  note: z.string().trim().max(PRODUCT_REQUEST_NOTE_MAX, PRODUCT_REQUEST_MESSAGES.noteTooLong).optional(),
  /** A double tap sends the same key: one request. */
  idempotency_key: IdempotencyKeySchema,
});
export type SendProductRequest = z.infer<typeof SendProductRequestSchema>;

/** The dialog's fields, before the key is added. */
export const ProductRequestFormSchema = SendProductRequestSchema.omit({ idempotency_key: true });
export type ProductRequestForm = z.infer<typeof ProductRequestFormSchema>;

export const ProductRequestSchema = z.object({
  id: UuidSchema,
  product_id: UuidSchema,
  quantity: z.number().int(),
  urgency: ProductRequestUrgencySchema,
  note: z.string(),
  state: ProductRequestStateSchema,
  requested_by: z.object({ id: UuidSchema, name: z.string() }),
  /** The running list it went on; null once its line was removed. */
  running_list_id: UuidSchema.nullable(),
  supplier: z.object({ id: UuidSchema, name: z.string() }).nullable(),
  created_at: z.string(),
});
export type ProductRequest = z.infer<typeof ProductRequestSchema>;

export const ProductRequestListSchema = z.object({ results: z.array(ProductRequestSchema) });
export type ProductRequestList = z.infer<typeof ProductRequestListSchema>;

/** Who asked for a running-list line, newest first (one line may gather several requests). */
export const LineRequesterSchema = z.object({ id: UuidSchema, name: z.string(), urgency: ProductRequestUrgencySchema, quantity: z.number().int(), note: z.string(), created_at: z.string() });
export type LineRequester = z.infer<typeof LineRequesterSchema>;
