import { ROLE_PERMISSIONS, type Profile, type Role } from '@clinic/domain';

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export const IDS = {
  user: '2f6c1d5e-8a3b-4c7d-9e1f-0a2b3c4d5e6f',
  organization: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  company: '9c8b7a6d-5e4f-4321-8fed-cba987654321',
} as const;

/** An unsigned JWT with the claims the server issues; the browser never verifies signatures. */
export function fakeToken(role: Role, extra: Record<string, unknown> = {}): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(
    JSON.stringify({
      sub: IDS.user,
      role,
      organization_id: role === 'admin' ? null : IDS.organization,
      company_id: role === 'admin' ? null : IDS.company,
      exp: Math.floor(Date.now() / 1000) + 3600,
      ...extra,
    }),
  );
  return `${header}.${payload}.signature`;
}

export function profileFor(role: Role, overrides: Partial<Profile> = {}): Profile {
  return {
    id: IDS.user,
    first_name: 'Dana',
    last_name: 'Reyes',
    email: 'dana@smile-dental.test',
    phone: '+1 555 0100',
    status: 'active',
    approval_status: 'approved',
    role,
    permissions: ROLE_PERMISSIONS[role],
    // Like the demo accounts, test users have seen the guided tour; its own tests ask for it.
    hideTour: true,
    remindTourAfter: null,
    company:
      role === 'admin'
        ? null
        : {
            id: IDS.company,
            name: 'Downtown',
            city: 'Austin',
            state: 'TX',
            organization: { id: IDS.organization, name: 'Smile Dental', approvalStatus: 'approved', numberOfLocations: 2 },
          },
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const EMPTY_PAGE = { results: [], currentPage: 1, lastPage: 1, total: 0 };

const NO_CARDS = { spend: 0, usage_cost: 0, treatments_performed: 0, patients_seen: 0, stock_value: 0, items_below_minimum: 0 };
const NO_RANGE = { start_date: '2026-11-01', end_date: '2026-11-30' };

/** What each report answers when nothing happened: pages that show reports render, with nothing in them. */
export const EMPTY_REPORTS: Record<string, unknown> = {
  '/api/reports/dashboard-cards-data': { ...NO_RANGE, totals: NO_CARDS, locations: [] },
  '/api/reports/expense-by-day': { ...NO_RANGE, results: [] },
  '/api/reports/expense-by-treatment': { ...NO_RANGE, results: [] },
  '/api/reports/most-used-products': { ...NO_RANGE, results: [] },
  '/api/reports/top-suppliers': { ...NO_RANGE, results: [] },
  '/api/reports/stocks-about-to-expire': { days: 30, results: [], total: 0 },
  '/api/reports/master': { organizations: 0, locations: 0, users: 0, pending_approvals: 0, pending_products: 0 },
};
