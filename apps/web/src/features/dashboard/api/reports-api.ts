import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  TOP_PRODUCTS,
  TOP_SUPPLIERS,
  type DashboardCardsReport,
  type ExpenseByDay,
  type ExpenseByTreatment,
  type MasterReport,
  type MostUsedProducts,
  type ProductionShare,
  type StocksAboutToExpire,
  type TopSuppliers,
  type WasteReport,
} from '@clinic/domain';
import { api } from '../../../lib/api-client';
import type { ReportRange } from '../report-range';

/** The current location (the default), or every location of the organization (its admin only). */
export type ReportScope = 'location' | 'organization';

export interface RangeReportParams extends ReportRange {
  scope: ReportScope;
}

export const reportKeys = {
  all: ['reports'] as const,
  report: (name: string, params: object = {}) => [...reportKeys.all, name, params] as const,
};

/** `scope` is only sent when it is not the server's default, so location requests stay plain. */
const scopeQuery = (scope: ReportScope) => (scope === 'organization' ? { scope } : {});
const rangeQuery = ({ start_date, end_date, scope }: RangeReportParams) => ({ start_date, end_date, ...scopeQuery(scope) });

/**
 * A range report; the figures of the range before stay on screen while the next range loads, so
 * switching presets does not blank the page.
 */
function rangeReport<T>(name: string, params: RangeReportParams, extra: Record<string, number> = {}) {
  return queryOptions({
    queryKey: reportKeys.report(name, { ...params, ...extra }),
    queryFn: ({ signal }) => api.get<T>(`reports/${name}`, { query: { ...rangeQuery(params), ...extra }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const dashboardCardsQueryOptions = (params: RangeReportParams) => rangeReport<DashboardCardsReport>('dashboard-cards-data', params);
export const expenseByDayQueryOptions = (params: RangeReportParams) => rangeReport<ExpenseByDay>('expense-by-day', params);
export const expenseByTreatmentQueryOptions = (params: RangeReportParams) => rangeReport<ExpenseByTreatment>('expense-by-treatment', params);
/** Spec section 9: the dashboard shows the top 5 most used products. */
export const mostUsedProductsQueryOptions = (params: RangeReportParams) => rangeReport<MostUsedProducts>('most-used-products', params, { limit: TOP_PRODUCTS });
export const topSuppliersQueryOptions = (params: RangeReportParams) => rangeReport<TopSuppliers>('top-suppliers', params, { limit: TOP_SUPPLIERS });
/** Issue 20: units written off (by reason) and returned each day at cost, with the credits. */
export const wasteQueryOptions = (params: RangeReportParams) => rangeReport<WasteReport>('waste', params);

/** Lots expiring soon are about now, not the chosen range; the server's alert window applies. */
export const stocksAboutToExpireQueryOptions = (scope: ReportScope) =>
  queryOptions({
    queryKey: reportKeys.report('stocks-about-to-expire', { scope }),
    queryFn: ({ signal }) => api.get<StocksAboutToExpire>('reports/stocks-about-to-expire', { query: scopeQuery(scope), signal }),
  });

/** Supply share is judged over whole months (the last full one and the trailing ones), never the chosen range (issue 50). */
export const productionShareQueryOptions = (scope: ReportScope) =>
  queryOptions({
    queryKey: reportKeys.report('production-share', { scope }),
    queryFn: ({ signal }) => api.get<ProductionShare>('reports/production-share', { query: scopeQuery(scope), signal }),
  });

export const masterReportQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.report('master'),
    queryFn: ({ signal }) => api.get<MasterReport>('reports/master', { signal }),
  });
