import { vi } from 'vitest';
import type { Profile } from '@clinic/domain';
import { EMPTY_PAGE, EMPTY_REPORTS, jsonResponse } from './fixtures';

/** Stubs fetch with a tiny in-memory API: the profile given, empty reports, and empty lists everywhere else. */
export function stubApi(profile: Profile) {
  const fetchMock = vi.fn<typeof fetch>((input) => {
    const href = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    const url = new URL(href, 'http://localhost');
    if (url.pathname === '/api/auth/profile') return Promise.resolve(jsonResponse(profile));
    if (url.pathname in EMPTY_REPORTS) return Promise.resolve(jsonResponse(EMPTY_REPORTS[url.pathname]));
    return Promise.resolve(jsonResponse(EMPTY_PAGE));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
