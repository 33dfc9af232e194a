import {
  rangeTooLong,
  REPORT_MESSAGES,
  TOP_PRODUCTS,
  TOP_SUPPLIERS,
  type DashboardCards,
  type ProductionShare,
  type DashboardCardsReport,
  type ExpenseByDay,
  type ExpenseByTreatment,
  type ExpiringStocksQuery,
  type MasterReport,
  type MostUsedProducts,
  type ReportOptionalRangeQuery,
  type ReportRangeQuery,
  type StocksAboutToExpire,
  type TopSuppliers,
  type WasteFigures,
  type WasteReport,
  type WasteReportQuery,
  roundToCents,
  SUPPLY_SHARE_MIN_MONTHLY_PRODUCTION,
  type ProductionShareQuery,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { isoDay } from '../../clock';
import { locationDay } from '../../db/location-day';
import { badRequest } from '../../core/errors';
import { roundUnitsLeft } from '@clinic/domain';
import { reportLocations } from './report-scope';
import { BAND, judgedMonths, sharePeriod } from './production-share';
import { productionRows } from './production-share.repo';
import { cardsByLocation, spendByLocation, expenseByDay, expenseByTreatment, manualUseCost, mostUsedProducts, platformCounts, stocksAboutToExpire, topSuppliers, wasteByDay, type CardRow, type DayRange, type WasteDayRow } from './reports.repo';

/** Money is summed unrounded and rounded to the cent once, where it is shown. */

function cardsOf(row: CardRow | undefined): DashboardCards {
  return {
    spend: roundToCents(row?.spend ?? 0),
    usage_cost: roundToCents(row?.usage_cost ?? 0),
    treatments_performed: row?.treatments_performed ?? 0,
    patients_seen: row?.patients_seen ?? 0,
    stock_value: roundToCents(row?.stock_value ?? 0),
    items_below_minimum: row?.items_below_minimum ?? 0,
    marketplace_saved: roundToCents(row?.marketplace_saved ?? 0),
  };
}

type WasteSums = Omit<WasteDayRow, 'day'>;
const WASTE_KEYS = ['expired', 'damaged', 'recalled', 'other', 'returned', 'credits'] as const;

/** A day's (or the range's) unrounded sums, rounded to the cent once; waste is expired plus damaged. */
function wasteFigures(sums: WasteSums): WasteFigures {
  return {
    expired: roundToCents(sums.expired),
    damaged: roundToCents(sums.damaged),
    recalled: roundToCents(sums.recalled),
    other: roundToCents(sums.other),
    waste: roundToCents(sums.expired + sums.damaged),
    returned: roundToCents(sums.returned),
    credits: roundToCents(sums.credits),
  };
}

/** Spec section 7, Reports: every figure over the locations the actor asked for (docs/decisions.md, Reports). */
export function createReportsService(deps: ServiceDeps) {
  const { db } = deps;
  /** The reader's today: the day of the location they are signed in to (UTC for the product admin). */
  const today = (actor: Actor) => locationDay(db, actor.companyId, deps.now());

  /** A range left out is the current month of the reader's location. */
  function rangeOf(query: { start_date?: string | undefined; end_date?: string | undefined }, now: string): DayRange {
    const monthStart = `${now.slice(0, 8)}01`;
    const start = query.start_date ?? (query.end_date && query.end_date < monthStart ? `${query.end_date.slice(0, 8)}01` : monthStart);
    const end = query.end_date ?? (start > now ? start : now);
    if (rangeTooLong(start, end)) throw badRequest('querystring.end_date', REPORT_MESSAGES.rangeTooLong);
    return { start, end };
  }
  const answered = (range: DayRange) => ({ start_date: range.start, end_date: range.end });

  /** What every range report starts from: the locations it covers (tenant-checked) and its days. */
  async function scoped(actor: Actor, query: ReportOptionalRangeQuery) {
    const locations = await reportLocations(db, actor, query);
    const day = await today(actor);
    return { locations, companyIds: locations.map((l) => l.id), range: rangeOf(query, day), today: day };
  }

  return {
    async cards(actor: Actor, query: ReportRangeQuery): Promise<DashboardCardsReport> {
      const { locations, companyIds, range, today: day } = await scoped(actor, query);
      const rows = await cardsByLocation(db, companyIds, range, day);
      const byCompany = new Map(rows.map((r) => [r.company_id, r]));
      // Totals add the unrounded figures of every location, so the organization total is exact.
      const sum = (key: keyof Omit<CardRow, 'company_id'>) => rows.reduce((total, r) => total + r[key], 0);
      return {
        ...answered(range),
        totals: {
          spend: roundToCents(sum('spend')),
          usage_cost: roundToCents(sum('usage_cost')),
          treatments_performed: sum('treatments_performed'),
          patients_seen: sum('patients_seen'),
          stock_value: roundToCents(sum('stock_value')),
          items_below_minimum: sum('items_below_minimum'),
          marketplace_saved: roundToCents(sum('marketplace_saved')),
        },
        locations: locations.map((l) => ({ ...l, cards: cardsOf(byCompany.get(l.id)) })),
      };
    },

    /**
     * Issue 36: supply spend against production, per location and in all, with the usual band.
     * Issue 50: over whole months, the last full month and the trailing ones, whatever the range.
     */
    async productionShare(actor: Actor, query: ProductionShareQuery): Promise<ProductionShare> {
      const locations = await reportLocations(db, actor, query);
      const companyIds = locations.map((l) => l.id);
      const { lastMonth, trailing } = judgedMonths(await today(actor));
      // The trailing months' rows hold the last month's too.
      const [lastSpend, trailingSpend, production] = await Promise.all([spendByLocation(db, companyIds, lastMonth), spendByLocation(db, companyIds, trailing), productionRows(db, companyIds, trailing)]);
      const spendIn = (rows: { company_id: string; spend: number }[]) => (id: string) => rows.find((r) => r.company_id === id)?.spend ?? 0;
      return {
        band: BAND,
        min_monthly_production: SUPPLY_SHARE_MIN_MONTHLY_PRODUCTION,
        last_month: sharePeriod(lastMonth, locations, spendIn(lastSpend), production),
        trailing_months: sharePeriod(trailing, locations, spendIn(trailingSpend), production),
      };
    },

    async expenseByDay(actor: Actor, query: ReportRangeQuery): Promise<ExpenseByDay> {
      const { companyIds, range } = await scoped(actor, query);
      const days = await expenseByDay(db, companyIds, range);
      return { ...answered(range), results: days.map((d) => ({ date: d.day, spend: roundToCents(d.spend), usage_cost: roundToCents(d.usage_cost) })) };
    },

    async expenseByTreatment(actor: Actor, query: ReportOptionalRangeQuery): Promise<ExpenseByTreatment> {
      const { companyIds, range } = await scoped(actor, query);
      const rows = await expenseByTreatment(db, companyIds, range, query.limit ?? 10);
      const manual = await manualUseCost(db, companyIds, range);
      return {
        ...answered(range),
        results: rows.map((r) => ({
          treatment: r.treatment_id && r.treatment_code !== null && r.name !== null ? { id: r.treatment_id, treatment_code: r.treatment_code, name: r.name } : null,
          performed: r.performed,
          cost: roundToCents(r.cost),
        })),
        // Float sums of the two tables can differ by a hair when nothing was used by hand.
        manual_use_cost: Math.max(0, roundToCents(manual)),
      };
    },

    async mostUsedProducts(actor: Actor, query: ReportOptionalRangeQuery): Promise<MostUsedProducts> {
      const { companyIds, range } = await scoped(actor, query);
      const rows = await mostUsedProducts(db, companyIds, range, query.limit ?? TOP_PRODUCTS);
      return {
        ...answered(range),
        results: rows.map((r) => ({
          product: { id: r.product_id, name: r.name, product_image_url: deps.files.signedUrl(r.product_image_url) },
          units_used: r.units,
          usage_cost: roundToCents(r.cost),
        })),
      };
    },

    async topSuppliers(actor: Actor, query: ReportOptionalRangeQuery): Promise<TopSuppliers> {
      const { companyIds, range } = await scoped(actor, query);
      const rows = await topSuppliers(db, companyIds, range, query.limit ?? TOP_SUPPLIERS);
      return { ...answered(range), results: rows.map((r) => ({ supplier: r.supplier_id && r.name !== null ? { id: r.supplier_id, name: r.name } : null, spend: roundToCents(r.spend) })) };
    },

    async stocksAboutToExpire(actor: Actor, query: ExpiringStocksQuery): Promise<StocksAboutToExpire> {
      const locations = await reportLocations(db, actor, query);
      const days = query.days ?? deps.alertExpiryWindowDays;
      const from = await today(actor);
      const until = isoDay(new Date(Date.parse(`${from}T00:00:00Z`) + days * 86_400_000));
      const rows = await stocksAboutToExpire(
        db,
        locations.map((l) => l.id),
        from,
        until,
        query.limit,
      );
      return {
        days,
        total: rows[0]?.total ?? 0,
        results: rows.map((r) => ({
          stock_id: r.stock_id,
          product: { id: r.product_id, name: r.product_name },
          location: { id: r.company_id, name: r.company_name },
          lotNumber: r.lot_number,
          expiry_date: r.expiry_date,
          units_left: roundUnitsLeft(r.units_left),
          value: roundToCents(r.value),
        })),
      };
    },

    /** Issue 20: units written off and returned each day, at cost, and the credits (docs/decisions.md, Reports). */
    async waste(actor: Actor, query: WasteReportQuery): Promise<WasteReport> {
      const { companyIds, range } = await scoped(actor, query);
      const days = await wasteByDay(db, companyIds, range);
      const totals = Object.fromEntries(WASTE_KEYS.map((key) => [key, days.reduce((sum, d) => sum + d[key], 0)])) as WasteSums;
      return { ...answered(range), totals: wasteFigures(totals), results: days.map((d) => ({ date: d.day, ...wasteFigures(d) })) };
    },

    master: (): Promise<MasterReport> => platformCounts(db),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
