import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { hasSession } from '../lib/auth-token';
import { profileQueryOptions } from '../lib/profile';
import { homePath } from '../lib/session';
import { preloadPages } from './lazy-page';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { routes } from './routes';
import { ServiceWorkerUpdatesWhenLoaded } from './update/service-worker-updates-when-loaded';

/**
 * Every signed-in page waits on the profile (role, location, name in the header), and the layout
 * only asks for it once its chunk has arrived and rendered: asking as the app starts, before the
 * first page's chunks have loaded, puts that round trip alongside their download (Lighthouse:
 * /dashboard's largest paint is the profile's location line). The layout's own query then finds
 * it in flight or answered.
 */
export function startQueryClient(): QueryClient {
  const client = createQueryClient();
  if (hasSession()) void client.prefetchQuery(profileQueryOptions());
  return client;
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
      {/* Built apps only: the dev server has no service worker (scripts/installable-app-plugin.ts). */}
      {import.meta.env.PROD ? <ServiceWorkerUpdatesWhenLoaded /> : null}
    </AppProviders>
  );
}

/** How long the first render waits on the first page's chunks before showing the page loader. */
const FIRST_PAGE_WAIT_MS = 4000;

/**
 * Loads the chunks of the page the app opens on (a signed-in visit to / goes on to the home page),
 * so the first render shows it at once instead of a loader and then the page.
 */
export function loadFirstPage(): Promise<void> {
  const path = window.location.pathname;
  const opening = path === '/' && hasSession() ? homePath() : path;
  return Promise.race([preloadPages(routes, opening), new Promise<void>((done) => setTimeout(done, FIRST_PAGE_WAIT_MS))]);
}
