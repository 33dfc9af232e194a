import {
  DashboardCardsReportSchema,
  ProductionShareQuerySchema,
  ProductionShareSchema,
  ExpenseByDaySchema,
  ExpenseByTreatmentSchema,
  ExpiringStocksQuerySchema,
  MasterReportSchema,
  MostUsedProductsSchema,
  ReportOptionalRangeQuerySchema,
  ReportRangeQuerySchema,
  StocksAboutToExpireSchema,
  TopSuppliersSchema,
  WasteReportQuerySchema,
  WasteReportSchema,
} from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { ReportsService } from './reports.service';

const read = { access: { permission: ['reports', 'read'] as const } };

/** Spec section 7, Reports and patients: the dashboard's figures. */
export function reportsRoutes(app: ZodApp, reports: ReportsService): void {
  app.get('/reports/master', {
    config: { access: { permission: ['reports', 'read'], adminOnly: true } },
    schema: { tags: ['reports'], response: { 200: MasterReportSchema, ...errorResponses } },
    handler: () => reports.master(),
  });

  app.get('/reports/dashboard-cards-data', {
    config: read,
    schema: { tags: ['reports'], querystring: ReportRangeQuerySchema, response: { 200: DashboardCardsReportSchema, ...errorResponses } },
    handler: (request) => reports.cards(actorOf(request), request.query),
  });

  // Issue 50: whole months (the last full one and the trailing ones), not the dashboard's range.
  app.get('/reports/production-share', {
    config: read,
    schema: { tags: ['reports'], querystring: ProductionShareQuerySchema, response: { 200: ProductionShareSchema, ...errorResponses } },
    handler: (request) => reports.productionShare(actorOf(request), request.query),
  });

  app.get('/reports/expense-by-day', {
    config: read,
    schema: { tags: ['reports'], querystring: ReportRangeQuerySchema, response: { 200: ExpenseByDaySchema, ...errorResponses } },
    handler: (request) => reports.expenseByDay(actorOf(request), request.query),
  });

  app.get('/reports/expense-by-treatment', {
    config: read,
    schema: { tags: ['reports'], querystring: ReportOptionalRangeQuerySchema, response: { 200: ExpenseByTreatmentSchema, ...errorResponses } },
    handler: (request) => reports.expenseByTreatment(actorOf(request), request.query),
  });

  app.get('/reports/most-used-products', {
    config: read,
    schema: { tags: ['reports'], querystring: ReportOptionalRangeQuerySchema, response: { 200: MostUsedProductsSchema, ...errorResponses } },
    handler: (request) => reports.mostUsedProducts(actorOf(request), request.query),
  });

  app.get('/reports/top-suppliers', {
    config: read,
    schema: { tags: ['reports'], querystring: ReportOptionalRangeQuerySchema, response: { 200: TopSuppliersSchema, ...errorResponses } },
    handler: (request) => reports.topSuppliers(actorOf(request), request.query),
  });

  // Issue 20: waste (expired and damaged, at cost), the other write-offs, returns and their credits per day.
  app.get('/reports/waste', {
    config: read,
    schema: { tags: ['reports'], querystring: WasteReportQuerySchema, response: { 200: WasteReportSchema, ...errorResponses } },
    handler: (request) => reports.waste(actorOf(request), request.query),
  });

  app.get('/reports/stocks-about-to-expire', {
    config: read,
    schema: { tags: ['reports'], querystring: ExpiringStocksQuerySchema, response: { 200: StocksAboutToExpireSchema, ...errorResponses } },
    handler: (request) => reports.stocksAboutToExpire(actorOf(request), request.query),
  });
}
