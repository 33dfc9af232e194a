import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { hasSession } from '../lib/auth-token';
import { profileQueryOptions } from '../lib/profile';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { routes } from './routes';

/**
 * Every signed-in page waits on the profile (role, location, name in the header), and the layout
 * only asks for it once its chunk has arrived and rendered: asking as the app starts puts that
 * round trip alongside the chunks' download (Lighthouse: /dashboard's largest paint is the
 * profile's location line). The layout's own query then finds it in flight or answered.
 */
function startQueryClient() {
  const client = createQueryClient();
  if (hasSession()) void client.prefetchQuery(profileQueryOptions());
  return client;
}

export function App() {
  const [queryClient] = useState(startQueryClient);
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
