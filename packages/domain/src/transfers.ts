import { z } from './zod';
import { UuidSchema } from './fields';
import { PageQuerySchema, pageOf } from './pagination';
import { IdempotencyKeySchema } from './stock';

/**
 * Issue 34, item 3: units sent from one location of an organization to another. A location asks
 * for units (requested), the sender picks lots and ships them (in transit: off the sender's lots,
 * on no shelf yet), the receiver receives all or part (received); what did not arrive is written
 * off on the transfer line with a reason. A request not yet shipped can be canceled.
 */
export const TRANSFER_STATUSES = ['requested', 'in_transit', 'received', 'canceled'] as const;
export const TransferStatusSchema = z.enum(TRANSFER_STATUSES);
export type TransferStatus = z.infer<typeof TransferStatusSchema>;

export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  requested: 'Requested',
  in_transit: 'In transit',
  received: 'Received',
  canceled: 'Canceled',
};

export const TRANSFER_UNITS_MAX = 100000;
export const TRANSFER_NOTE_MAX = 300;
export const TRANSFER_REASON_MAX = 200;

export const TRANSFER_MESSAGES = {
  locationNotFound: 'Location not found in your organization',
  sameLocation: 'Choose another location than the one sending the units',
  notYourLocation: 'You can only ask for units for your own location',
  notSender: 'Only the sending location ships these units',
  notReceiver: 'Only the receiving location receives these units',
  itemsRequired: 'Add at least one product',
  unitsWhole: 'Enter whole units',
  unitsMin: 'Enter at least 1 unit',
  unitsMax: `Must be at most ${String(TRANSFER_UNITS_MAX)}`,
  noteTooLong: `The note can be at most ${String(TRANSFER_NOTE_MAX)} characters`,
  reasonTooLong: `The reason can be at most ${String(TRANSFER_REASON_MAX)} characters`,
  lotNotHere: 'This lot is not at the sending location',
  lotOfOtherProduct: 'This lot is of another product',
  productNotAtReceiver: (location: string) => `This product is not in the catalog of ${location}`,
  lotsOnlyWhenShipping: 'Lots are picked by the location that ships the units',
  notRequested: 'This transfer is no longer waiting to be shipped',
  notInTransit: 'This transfer is not in transit',
  lineNotFound: 'This line is not part of the transfer',
  moreThanShipped: (shipped: number) => `Only ${String(shipped)} ${shipped === 1 ? 'unit was' : 'units were'} shipped on this line`,
  writeOffReasonRequired: 'Say why the units that did not arrive are written off',
  requested: 'Units requested',
  shipped: 'Units shipped',
  received: 'Transfer received',
  canceled: 'Transfer canceled',
  failed: 'Failed to save the transfer',
} as const;

/**
 * The receive rule, for the receive dialog and the server alike: no more units than were shipped
 * arrive, and fewer need a reason (the rest is written off on the line). Null when the line is right.
 */
export function receiveIssue(shipped: number, received: number, reason: string): { field: 'units_received' | 'write_off_reason'; message: string } | null {
  if (received > shipped) return { field: 'units_received', message: TRANSFER_MESSAGES.moreThanShipped(shipped) };
  if (received < shipped && reason.trim() === '') return { field: 'write_off_reason', message: TRANSFER_MESSAGES.writeOffReasonRequired };
  return null;
}

const UnitsSchema = z
  .number({ error: TRANSFER_MESSAGES.unitsMin })
  .int(TRANSFER_MESSAGES.unitsWhole)
  .min(1, TRANSFER_MESSAGES.unitsMin)
  .max(TRANSFER_UNITS_MAX, TRANSFER_MESSAGES.unitsMax);

/** One product of a transfer: how many units, and optionally the lot they come from (the sender's pick). */
export const TransferItemSchema = z.object({
  product_id: UuidSchema,
  units: UnitsSchema,
  /** Left out: first expiry first, recalled, quarantined and expired lots skipped. */
  stock_id: UuidSchema.optional(),
});
export type TransferItem = z.infer<typeof TransferItemSchema>;

const ItemsSchema = z.array(TransferItemSchema).min(1, TRANSFER_MESSAGES.itemsRequired).max(50);
const NoteSchema = z.string().trim().max(TRANSFER_NOTE_MAX, TRANSFER_MESSAGES.noteTooLong);

/**
 * A transfer started: a request from the receiving location (`ship` false), or units sent at once
 * by the sending location or an organization admin (`ship` true, lots named or first expiry first).
 */
export const CreateTransferRequestSchema = z.object({
  from_company_id: UuidSchema,
  to_company_id: UuidSchema,
  items: ItemsSchema,
  note: NoteSchema.optional(),
  ship: z.boolean().optional(),
  /** Made when the dialog opens: a double tap or a retry creates one transfer. */
  idempotency_key: IdempotencyKeySchema,
});
export type CreateTransferRequest = z.infer<typeof CreateTransferRequestSchema>;

/** A request shipped: the lots and units the sender picked, or the requested units first expiry first. */
export const ShipTransferRequestSchema = z.object({
  items: ItemsSchema.optional(),
  idempotency_key: IdempotencyKeySchema,
});
export type ShipTransferRequest = z.infer<typeof ShipTransferRequestSchema>;

export const ReceiveTransferLineSchema = z.object({
  line_id: UuidSchema,
  units_received: z.number().int(TRANSFER_MESSAGES.unitsWhole).min(0).max(TRANSFER_UNITS_MAX, TRANSFER_MESSAGES.unitsMax),
  /** Required when fewer units arrived than were shipped: why the rest is written off. */
  write_off_reason: z.string().trim().max(TRANSFER_REASON_MAX, TRANSFER_MESSAGES.reasonTooLong).optional(),
});
export type ReceiveTransferLine = z.infer<typeof ReceiveTransferLineSchema>;

/** What arrived; a line left out arrived whole. The new lots go to `place_id`, or the default place. */
export const ReceiveTransferRequestSchema = z.object({
  lines: z.array(ReceiveTransferLineSchema).max(200).optional(),
  place_id: UuidSchema.optional(),
  idempotency_key: IdempotencyKeySchema,
});
export type ReceiveTransferRequest = z.infer<typeof ReceiveTransferRequestSchema>;

export const TransferLocationSchema = z.object({ id: UuidSchema, name: z.string() });
export type TransferLocation = z.infer<typeof TransferLocationSchema>;
export const TransferLocationListSchema = z.object({ locations: z.array(TransferLocationSchema) });
export type TransferLocationList = z.infer<typeof TransferLocationListSchema>;

export const TransferRequestedItemSchema = z.object({ product_id: UuidSchema, product_name: z.string(), units: z.number().int() });

/** One lot's units on the way: from which lot, at what unit price, and what became of them. */
export const TransferLineSchema = z.object({
  id: UuidSchema,
  product_id: UuidSchema,
  product_name: z.string(),
  source_stock_id: UuidSchema,
  lotNumber: z.string(),
  expiry_date: z.string().nullable(),
  units_shipped: z.number().int(),
  unit_price: z.number(),
  /** null while in transit. */
  units_received: z.number().int().nullable(),
  units_written_off: z.number().int().nullable(),
  write_off_reason: z.string().nullable(),
  /** The receiver's new lot. */
  received_stock_id: UuidSchema.nullable(),
});
export type TransferLine = z.infer<typeof TransferLineSchema>;

const PersonAtSchema = z.object({ by: z.string().nullable(), at: z.string() }).nullable();

export const TransferSchema = z.object({
  id: UuidSchema,
  status: TransferStatusSchema,
  from: TransferLocationSchema,
  to: TransferLocationSchema,
  note: z.string(),
  requested: PersonAtSchema,
  shipped: PersonAtSchema,
  received: PersonAtSchema,
  canceled: PersonAtSchema,
  created_at: z.string(),
  items: z.array(TransferRequestedItemSchema),
  lines: z.array(TransferLineSchema),
  /** Units and dollars shipped (units x the lots' unit prices), and of them still on the way. */
  units_shipped: z.number().int(),
  value_shipped: z.number(),
  units_in_transit: z.number().int(),
  value_in_transit: z.number(),
});
export type Transfer = z.infer<typeof TransferSchema>;

export const TRANSFER_DIRECTIONS = ['incoming', 'outgoing'] as const;
export const TransferListQuerySchema = PageQuerySchema.extend({
  direction: z.enum(TRANSFER_DIRECTIONS).optional(),
  status: TransferStatusSchema.optional(),
});
export type TransferListQuery = z.infer<typeof TransferListQuerySchema>;

/** The signed-in location's transfers, newest first, with what is on the way to and from it. */
export const TransferPageSchema = pageOf(TransferSchema).extend({
  in_transit: z.object({
    incoming: z.object({ units: z.number().int(), value: z.number() }),
    outgoing: z.object({ units: z.number().int(), value: z.number() }),
  }),
});
export type TransferPage = z.infer<typeof TransferPageSchema>;
