import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@clinic/domain';
import { getToken } from '../../../lib/auth-token';
import { jsonResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

async function fillForm() {
  const values: Record<string, string> = {
    'Organization name': 'Fresh Smiles',
    'Location name': 'Main Street',
    City: 'Denver',
    State: 'CO',
    'First name': 'Dana',
    'Last name': 'Novak',
    Email: 'dana@example.com',
    Phone: '+1 303 555 0101',
    Password: 'a-strong-password',
  };
  for (const [label, value] of Object.entries(values)) await userEvent.type(screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }), value);
}

describe('register page', () => {
  it('shows the same message whatever the server found, keeps no session, and sends the user to sign in', { timeout: 30_000 }, async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({ message: AUTH_MESSAGES.signupReceived }, 201)));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Register your clinic' });
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText(AUTH_MESSAGES.signupReceived)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => { expect(router.state.location.pathname).toBe('/'); });
    // The e-mail just registered is already filled in.
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('dana@example.com');
  });
});
