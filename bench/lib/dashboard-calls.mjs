// The six calls /dashboard makes for a 12-month range, as the dashboard and scale benches send them.
const iso = (d) => d.toISOString().slice(0, 10);
const end = new Date();
const start = new Date(end.getTime() - 364 * 86_400_000);
const RANGE = `start_date=${iso(start)}&end_date=${iso(end)}`;

export const DASHBOARD_CALLS = ['dashboard-cards-data', 'expense-by-day', 'expense-by-treatment', 'most-used-products?limit=5&', 'top-suppliers', 'stocks-about-to-expire'];

/** The path of one dashboard call; `scope` is '' for one location or 'scope=organization'. */
export function dashboardPath(call, scope = '') {
  const [name, extra = ''] = call.split('?');
  const range = name === 'stocks-about-to-expire' ? '' : RANGE;
  const query = [extra.replace(/&$/, ''), range, scope].filter(Boolean).join('&');
  return `/api/reports/${name}${query ? `?${query}` : ''}`;
}
