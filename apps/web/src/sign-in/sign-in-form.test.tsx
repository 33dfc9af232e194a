import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@clinic/domain';
import { getToken, setToken } from '../lib/auth-token';
import { hardRedirect } from '../lib/browser';
import { endSession } from '../lib/session';
import { fakeToken, jsonResponse } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { renderSignInPage } from './prerender';
import { startSignIn } from './sign-in-form';

vi.mock('../lib/browser', () => ({ hardRedirect: vi.fn() }));

/** The page as the server sends it for /, with its script started. */
function openSignInPage() {
  document.body.innerHTML = renderSignInPage().markup;
  startSignIn(document);
}

function stubLogin(answer: () => Response) {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(answer()));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  vi.mocked(hardRedirect).mockReset();
  document.body.innerHTML = '';
  sessionStorage.clear();
});

describe('the prerendered sign-in page', () => {
  it('signs in: posts the trimmed, lower-cased e-mail, stores the session and opens the home page', async () => {
    const token = fakeToken('company_member');
    const fetchMock = stubLogin(() => jsonResponse({ access_token: token }));
    openSignInPage();
    expect(screen.getByLabelText(/Email/)).toHaveFocus();

    await userEvent.type(screen.getByLabelText(/Email/), '  Hygienist@BrightSmile.demo ');
    await userEvent.type(document.querySelector<HTMLInputElement>('input[name="password"]')!, 'clinic-demo-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => { expect(hardRedirect).toHaveBeenCalledWith('/dashboard'); });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/auth\/login$/);
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'hygienist@brightsmile.demo', password: 'clinic-demo-2026' });
    expect(getToken()).toBe(token);
    expect(localStorage.getItem('show_welcome')).toBe('true');
  });

  it('says which fields are missing, focuses the first, and clears each message as it is typed', async () => {
    const fetchMock = stubLogin(() => jsonResponse({}));
    openSignInPage();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText(/Email/);
    const password = document.querySelector<HTMLInputElement>('input[name="password"]')!;
    expect(email).toHaveAccessibleDescription(AUTH_MESSAGES.emailRequired);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(AUTH_MESSAGES.passwordRequired);
    expect(email).toHaveFocus();

    await userEvent.type(email, 'a@b.co');
    expect(email).not.toHaveAccessibleDescription(AUTH_MESSAGES.emailRequired);
    expect(email).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message and lets the user try again", async () => {
    stubLogin(() => jsonResponse({ statusCode: 401, code: 'UNAUTHORIZED', message: AUTH_MESSAGES.invalidCredentials }, 401));
    openSignInPage();
    await userEvent.type(screen.getByLabelText(/Email/), 'hygienist@brightsmile.demo');
    await userEvent.type(document.querySelector<HTMLInputElement>('input[name="password"]')!, 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.invalidCredentials);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(hardRedirect).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => { expect(screen.getAllByRole('alert')).toHaveLength(1); });
  });

  it('shows or hides the password', async () => {
    openSignInPage();
    const password = document.querySelector<HTMLInputElement>('input[name="password"]')!;
    await userEvent.click(screen.getByRole('button', { name: 'Show characters' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide characters' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Hide characters' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('says why after an idle sign-out', () => {
    setToken(fakeToken('company_member'));
    endSession('idle');
    openSignInPage();
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.signedOutIdle);
  });

  it('sends a stored session on to the home page', () => {
    setToken(fakeToken('company_member'));
    openSignInPage();
    expect(hardRedirect).toHaveBeenCalledWith('/dashboard');
  });

  it('offers what the React sign-in page offers: the same heading, fields, buttons and links', async () => {
    openSignInPage();
    const prerendered = namesByRole(document.body);
    document.body.innerHTML = '';
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({}))));
    const { container } = renderApp('/');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(prerendered).toEqual({ heading: ['Sign in'], textbox: ['Email *'], button: ['Show characters', 'Sign in'], link: ['Forgot password?', 'Register'] });
    expect(namesByRole(container)).toEqual(prerendered);
  });
});

function namesByRole(root: HTMLElement) {
  const scope = within(root);
  // A field is named by its label, a button or link by its aria-label or text.
  const name = (element: HTMLElement) =>
    element instanceof HTMLInputElement ? element.labels?.[0]?.textContent?.replace(/\s+/g, ' ') : (element.getAttribute('aria-label') ?? element.textContent?.trim());
  const names = (role: Parameters<typeof scope.queryAllByRole>[0]) => scope.queryAllByRole(role).map(name);
  return { heading: names('heading'), textbox: names('textbox'), button: names('button'), link: names('link') };
}
