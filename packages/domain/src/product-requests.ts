import { z } from './zod';
import { UuidSchema } from './fields';
import { IdempotencyKeySchema } from './stock';

/**
 * Request Product (spec section 2, Stock Room dialog; issue 39): anyone working at a location asks
 * for a product to be ordered, any product its catalog shows. The request becomes a high-priority
 * line on the running list of the vendor with the best in-stock price (as suggested orders route,
 * issue 50), else of its last or catalog supplier; with none, it waits on the location's "Requests
 * without a supplier" until an admin chooses one. Its state is read from the line, never kept twice.
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
 * awaiting_supplier: no vendor could take it, a location admin is to choose one; requested: on an
 * open running list; ordered: its list became a purchase order; received: that order line arrived
 * in full; cancelled: the line (or its list) was removed before ordering, or an admin declined it.
 */
export const PRODUCT_REQUEST_STATES = ['awaiting_supplier', 'requested', 'ordered', 'received', 'cancelled'] as const;
export const ProductRequestStateSchema = z.enum(PRODUCT_REQUEST_STATES);
export type ProductRequestState = z.infer<typeof ProductRequestStateSchema>;

export const PRODUCT_REQUEST_STATE_LABELS: Record<ProductRequestState, string> = {
  awaiting_supplier: 'Waiting for a supplier',
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
/** How many requests without a supplier the running lists page shows at once (most urgent, then oldest, first). */
export const REQUESTS_WITHOUT_SUPPLIER_LIMIT = 100;

export const PRODUCT_REQUEST_MESSAGES = {
  quantityRequired: 'Quantity is required',
  quantityMin: 'Quantity cannot be less than 1',
  quantityWhole: 'Enter a whole number of containers',
  quantityMax: `Ask for at most ${String(PRODUCT_REQUEST_MAX_QUANTITY)} containers at once`,
  noteTooLong: `The note can be at most ${String(PRODUCT_REQUEST_NOTE_MAX)} characters`,
  sent: 'Request sent to your admins',
  sentWithoutSupplier: 'Request sent to your admins: no vendor offers it yet, so an admin will choose the supplier',
  supplierNotFound: 'Supplier not found',
  notAwaitingSupplier: 'This request is no longer waiting for a supplier',
  supplierChosen: (supplier: string) => `Added to the running list of ${supplier}`,
  chooseFailed: 'Failed to choose the supplier',
  declined: 'Request declined',
  declineFailed: 'Failed to decline the request',
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

/** A request waiting for its supplier, as a location admin sees it on the running lists page. */
export const RequestWithoutSupplierSchema = ProductRequestSchema.extend({ product: z.object({ id: UuidSchema, name: z.string() }) });
export type RequestWithoutSupplier = z.infer<typeof RequestWithoutSupplierSchema>;
/** Most urgent first, then the longest waiting; `total` counts them all. */
export const RequestsWithoutSupplierSchema = z.object({ results: z.array(RequestWithoutSupplierSchema), total: z.number().int() });
export type RequestsWithoutSupplier = z.infer<typeof RequestsWithoutSupplierSchema>;

/** Who asked for a running-list line, newest first (one line may gather several requests). */
export const LineRequesterSchema = z.object({ id: UuidSchema, name: z.string(), urgency: ProductRequestUrgencySchema, quantity: z.number().int(), note: z.string(), created_at: z.string() });
export type LineRequester = z.infer<typeof LineRequesterSchema>;
