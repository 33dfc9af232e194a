import { z } from './zod';
import { IsoDaySchema, UuidSchema } from './fields';
import { rangeTooLong, REPORT_MESSAGES, startsAfterEnd } from './report-range';

export { MAX_REPORT_RANGE_DAYS, rangeTooLong, REPORT_MESSAGES, reportRangeProblem, startsAfterEnd, TOP_PRODUCTS, TOP_SUPPLIERS } from './report-range';

/**
 * Which locations a report covers: the current one by default; an organization admin may name one
 * of the organization's locations (`location_id`) or ask for all of them (`scope=organization`).
 */
const ScopeFields = {
  location_id: UuidSchema.optional(),
  scope: z.enum(['location', 'organization']).default('location'),
};

/** Inclusive UTC days; a range runs from start_date to end_date and at most two years. */
const rangeRules = <T extends z.ZodType<{ start_date?: string | undefined; end_date?: string | undefined }>>(schema: T) =>
  schema
    .refine((q) => !q.start_date || !q.end_date || !startsAfterEnd(q.start_date, q.end_date), { path: ['start_date'], message: REPORT_MESSAGES.startAfterEnd })
    .refine((q) => !q.start_date || !q.end_date || !rangeTooLong(q.start_date, q.end_date), { path: ['end_date'], message: REPORT_MESSAGES.rangeTooLong });

/** expense-by-day and dashboard-cards-data: the spec gives them start_date and end_date. */
export const ReportRangeQuerySchema = rangeRules(z.object({ ...ScopeFields, start_date: IsoDaySchema, end_date: IsoDaySchema }));
export type ReportRangeQuery = z.infer<typeof ReportRangeQuerySchema>;
/** The other range reports default to the current month when no range is given. */
export const ReportOptionalRangeQuerySchema = rangeRules(
  z.object({ ...ScopeFields, start_date: IsoDaySchema.optional(), end_date: IsoDaySchema.optional(), limit: z.coerce.number().int().min(1).max(50).optional() }),
);
export type ReportOptionalRangeQuery = z.infer<typeof ReportOptionalRangeQuerySchema>;

export const ExpiringStocksQuerySchema = z.object({
  ...ScopeFields,
  /** Lots expiring within this many days from today (default: the alerts' expiry window). */
  days: z.coerce.number().int().min(1).max(365).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ExpiringStocksQuery = z.infer<typeof ExpiringStocksQuerySchema>;

export const ReportLocationSchema = z.object({ id: UuidSchema, name: z.string(), city: z.string(), state: z.string() });
export type ReportLocation = z.infer<typeof ReportLocationSchema>;

/** The range a report answered for, after defaults. */
const RangeSchema = z.object({ start_date: z.string(), end_date: z.string() });

/** Dollars to two decimals unless named otherwise. */
export const DashboardCardsSchema = z.object({
  /** Purchase spend: stock received in the range (consignment lots: as their units are used). */
  spend: z.number(),
  /** Usage cost: units that left the shelf for treatments or manual use in the range, at their lots' prices. */
  usage_cost: z.number(),
  treatments_performed: z.number().int(),
  patients_seen: z.number().int(),
  /** Now, not in the range: units left in live, owned (not consignment) lots at their prices. */
  stock_value: z.number(),
  /** Now: products whose usable units are below their minimum stock (the live low-stock alerts). */
  items_below_minimum: z.number().int(),
  /** Marketplace orders placed in the range (not failed): saved against the highest unit price quoted when ordering. */
  marketplace_saved: z.number(),
});
export type DashboardCards = z.infer<typeof DashboardCardsSchema>;

export const DashboardCardsReportSchema = RangeSchema.extend({
  totals: DashboardCardsSchema,
  /** One row per location covered, side by side on /company-dashboard. */
  locations: z.array(ReportLocationSchema.extend({ cards: DashboardCardsSchema })),
});
export type DashboardCardsReport = z.infer<typeof DashboardCardsReportSchema>;

export const ExpenseByDaySchema = RangeSchema.extend({
  /** Every day of the range, zero when nothing happened. */
  results: z.array(z.object({ date: z.string(), spend: z.number(), usage_cost: z.number() })),
});
export type ExpenseByDay = z.infer<typeof ExpenseByDaySchema>;

export const ExpenseByTreatmentSchema = RangeSchema.extend({
  /** Most expensive first; `treatment` null for products added at the chair outside any tray. */
  results: z.array(
    z.object({
      treatment: z.object({ id: UuidSchema, treatment_code: z.string(), name: z.string() }).nullable(),
      performed: z.number().int(),
      cost: z.number(),
    }),
  ),
  /**
   * Cost of stock used outside any visit in the range (Record consumption): usage cost minus what
   * the treatments above and below the limit took. Without it the rows did not add up to Usage cost.
   */
  manual_use_cost: z.number(),
});
export type ExpenseByTreatment = z.infer<typeof ExpenseByTreatmentSchema>;

export const MostUsedProductsSchema = RangeSchema.extend({
  results: z.array(z.object({ product: z.object({ id: UuidSchema, name: z.string(), product_image_url: z.string().nullable() }), units_used: z.number(), usage_cost: z.number() })),
});
export type MostUsedProducts = z.infer<typeof MostUsedProductsSchema>;

export const TopSuppliersSchema = RangeSchema.extend({
  /** `supplier` null for stock received without one. */
  results: z.array(z.object({ supplier: z.object({ id: UuidSchema, name: z.string() }).nullable(), spend: z.number() })),
});
export type TopSuppliers = z.infer<typeof TopSuppliersSchema>;

export const StocksAboutToExpireSchema = z.object({
  days: z.number().int(),
  /** Soonest first: live lots with units left that expire within `days` (expired ones are alerts). */
  results: z.array(
    z.object({
      stock_id: UuidSchema,
      product: z.object({ id: UuidSchema, name: z.string() }),
      location: ReportLocationSchema.pick({ id: true, name: true }),
      lotNumber: z.string(),
      expiry_date: z.string(),
      units_left: z.number(),
      value: z.number(),
    }),
  ),
  total: z.number().int(),
});
export type StocksAboutToExpire = z.infer<typeof StocksAboutToExpireSchema>;

/** The product admin's platform figures. */
export const MasterReportSchema = z.object({
  organizations: z.number().int(),
  locations: z.number().int(),
  users: z.number().int(),
  /** Organizations and users waiting for approval. */
  pending_approvals: z.number().int(),
  pending_products: z.number().int(),
});
export type MasterReport = z.infer<typeof MasterReportSchema>;

/** The waste report: the current month unless a range is given, like the other range reports. */
export const WasteReportQuerySchema = rangeRules(z.object({ ...ScopeFields, start_date: IsoDaySchema.optional(), end_date: IsoDaySchema.optional() }));
export type WasteReportQuery = z.infer<typeof WasteReportQuerySchema>;

/**
 * Units written off and returned, at cost (units x the lot's unit price), by reason; `waste` is
 * the expired and damaged ones; `credits` what suppliers credit for returns. Dollars, two decimals.
 */
export const WasteFiguresSchema = z.object({
  expired: z.number(),
  damaged: z.number(),
  recalled: z.number(),
  other: z.number(),
  /** Expired plus damaged. */
  waste: z.number(),
  /** Returned units at cost, and the credit the supplier gives for them. */
  returned: z.number(),
  credits: z.number(),
});
export type WasteFigures = z.infer<typeof WasteFiguresSchema>;

export const WasteReportSchema = RangeSchema.extend({
  totals: WasteFiguresSchema,
  /** Every day of the range, zero when nothing was written off or returned. */
  results: z.array(WasteFiguresSchema.extend({ date: z.string() })),
});
export type WasteReport = z.infer<typeof WasteReportSchema>;

/**
 * Issue 36: supply spend as a share of production. Dentists judge supply spend against gross
 * production; 6-10% is the usual band.
 */
export const SUPPLY_SHARE_BAND = { low: 0.06, high: 0.1 } as const;

export * from './supply-share';

/** The scope of the report, never a range: supply share is judged over whole months (issue 50). */
export const ProductionShareQuerySchema = z.object(ScopeFields);
export type ProductionShareQuery = z.infer<typeof ProductionShareQuerySchema>;

const ProductionShareFiguresSchema = z.object({
  /** Purchase spend in the months (as the dashboard's spend). */
  supply_spend: z.number(),
  /** Production in the months: a typed monthly figure where there is one, else each day's production from a CSV, else the fees of the procedures completed that day. */
  production: z.number(),
  /** supply_spend / production; null without production. */
  share: z.number().nullable(),
  /** Every month's production reached SUPPLY_SHARE_MIN_MONTHLY_PRODUCTION; when false the share is not judged (too little production). */
  enough_production: z.boolean(),
  /** Where the production came from, in dollars. */
  sources: z.object({ procedures: z.number(), csv: z.number(), typed: z.number() }),
});

/** Whole calendar months: the first and last months (YYYY-MM) and their first and last days. */
const SharePeriodSchema = RangeSchema.extend({
  first_month: z.string(),
  last_month: z.string(),
  totals: ProductionShareFiguresSchema,
  locations: z.array(ReportLocationSchema.extend({ figures: ProductionShareFiguresSchema })),
});

/**
 * Supply spend as a share of production over whole months, whatever range the dashboard shows:
 * the last full month, and the last SUPPLY_SHARE_TRAILING_MONTHS full months (issue 50).
 */
export const ProductionShareSchema = z.object({
  band: z.object({ low: z.number(), high: z.number() }),
  /** SUPPLY_SHARE_MIN_MONTHLY_PRODUCTION: below it, a month's share is not judged. */
  min_monthly_production: z.number(),
  last_month: SharePeriodSchema,
  trailing_months: SharePeriodSchema,
});
export type ProductionShare = z.infer<typeof ProductionShareSchema>;
export type ProductionSharePeriod = z.infer<typeof SharePeriodSchema>;
export type ProductionShareFigures = z.infer<typeof ProductionShareFiguresSchema>;
