import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LogoutDialog } from './logout-dialog';

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
});
