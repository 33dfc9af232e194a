import { vi } from 'vitest';
import type { Profile } from '@clinic/domain';
import { EMPTY_PAGE, EMPTY_REPORTS, EXEMPT_OVERVIEW, jsonResponse, subscriptionOverview } from './fixtures';

/** Answers for one path (`/api/...`); it sees the parsed URL and the request. */
export type FakeRoute = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Stubs fetch with a tiny in-memory API: the profile given, an active subscription (exempt for the
 * admin), empty reports, and empty lists everywhere else. `routes` answer their paths instead.
 */
export function stubApi(profile: Profile, routes: Record<string, FakeRoute> = {}) {
  const overview = profile.role === 'admin' ? EXEMPT_OVERVIEW : subscriptionOverview('active');
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const href = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    const url = new URL(href, 'http://localhost');
    const route = routes[url.pathname];
    if (route) return Promise.resolve(route(url, init));
    if (url.pathname === '/api/auth/profile') return Promise.resolve(jsonResponse(profile));
    if (url.pathname === '/api/config') return Promise.resolve(jsonResponse({ booking_url: null, support_email: null, idle_logoff_minutes: 30 }));
    if (url.pathname === '/api/payments/refresh-subscriptions' || url.pathname === '/api/payments/my-subscriptions') {
      return Promise.resolve(jsonResponse(overview));
    }
    if (url.pathname in EMPTY_REPORTS) return Promise.resolve(jsonResponse(EMPTY_REPORTS[url.pathname]));
    // The signed-in user's location, as GET /company/:id answers it (no time zone set).
    if (profile.company && url.pathname === `/api/company/${profile.company.id}`) {
      const { id, name, city, state, organization } = profile.company;
      return Promise.resolve(jsonResponse({ id, name, city, state, time_zone: null, organization_id: organization.id, created_at: '2026-01-05T10:00:00.000Z' }));
    }
    return Promise.resolve(jsonResponse(EMPTY_PAGE));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
