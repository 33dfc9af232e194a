import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { IdleLogoff } from './idle-logoff';

const MINUTE = 60_000;

function renderIdle(idleMinutes: number) {
  const fetchMock = vi.fn<typeof fetch>((input) =>
    Promise.resolve(String(input).endsWith('/api/config') ? jsonResponse({ booking_url: null, support_email: null, idle_logoff_minutes: idleMinutes }) : new Response(null, { status: 204 })),
  );
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Sign in</p> },
      { path: '/dashboard', element: <IdleLogoff /> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, fetchMock };
}

const advance = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  localStorage.setItem('access_token', 'token');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('signing out after inactivity', () => {
  it('warns a minute before, then signs out on the server and here', async () => {
    const { router, fetchMock } = renderIdle(5);
    await advance(3 * MINUTE + 59_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(2_000);
    const dialog = screen.getByRole('dialog', { name: 'Still there?' });
    expect(dialog).toHaveTextContent(/signed out in \d+ seconds/);
    await advance(MINUTE);
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(sessionStorage.getItem('signed_out_reason')).toBe('idle');
    const logout = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/logout'));
    expect(logout?.[1]).toMatchObject({ method: 'POST', headers: expect.objectContaining({ Authorization: 'Bearer token' }) });
  });

  it('stays signed in when the user answers the warning, and while they keep working', async () => {
    const { router } = renderIdle(5);
    await advance(4 * MINUTE + 10_000);
    await act(async () => {
      screen.getByRole('button', { name: 'Stay signed in' }).click();
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Keys pressed every two minutes keep the session for a quarter of an hour.
    for (let i = 0; i < 8; i += 1) {
      await advance(2 * MINUTE);
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    }
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('access_token')).toBe('token');
  });

  it('counts activity in another tab of the browser', async () => {
    const { router } = renderIdle(5);
    await advance(3 * MINUTE + 30_000);
    localStorage.setItem('last_activity', String(Date.now()));
    // At seven minutes this tab has been idle for longer than five, the browser for three and a half.
    await advance(3 * MINUTE + 30_000);
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Five minutes after the other tab's activity, this one signs out too.
    await advance(MINUTE + 35_000);
    expect(router.state.location.pathname).toBe('/');
  });
});
