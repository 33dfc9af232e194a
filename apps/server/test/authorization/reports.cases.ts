import { ALL, locationOf, type Case } from './case';

/**
 * Reports of a location named by id: the caller's own organization's location answers, another
 * organization's is not found; the product admin may read any location; the assistant has no
 * reports permission.
 */
const LOCATION_REPORT = { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(200, 404), company_admin: ALL(200, 404), company_member: ALL(200, 404), assistant: ALL(403) };
const RANGE = 'start_date=2026-11-01&end_date=2026-11-30';

const report = (path: string, range: string): Case => ({
  build: (w, _t, _caller, tenant) => ({ url: `/api/reports/${path}?${range}${range ? '&' : ''}location_id=${locationOf(w, tenant)}` }),
  expect: LOCATION_REPORT,
});

export const reportCases: Record<string, Case> = {
  'GET /api/reports/master': {
    build: () => ({ url: '/api/reports/master' }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(403), company_admin: ALL(403), company_member: ALL(403), assistant: ALL(403) },
  },
  'GET /api/reports/dashboard-cards-data': report('dashboard-cards-data', RANGE),
  'GET /api/reports/expense-by-day': report('expense-by-day', RANGE),
  // Issue 36: supply spend as a share of production.
  // Issue 50: whole months, whatever range; no range is asked for.
  'GET /api/reports/production-share': report('production-share', ''),
  'GET /api/reports/expense-by-treatment': report('expense-by-treatment', RANGE),
  'GET /api/reports/most-used-products': report('most-used-products', RANGE),
  'GET /api/reports/top-suppliers': report('top-suppliers', RANGE),
  'GET /api/reports/waste': report('waste', RANGE),
  'GET /api/reports/stocks-about-to-expire': report('stocks-about-to-expire', ''),
};
