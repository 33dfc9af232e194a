import { z } from './zod';
import { ExpiryDaySchema, UuidSchema } from './fields';
import { PageQuerySchema } from './pagination';
import { IdempotencyKeySchema } from './stock';
import { hasAtMostDecimals } from './write-offs';

/**
 * Issue 34, item 2: cycle counts. A location admin starts a count of the whole location, a
 * category, a storage place or the "A items"; staff count the shelf blind (the books' figure shows
 * only once a line is saved); a location admin approves, and the differences go on the ledger as
 * 'count' adjustments. Each line keeps the units the books held when it was counted, so use at the
 * chair during the count is never counted twice.
 */
export const COUNT_SCOPES = ['location', 'category', 'place', 'a_items'] as const;
export type CountScope = (typeof COUNT_SCOPES)[number];
export const COUNT_SCOPE_LABELS: Record<CountScope, string> = {
  location: 'Whole location',
  category: 'A category',
  place: 'A storage place',
  a_items: 'A items (80% of use value, last 90 days)',
};

export const COUNT_STATUSES = ['open', 'submitted', 'approved', 'canceled'] as const;
export type CountStatus = (typeof COUNT_STATUSES)[number];
export const COUNT_STATUS_LABELS: Record<CountStatus, string> = {
  open: 'Counting',
  submitted: 'Waiting for approval',
  approved: 'Approved',
  canceled: 'Canceled',
};

/** The "A items": the products that make this share of the use value of the last ninety days. */
export const A_ITEMS_VALUE_SHARE = 0.8;
export const A_ITEMS_WINDOW_DAYS = 90;
/** Inventory accuracy on the dashboard: the counts approved in the last ninety days. */
export const COUNT_ACCURACY_WINDOW_DAYS = 90;
export const FOUND_LOT_NUMBER_MAX = 80;

export const COUNT_MESSAGES = {
  scopeRequired: 'Choose what to count',
  categoryRequired: 'Choose the category to count',
  placeRequired: 'Choose the place to count',
  categoryNotFound: 'Category not found',
  placeNotFound: 'Place not found',
  countUnderWay: 'A count is already under way at this location: finish or cancel it first',
  nothingToCount: 'There are no lots with units left to count here',
  noRecentUse: 'No use recorded in the last 90 days: count the whole location or a category instead',
  countedRequired: 'Enter the units counted',
  countedNegative: 'Units counted cannot be negative',
  countedTooMany: 'Enter at most 1,000,000 units',
  countedDecimals: 'Use at most three decimals',
  foundUnitsMin: 'A found lot holds at least 0.001 units',
  lotNumberRequired: 'Enter the lot number on the box',
  lotNumberTooLong: `Use at most ${String(FOUND_LOT_NUMBER_MAX)} characters`,
  unitPriceNegative: 'The unit price cannot be negative',
  notOpen: 'This count is no longer open for counting',
  notSubmitted: 'Submit the count before approving it',
  alreadyApproved: 'This count is already approved',
  alreadyCanceled: 'This count was canceled',
  nothingCounted: 'Count at least one lot before submitting',
  lineNotFound: 'This line is not part of the count',
  productNotFound: 'Product not found',
  started: 'Count started',
  saved: 'Count saved',
  submitted: 'Count submitted for approval',
  approved: 'Count approved: the differences are on the books',
  canceled: 'Count canceled',
  foundAdded: 'Found lot added to the count',
  /** Issue 52: a line counted (or a lot found) without a network. */
  countQueued: 'Kept on this device: the count will be sent when the network is back.',
} as const;

/** Units counted on the shelf: zero or more, with the ledger's three decimals. */
export const CountedUnitsSchema = z
  .number({ error: COUNT_MESSAGES.countedRequired })
  .min(0, COUNT_MESSAGES.countedNegative)
  .max(1_000_000, COUNT_MESSAGES.countedTooMany)
  .refine((v) => hasAtMostDecimals(v, 3), COUNT_MESSAGES.countedDecimals);

export const StartCountRequestSchema = z
  .object({
    scope: z.enum(COUNT_SCOPES, { error: COUNT_MESSAGES.scopeRequired }),
    category_id: UuidSchema.optional(),
    place_id: UuidSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.scope === 'category' && !value.category_id) ctx.addIssue({ code: 'custom', path: ['category_id'], message: COUNT_MESSAGES.categoryRequired });
    if (value.scope === 'place' && !value.place_id) ctx.addIssue({ code: 'custom', path: ['place_id'], message: COUNT_MESSAGES.placeRequired });
  });
export type StartCountRequest = z.infer<typeof StartCountRequestSchema>;

export const CountSchema = z.object({
  id: UuidSchema,
  scope: z.enum(COUNT_SCOPES),
  /** "Whole location", "Category: Implants", "Place: Operatory 2", "A items". */
  scope_label: z.string(),
  status: z.enum(COUNT_STATUSES),
  started_by: z.string().nullable(),
  started_at: z.string(),
  submitted_at: z.string().nullable(),
  approved_by: z.string().nullable(),
  approved_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  /** Lines on the sheet (lots in scope when it started, and lots found), and how many are counted. */
  lines: z.number().int(),
  counted: z.number().int(),
  found: z.number().int(),
  /**
   * Shelf minus books over the counted lines, in units and dollars; null while the count is open
   * (a blind count shows no expected figures in sum either).
   */
  variance_units: z.number().nullable(),
  variance_value: z.number().nullable(),
  /** Share of the counted lots whose shelf matched the books (found lots count as misses). */
  accuracy: z.number().nullable(),
});
export type Count = z.infer<typeof CountSchema>;

export const CountPageSchema = z.object({
  results: z.array(CountSchema),
  currentPage: z.number().int(),
  lastPage: z.number().int(),
  total: z.number().int(),
});
export type CountPage = z.infer<typeof CountPageSchema>;

export const CountListQuerySchema = PageQuerySchema.extend({
  status: z.enum(COUNT_STATUSES).optional(),
});
export type CountListQuery = z.infer<typeof CountListQuerySchema>;

export const COUNT_LINE_STATES = ['all', 'uncounted', 'counted', 'variance'] as const;

export const CountLineSchema = z.object({
  id: UuidSchema,
  /** The lot on the books; a found lot has none until the count is approved. */
  stock_id: UuidSchema.nullable(),
  product_id: UuidSchema,
  product_name: z.string(),
  barcode: z.string(),
  lot_number: z.string(),
  expiry_date: z.string().nullable(),
  place_id: UuidSchema.nullable(),
  place_name: z.string().nullable(),
  unit_price: z.number(),
  is_found: z.boolean(),
  counted_units: z.number().nullable(),
  /** What the books held when the line was counted: hidden (null) until it is counted. */
  expected_units: z.number().nullable(),
  variance_units: z.number().nullable(),
  variance_value: z.number().nullable(),
  counted_by: z.string().nullable(),
  counted_at: z.string().nullable(),
  /** Units the approval put on the ledger for this line (negative: taken off the books). */
  adjusted_units: z.number().nullable(),
});
export type CountLine = z.infer<typeof CountLineSchema>;

export const CountLinePageSchema = z.object({
  results: z.array(CountLineSchema),
  currentPage: z.number().int(),
  lastPage: z.number().int(),
  total: z.number().int(),
});
export type CountLinePage = z.infer<typeof CountLinePageSchema>;

export const CountLineQuerySchema = PageQuerySchema.extend({
  /** Product name, barcode or lot number, as typed or scanned. */
  search: z.string().trim().max(120).optional(),
  state: z.enum(COUNT_LINE_STATES).optional(),
  place_id: UuidSchema.optional(),
});
export type CountLineQuery = z.infer<typeof CountLineQuerySchema>;

export const CountLineParamsSchema = z.object({ id: UuidSchema, lineId: UuidSchema });

/**
 * A count written at the shelf may be queued offline and sent again after a lost answer: with a
 * key, the same key records it once and answers the same (issue 52). Optional for API clients
 * that write once; the web app always sends one.
 */
export const SaveCountLineRequestSchema = z.object({ counted_units: CountedUnitsSchema, idempotency_key: IdempotencyKeySchema.optional() });
export type SaveCountLineRequest = z.infer<typeof SaveCountLineRequestSchema>;

/** A lot on the shelf but not on the books: it becomes a new lot (reason "found") when approved. */
export const AddFoundLotRequestSchema = z.object({
  product_id: UuidSchema,
  lot_number: z.string({ error: COUNT_MESSAGES.lotNumberRequired }).trim().min(1, COUNT_MESSAGES.lotNumberRequired).max(FOUND_LOT_NUMBER_MAX, COUNT_MESSAGES.lotNumberTooLong),
  expiry_date: ExpiryDaySchema.nullable().optional(),
  counted_units: CountedUnitsSchema.refine((v) => v >= 0.001, COUNT_MESSAGES.foundUnitsMin),
  /** Where it was found; the count's place, else the location's default place. */
  place_id: UuidSchema.optional(),
  /** Dollars per unit; the product's last unit price here when left out. */
  unit_price: z.number().min(0, COUNT_MESSAGES.unitPriceNegative).max(1_000_000).optional(),
  /** As a counted line's: a found lot sent again under its key is added once. */
  idempotency_key: IdempotencyKeySchema.optional(),
});
export type AddFoundLotRequest = z.infer<typeof AddFoundLotRequestSchema>;

export const CountAccuracySchema = z.object({
  days: z.number().int(),
  counts: z.number().int(),
  lines_counted: z.number().int(),
  lines_matching: z.number().int(),
  /** lines_matching / lines_counted; null when nothing was counted in the window. */
  accuracy: z.number().nullable(),
  /** Net value of the adjustments (negative: stock lost), and the sum of their absolute values. */
  variance_value: z.number(),
  absolute_variance_value: z.number(),
});
export type CountAccuracy = z.infer<typeof CountAccuracySchema>;

/** Shelf minus books for a counted line; null until it is counted. */
export function lineVariance(counted: number | null, expected: number | null): number | null {
  if (counted === null || expected === null) return null;
  return Math.round((counted - expected) * 1000) / 1000;
}
