import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, MESSAGES } from '@clinic/domain';
import { setToken } from '../../lib/auth-token';
import { fakeToken, IDS } from '../../test/fixtures';
import { addEntry, clearEntriesOf, entriesOf } from '../../lib/outbox/outbox-store';
import { LogoutDialog } from './logout-dialog';

const OTHER_USER = '33333333-3333-4333-8333-333333333333';

/** A visit saved at the chair by `userId` and not sent yet. */
const keepVisit = (key: string, userId: string = IDS.user) =>
  addEntry({ kind: 'visit', key, userId, label: `CH-${key}: Prophylaxis, adult`, body: { patient_chart_number: `CH-${key}`, treatments: [], products: [], idempotency_key: key }, clips: [], form: null });

afterEach(async () => {
  await clearEntriesOf(IDS.user);
  await clearEntriesOf(OTHER_USER);
});

function renderDialog(onClose = vi.fn()) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Login page</p> },
      { path: '/dashboard', element: <LogoutDialog open onClose={onClose} /> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, onClose };
}

describe('logout dialog', () => {
  it('asks with the spec wording', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Warning' });
    expect(dialog).toHaveTextContent('Are you sure you want to logout ?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
  });

  it('Cancel keeps the session', async () => {
    localStorage.setItem('access_token', 'token');
    const { router, onClose } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(localStorage.getItem('access_token')).toBe('token');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('Accept clears local storage and goes to the login page', async () => {
    localStorage.setItem('access_token', 'token');
    localStorage.setItem('show_welcome', 'true');
    const { router } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => { expect(router.state.location.pathname).toBe('/'); });
    expect(localStorage.length).toBe(0);
  });

  it('with visits not sent yet, says how many first; Sign out anyway, then Accept, deletes them (and only them) and signs out', async () => {
    setToken(fakeToken('assistant'));
    await Promise.all(['1', '2', '3'].map((key) => keepVisit(key)));
    await keepVisit('other', OTHER_USER);
    const { router } = renderDialog();

    const warning = await screen.findByRole('dialog', { name: 'Not sent yet' });
    expect(warning).toHaveTextContent(`3 visits are not sent yet. ${AUTH_MESSAGES.notSentSignOut}`);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out anyway' }));
    expect(screen.getByRole('dialog', { name: 'Warning' })).toHaveTextContent(MESSAGES.logoutConfirm);
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => { expect(router.state.location.pathname).toBe('/'); });
    expect(await entriesOf(IDS.user)).toEqual([]);
    expect(await entriesOf(OTHER_USER)).toHaveLength(1);
  });

  it('says a single visit in the singular, and Cancel keeps it and the session', async () => {
    setToken(fakeToken('assistant'));
    await keepVisit('1');
    const { router, onClose } = renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Not sent yet' })).toHaveTextContent('1 visit is not sent yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(await entriesOf(IDS.user)).toHaveLength(1);
  });

  it('names each kind of unsent work: visits at the chair, uses and counts at the shelf, and deletes them all on sign-out', async () => {
    setToken(fakeToken('assistant'));
    await Promise.all(['1', '2', '3'].map((key) => keepVisit(key)));
    const countId = '44444444-4444-4444-8444-444444444444';
    await addEntry({ kind: 'count-line', key: 'count-1', userId: IDS.user, countId, label: 'Gauze lot G1: 7 counted', body: { line_id: countId, counted_units: 7, idempotency_key: 'count-1' } });
    await addEntry({ kind: 'use', key: 'use-1', userId: IDS.user, label: 'Gauze: 2 units used', productName: 'Gauze', body: { product_id: countId, quantity: 2, idempotency_key: 'use-1' } });
    const { router } = renderDialog();

    const warning = await screen.findByRole('dialog', { name: 'Not sent yet' });
    expect(warning).toHaveTextContent(`3 visits, 1 use and 1 count are not sent yet. ${AUTH_MESSAGES.notSentSignOut}`);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out anyway' }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => { expect(router.state.location.pathname).toBe('/'); });
    expect(await entriesOf(IDS.user)).toEqual([]);
  });
});
