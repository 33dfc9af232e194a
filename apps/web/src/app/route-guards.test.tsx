import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../lib/auth-token';
import { stubApi } from '../test/fake-api';
import { fakeToken, profileFor } from '../test/fixtures';
import { renderApp } from '../test/render-app';

describe('route guards', () => {
  it('sends a visitor without a token from a signed-in page to the login page', async () => {
    const { router } = renderApp('/users/profile');
    await waitFor(() => { expect(router.state.location.pathname).toBe('/'); });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends an unknown path without a token to the login page', async () => {
    const { router } = renderApp('/no/such/page');
    await waitFor(() => { expect(router.state.location.pathname).toBe('/'); });
  });

  it('keeps the public pages open without a token', async () => {
    const { router } = renderApp('/register');
    expect(await screen.findByRole('heading', { name: 'Register your clinic' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
  });

  it('skips the login page when a token is stored', async () => {
    setToken(fakeToken('company_admin'));
    stubApi(profileFor('company_admin'));
    const { router } = renderApp('/');
    await waitFor(() => { expect(router.state.location.pathname).toBe('/dashboard'); });
    expect(await screen.findByRole('heading', { name: 'Welcome, Dana' })).toBeInTheDocument();
  });

  it('sends a non-admin from an admin page to /users/company, reading the role from the token', async () => {
    setToken(fakeToken('company_admin'));
    stubApi(profileFor('company_admin'));
    const { router } = renderApp('/clients');
    await waitFor(() => { expect(router.state.location.pathname).toBe('/users/company'); });
    expect(await screen.findByRole('heading', { name: 'Manage Users' })).toBeInTheDocument();
  });

  it.each(['/users/pending', '/users/rejected', '/users/deleted'])('keeps %s for the admin only', async (path) => {
    setToken(fakeToken('organization_admin'));
    stubApi(profileFor('organization_admin'));
    const { router } = renderApp(path);
    await waitFor(() => { expect(router.state.location.pathname).toBe('/users/company'); });
  });

  it('lets the admin open Manage Clients', async () => {
    setToken(fakeToken('admin'));
    stubApi(profileFor('admin'));
    const { router } = renderApp('/clients');
    expect(await screen.findByRole('heading', { name: 'Manage Clients' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/clients');
  });

  it('sends a signed-in user on an unknown path to the dashboard', async () => {
    setToken(fakeToken('company_member'));
    stubApi(profileFor('company_member'));
    const { router } = renderApp('/no/such/page');
    await waitFor(() => { expect(router.state.location.pathname).toBe('/dashboard'); });
  });

  it('shows the welcome page once while the flag is set', async () => {
    setToken(fakeToken('company_member'));
    localStorage.setItem('show_welcome', 'true');
    stubApi(profileFor('company_member'));
    const { router } = renderApp('/dashboard');
    await waitFor(() => { expect(router.state.location.pathname).toBe('/welcome'); });
    (await screen.findByRole('button', { name: 'Continue' })).click();
    await waitFor(() => { expect(router.state.location.pathname).toBe('/dashboard'); });
    expect(localStorage.getItem('show_welcome')).toBeNull();
  });
});
