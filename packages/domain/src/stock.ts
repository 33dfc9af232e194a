import { z } from './zod';
import { ConfirmDuplicateSchema } from './duplicate-receipt';
import { ExpiryDaySchema, UuidSchema } from './fields';
import { PageQuerySchema, pageOf } from './pagination';
import type { ProductType } from './products';
import { LOT_STATUSES, STOCK_MESSAGES, type LotStatus } from './stock-messages';

export * from './stock-messages';


export const STOCK_NOTE_MAX = 300;

export const LotStatusSchema = z.enum(LOT_STATUSES);
export const LOT_STATUS_REASON_MAX = 300;
export const LOT_STATUS_REFERENCE_MAX = 100;
export const LOT_STATUS_MESSAGES = {
  reasonRequired: 'Enter the reason',
  reasonTooLong: `Use at most ${LOT_STATUS_REASON_MAX} characters`,
  referenceTooLong: `Use at most ${LOT_STATUS_REFERENCE_MAX} characters`,
  sameStatus: (status: string) => `This lot is already ${status.toLowerCase()}`,
  recallConfirm: 'Recall this lot? Every lot of this product with this lot number, at every location of your organization, will no longer be used at the chair, and each location holding it is alerted.',
  quarantineConfirm: 'Quarantine this lot? It and every unit moved from it will no longer be used at the chair until it is released.',
  quarantineWholeConfirm: 'Quarantine this lot number? Every lot of this product with this lot number, at every location of your organization, will no longer be used at the chair until it is released.',
  wholeLotNumber: (lotNumber: string) => `Every lot ${lotNumber} of this product at every location`,
  stoppedByRecall: 'This lot is recalled: the recall already stops it',
  releasedWhereSet: (status: string, location: string) => `This lot was ${status.toLowerCase()} at ${location}: it is released there`,
  releaseConfirm: 'Release this lot? It becomes available for use again.',
  changed: (status: LotStatus) => (status === 'available' ? 'Lot released' : `Lot ${status}`),
  failed: 'Failed to change the lot status',
} as const;

/**
 * POST /stock/{id}/status: recall or quarantine a lot (a reason is required), or release it back to
 * available (the reason is optional there). The reference names the recall notice or the ticket.
 * A recall stops every lot of the product's lot number in the organization; a quarantine the lot
 * and the units moved from it, or the whole lot number with `whole_lot_number`. Releasing undoes
 * what the location's own holds on the lot stopped.
 */
export const LotStatusBodySchema = z
  .object({
    status: LotStatusSchema,
    reason: z.string().trim().max(LOT_STATUS_REASON_MAX, LOT_STATUS_MESSAGES.reasonTooLong).optional(),
    reference: z.string().trim().max(LOT_STATUS_REFERENCE_MAX, LOT_STATUS_MESSAGES.referenceTooLong).optional(),
    /** A quarantine of every lot of this product and lot number in the organization; a recall always is. */
    whole_lot_number: z.boolean().optional(),
  })
  .refine((b) => b.status === 'available' || (b.reason ?? '') !== '', { path: ['reason'], message: LOT_STATUS_MESSAGES.reasonRequired });
export type LotStatusBody = z.infer<typeof LotStatusBodySchema>;

/** Why units were written off. Waste in the reports is the expired and damaged ones, at cost. */
export const DISPOSAL_REASONS = ['expired', 'damaged', 'recalled', 'other'] as const;
export const DisposalReasonSchema = z.enum(DISPOSAL_REASONS);
export type DisposalReason = z.infer<typeof DisposalReasonSchema>;
/** Spec section 9: the stock grid shows 5 rows, newest first. */
export const STOCK_PAGE_SIZE = 5;
export const STOCK_EMPTY_TEXT = 'No Stocks Found';
/** Unit prices keep five decimals (spec section 5); money shows two. */
export const UNIT_PRICE_DECIMALS = 5;

/** Price per container / units per container, to 5 decimals. */
export function unitPriceOf(pricePerContainer: number, unitsPerContainer: number): number {
  if (!(unitsPerContainer > 0)) return 0;
  return Math.round((pricePerContainer / unitsPerContainer) * 10 ** UNIT_PRICE_DECIMALS) / 10 ** UNIT_PRICE_DECIMALS;
}

/** Spec default: a new stock expires one year from today. `today` is an ISO date. */
export function defaultExpiryDate(today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y + 1, m - 1, d));
  // 29 February rolls to 1 March in a year without it; keep the last day of February instead.
  if (next.getUTCMonth() !== m - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

/** Units of a stock: left is rounded down and used rounded up, so a part unit never shows as available. */
export function roundUnitsLeft(units: number): number {
  return Math.floor(units + 1e-9);
}
export function roundUnitsUsed(units: number): number {
  return Math.ceil(units - 1e-9);
}

const wholeNumber = (min: number, minMessage: string) => z.number({ error: 'Required' }).int(STOCK_MESSAGES.wholeNumber).min(min, minMessage).max(1_000_000, 'Must be at most 1000000');

export const SerialLotSchema = z.object({
  lotNumber: z.string({ error: STOCK_MESSAGES.serialRequired }).trim().min(1, STOCK_MESSAGES.serialRequired).max(100, 'Must be at most 100 characters'),
  expiryDate: ExpiryDaySchema,
  quantity: z.number({ error: STOCK_MESSAGES.quantityRequired }).int(STOCK_MESSAGES.wholeNumber).min(1, STOCK_MESSAGES.quantityMin).max(1_000_000),
});
export type SerialLot = z.infer<typeof SerialLotSchema>;

/** A required id: missing reads 'Required', anything else that is not an id says so. */
const RequiredIdSchema = z.uuid({ error: (issue) => (issue.input === undefined || issue.input === '' ? 'Required' : 'Must be a valid id') });

const StockFieldsSchema = z.object({
  supplier_id: RequiredIdSchema,
  container_quantity: wholeNumber(1, STOCK_MESSAGES.containersMin),
  units_per_container: wholeNumber(1, STOCK_MESSAGES.unitsPerContainerMin),
  price_per_container: z.number({ error: 'Required' }).min(0, STOCK_MESSAGES.priceMin).max(10_000_000, 'Must be at most 10000000'),
  expiry_date: ExpiryDaySchema.nullable().optional(),
  lotNumber: z.string().trim().max(100, 'Must be at most 100 characters').optional(),
  isConsignment: z.boolean().optional(),
  note: z.string().max(STOCK_NOTE_MAX, STOCK_MESSAGES.noteTooLong).optional(),
  /** Units already used up when the stock is entered or counted (manual consumption). */
  units_consumed: z.number().int(STOCK_MESSAGES.wholeNumber).min(0, 'Must be 0 or more').max(1_000_000).nullable().optional(),
});

export const CreateStockRequestSchema = StockFieldsSchema.extend({
  product_id: RequiredIdSchema,
  has_unique_lot: z.boolean().optional(),
  unique_lots: z.array(SerialLotSchema).max(500, 'At most 500 serial lots at once').optional(),
  /** Add it even though the same lot from the same supplier was received here before. */
  confirm_duplicate: ConfirmDuplicateSchema,
  /** The storage place the lot goes to (issue 34); the location's default place when absent. */
  place_id: UuidSchema.optional(),
});
export type CreateStockRequest = z.infer<typeof CreateStockRequestSchema>;

export const UpdateStockRequestSchema = StockFieldsSchema.partial().extend({
  /** A count of what is on the shelf; the difference is recorded as reconciliation. */
  units_remaining: z.number().int(STOCK_MESSAGES.wholeNumber).min(0, STOCK_MESSAGES.remainingBelowZero).max(1_000_000).nullable().optional(),
});
export type UpdateStockRequest = z.infer<typeof UpdateStockRequestSchema>;

export interface FieldIssue {
  field: string;
  message: string;
}

/** What the cross-field rules need to know besides the form's values. */
export interface StockRuleContext {
  productType: ProductType;
  /** Today as an ISO date, in the clinic's calendar. */
  today: string;
  mode: 'add' | 'edit';
  /** The stock being edited: its ledger so far and its expiry when the form opened. */
  current?: { unitsUsed: number; unitsConsumed: number; unitsRemoved: number; expiryDate: string | null };
}

export type StockFormValues = Partial<CreateStockRequest> & { units_remaining?: number | null | undefined };

/**
 * The rules of spec section 5 that span fields. The server runs them on the merged record and the
 * web form on every change, so both sides refuse the same input with the same words.
 */
export function stockFormIssues(values: StockFormValues, ctx: StockRuleContext): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const serial = ctx.mode === 'add' && values.has_unique_lot === true;

  if (values.has_unique_lot) {
    if (ctx.mode !== 'add') issues.push({ field: 'has_unique_lot', message: STOCK_MESSAGES.serialLotsAddOnly });
    else if (ctx.productType !== 'disposable') issues.push({ field: 'has_unique_lot', message: STOCK_MESSAGES.serialLotsDisposableOnly });
    if (!values.unique_lots || values.unique_lots.length === 0) issues.push({ field: 'unique_lots', message: STOCK_MESSAGES.serialRequired });
    values.unique_lots?.forEach((lot, i) => {
      if (lot.expiryDate && lot.expiryDate < ctx.today) issues.push({ field: `unique_lots.${i}.expiryDate`, message: STOCK_MESSAGES.expiryInPast });
    });
  } else {
    const keepsOldExpiry = ctx.mode === 'edit' && values.expiry_date === ctx.current?.expiryDate;
    if (ctx.mode === 'add' && !values.expiry_date) issues.push({ field: 'expiry_date', message: 'Required' });
    if (values.expiry_date && values.expiry_date < ctx.today && !keepsOldExpiry) issues.push({ field: 'expiry_date', message: STOCK_MESSAGES.expiryInPast });
  }

  if ((serial || ctx.productType === 'consumable') && values.units_per_container !== undefined && values.units_per_container !== 1) {
    issues.push({ field: 'units_per_container', message: STOCK_MESSAGES.consumableUnitsPerContainer });
  }

  const hasConsumed = values.units_consumed !== undefined && values.units_consumed !== null;
  const hasRemaining = values.units_remaining !== undefined && values.units_remaining !== null;
  if (hasConsumed && hasRemaining) issues.push({ field: 'units_remaining', message: STOCK_MESSAGES.consumedOrRemaining });

  const containers = serial ? (values.unique_lots ?? []).reduce((sum, lot) => sum + (lot.quantity || 0), 0) : values.container_quantity;
  const perContainer = serial ? 1 : values.units_per_container;
  if (containers !== undefined && perContainer !== undefined && !hasRemaining) {
    const used = ctx.current?.unitsUsed ?? 0;
    const consumed = hasConsumed ? (values.units_consumed as number) : (ctx.current?.unitsConsumed ?? 0);
    const removed = ctx.current?.unitsRemoved ?? 0;
    if (containers * perContainer - used - consumed - removed < 0) issues.push({ field: 'units_remaining', message: STOCK_MESSAGES.remainingBelowZero });
  }
  if (hasRemaining && containers !== undefined && perContainer !== undefined) {
    // A recount can only find what the books still hold; units put back go through units consumed.
    const available = containers * perContainer - (ctx.current?.unitsUsed ?? 0) - (ctx.current?.unitsConsumed ?? 0) - (ctx.current?.unitsRemoved ?? 0);
    if ((values.units_remaining as number) > roundUnitsLeft(available)) issues.push({ field: 'units_remaining', message: STOCK_MESSAGES.remainingTooHigh });
  }
  return issues;
}

/**
 * How units leave a lot. A disposal (written off: expired, damaged, recalled, other) and a return
 * to the supplier (with the credit it brings) are ledger rows of their own kinds, so the waste and
 * credit reports read them and the shelf counters count them as removed.
 */
/** 'move': units of a lot moved to another storage place (issue 34); never usage, waste or spend.
 * 'count': a cycle count's adjustment (issue 34): positive when the shelf held fewer units than the
 * books, negative when it held more; never usage, waste or spend either.
 * 'transfer': units shipped to another location of the organization (issue 34, item 3); likewise. */
export const USAGE_KINDS = ['treatment', 'manual', 'reconciliation', 'removal', 'disposal', 'return', 'move', 'count', 'transfer'] as const;
export const UsageKindSchema = z.enum(USAGE_KINDS);
export type UsageKind = z.infer<typeof UsageKindSchema>;

/** A lot's storage place as answers carry it. */
export const PlaceRefSchema = z.object({ id: UuidSchema, name: z.string() });
export type PlaceRef = z.infer<typeof PlaceRefSchema>;

export const StockUsageSchema = z.object({
  id: UuidSchema,
  created_at: z.string(),
  kind: UsageKindSchema,
  /** Units taken out; a negative reconciliation puts units back after a recount. */
  unit_quantity: z.number(),
  note: z.string(),
  user_name: z.string().nullable(),
  treatmentLogProduct: z.object({ treatment: z.object({ treatment_code: z.string(), name: z.string() }) }).nullable(),
  /** A write-off's reason (disposal rows); a return's credit in dollars and the supplier's reference (return rows). */
  disposal_reason: DisposalReasonSchema.nullable(),
  credit_amount: z.number().nullable(),
  reference: z.string().nullable(),
});
export type StockUsage = z.infer<typeof StockUsageSchema>;

export const StockSchema = z.object({
  id: UuidSchema,
  product_id: UuidSchema,
  supplier: z.object({ id: UuidSchema, name: z.string() }).nullable(),
  container_quantity: z.number().int(),
  units_per_container: z.number().int(),
  price_per_container: z.number(),
  unit_price: z.number(),
  total_units: z.number().int(),
  /** Units used by treatments, rounded up. */
  units_used: z.number().int(),
  /** Units taken out by hand or by a recount. */
  units_consumed: z.number().int(),
  /** Units still on the shelf, rounded down. */
  units_left: z.number().int(),
  units_remaining: z.number().int(),
  expiry_date: z.string().nullable(),
  is_expired: z.boolean(),
  created_at: z.string(),
  note: z.string(),
  isConsignment: z.boolean(),
  lotNumber: z.string(),
  runningListProductId: UuidSchema.nullable(),
  has_unique_lot: z.boolean(),
  /** Recalled and quarantined lots are never consumed (issue 20); who changed it, when and why. */
  status: LotStatusSchema,
  status_reason: z.string(),
  status_reference: z.string(),
  status_changed_at: z.string().nullable(),
  status_changed_by: z.string().nullable(),
  stockUsages: z.array(StockUsageSchema),
  /** The storage place the lot sits in (issue 34). */
  place: PlaceRefSchema,
  /** The lot units were moved out of to make this one, when it was made by a move. */
  moved_from_stock_id: UuidSchema.nullable(),
  /** The lot at another location these units were shipped from, when the lot came by a transfer. */
  transferred_from_stock_id: UuidSchema.nullable(),
});
export type Stock = z.infer<typeof StockSchema>;

export const StockListQuerySchema = PageQuerySchema.extend({
  productId: UuidSchema,
  perPage: PageQuerySchema.shape.perPage.default(STOCK_PAGE_SIZE),
  /** Only the lots in one storage place (issue 34). */
  place_id: UuidSchema.optional(),
});
export type StockListQuery = z.infer<typeof StockListQuerySchema>;

/** One page of a product's stock, with the footer's totals over all of it. */
export const StockPageSchema = pageOf(StockSchema).extend({
  totals: z.object({ total_units: z.number().int(), units_left: z.number().int(), value_left: z.number() }),
});
export type StockPage = z.infer<typeof StockPageSchema>;

/** A serial-lot entry creates one stock per lot; the answer lists them all. */
export const CreatedStocksSchema = z.object({ stocks: z.array(StockSchema) });
export type CreatedStocks = z.infer<typeof CreatedStocksSchema>;

/** A key names one request: it replays that request's answer and is refused for any other. */
export const IDEMPOTENCY_MESSAGES = {
  keyReused: 'This idempotency key was already used for a different request. Send a new key for a new request.',
} as const;

export const IdempotencyKeySchema = z.string().trim().min(8, 'Use a key of 8 to 100 characters').max(100, 'Use a key of 8 to 100 characters');

export const ConsumeStockRequestSchema = z.object({
  product_id: UuidSchema,
  // Quantities are stored with three decimals: anything below 0.001 would be stored as nothing.
  quantity: z.number({ error: 'Required' }).min(0.001, STOCK_MESSAGES.consumeQuantityMin).max(1_000_000),
  /** A named lot is used even when expired; otherwise first-expiry-first over unexpired lots. */
  stock_id: UuidSchema.optional(),
  note: z.string().max(STOCK_NOTE_MAX, STOCK_MESSAGES.noteTooLong).optional(),
  idempotency_key: IdempotencyKeySchema,
});
export type ConsumeStockRequest = z.infer<typeof ConsumeStockRequestSchema>;

export const ConsumptionSchema = z.object({
  product_id: UuidSchema,
  quantity: z.number(),
  /** Dollars, two decimals. */
  cost: z.number(),
  /** The lot's unit price, or -1 when several lots were used (spec: 'Multiple Stocks used'). */
  unit_price: z.number(),
  lots: z.array(z.object({ stock_id: UuidSchema, lotNumber: z.string(), quantity: z.number(), unit_price: z.number() })),
});
export type Consumption = z.infer<typeof ConsumptionSchema>;

/** Spec section 2: the admin's per-location overview of a product. */
export const CompanyStockOverviewSchema = z.object({
  company_id: UuidSchema,
  company_name: z.string(),
  units_in_stock: z.number().int(),
  supplier_name: z.string(),
  average_unit_price: z.number(),
});
export type CompanyStockOverview = z.infer<typeof CompanyStockOverviewSchema>;
