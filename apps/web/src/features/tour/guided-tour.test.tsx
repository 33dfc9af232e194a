import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TOUR_REMINDER_DELAY_MS, type Profile, type Role } from '@clinic/domain';
import { setToken } from '../../lib/auth-token';
import { authKeys } from '../../lib/profile';
import { WELCOME_FLAG_KEY } from '../../lib/session';
import { EMPTY_PAGE, EMPTY_REPORTS, fakeToken, IDS, jsonResponse, profileFor } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

/** A signed-in user and an API that answers PATCH user/{id} as the server does, recording each body. */
function signInAs(role: Role, overrides: Partial<Profile> = { hideTour: false }) {
  const profile = profileFor(role, overrides);
  setToken(fakeToken(role));
  const patches: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        patches.push({ path: url.pathname, body });
        return Promise.resolve(jsonResponse({ ...profile, ...body, created_at: '2026-01-01T00:00:00.000Z', deleted_at: null }));
      }
      if (url.pathname === '/api/auth/profile') return Promise.resolve(jsonResponse(profile));
      if (url.pathname in EMPTY_REPORTS) return Promise.resolve(jsonResponse(EMPTY_REPORTS[url.pathname]));
      return Promise.resolve(jsonResponse(EMPTY_PAGE));
    }),
  );
  return { patches };
}

const tourStep = (name: string) => screen.findByRole('alertdialog', { name });
const noTour = () => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
/** Tests that open several pages: each is a lazy chunk, slow to compile on a busy machine. */
const MULTI_PAGE_TIMEOUT_MS = 20_000;
/** Real time passes: the tour would have started 500 ms after the page. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('guided tour', () => {
  it('meets a user who never chose on the page they opened; Next and Back open the steps’ pages', async () => {
    signInAs('assistant');
    const { router } = renderApp('/dashboard');

    await tourStep('Take a quick tour');
    expect(screen.getByText('Step 1 of 8')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start the tour' }));
    await tourStep('Home');
    expect(router.state.location.pathname).toBe('/dashboard');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await tourStep('Products');
    expect(router.state.location.pathname).toBe('/products');

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await tourStep('Home');
    expect(router.state.location.pathname).toBe('/dashboard');
  }, MULTI_PAGE_TIMEOUT_MS);

  it('does not start for a user who chose "I got it, don\'t show again"', async () => {
    signInAs('assistant', { hideTour: true });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Dana' });
    await pause(900);
    noTour();
  });

  it('waits while the welcome page is up, and starts once it is left', async () => {
    signInAs('assistant');
    localStorage.setItem(WELCOME_FLAG_KEY, 'true');
    const { router } = renderApp('/dashboard');
    const proceed = await screen.findByRole('button', { name: 'Continue' });
    await pause(900);
    noTour();

    await userEvent.click(proceed);
    await tourStep('Take a quick tour');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('"I got it, don\'t show again" saves hideTour and ends the tour', async () => {
    const { patches } = signInAs('assistant');
    const { queryClient } = renderApp('/dashboard');
    await tourStep('Take a quick tour');

    await userEvent.click(screen.getByRole('button', { name: "I got it, don't show again" }));

    await waitFor(() => { expect(patches).toEqual([{ path: `/api/user/${IDS.user}`, body: { hideTour: true } }]); });
    await waitFor(noTour);
    await waitFor(() => { expect(queryClient.getQueryData<Profile>(authKeys.profile())?.hideTour).toBe(true); });
  });

  it('"Remind me later" saves remindTourAfter one day ahead and ends the tour', async () => {
    const { patches } = signInAs('assistant');
    const { queryClient } = renderApp('/dashboard');
    await tourStep('Take a quick tour');

    const before = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Remind me later' }));
    const after = Date.now();

    await waitFor(() => { expect(patches).toHaveLength(1); });
    const [patch] = patches;
    expect(patch?.path).toBe(`/api/user/${IDS.user}`);
    expect(Object.keys(patch?.body ?? {})).toEqual(['remindTourAfter']);
    const remindAt = Date.parse(String(patch?.body.remindTourAfter));
    expect(remindAt).toBeGreaterThanOrEqual(before + TOUR_REMINDER_DELAY_MS);
    expect(remindAt).toBeLessThanOrEqual(after + TOUR_REMINDER_DELAY_MS);
    await waitFor(noTour);
    await waitFor(() => { expect(queryClient.getQueryData<Profile>(authKeys.profile())?.remindTourAfter).toBe(patch?.body.remindTourAfter); });
  });

  it('Skip ends the tour for this sign-in without saving anything', async () => {
    const { patches } = signInAs('assistant');
    renderApp('/dashboard');
    await tourStep('Take a quick tour');

    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));

    await waitFor(noTour);
    await pause(900);
    noTour();
    expect(patches).toEqual([]);
  });

  it('Escape skips too', async () => {
    const { patches } = signInAs('assistant');
    renderApp('/dashboard');
    await tourStep('Take a quick tour');
    await waitFor(() => { expect(screen.getByRole('button', { name: 'Start the tour' })).toHaveFocus(); });

    await userEvent.keyboard('{Escape}');

    await waitFor(noTour);
    expect(patches).toEqual([]);
  });

  it('shows the product admin what it sees, and Finish ends the tour without saving anything', async () => {
    const { patches } = signInAs('admin');
    const { router } = renderApp('/dashboard');
    await tourStep('Take a quick tour');
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Start the tour' }));
    await tourStep('Home');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await tourStep('Products');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await tourStep('Manage Clients');
    expect(router.state.location.pathname).toBe('/clients');
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));

    await waitFor(noTour);
    expect(patches).toEqual([]);
  }, MULTI_PAGE_TIMEOUT_MS);

  it('Profile\'s "Take the guided tour" starts it on request, also after "I got it, don\'t show again"', async () => {
    signInAs('company_member', { hideTour: true });
    renderApp('/users/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Take the guided tour' }));
    await tourStep('Take a quick tour');
  });
});
