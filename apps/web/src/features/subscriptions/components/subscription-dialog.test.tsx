import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SUBSCRIPTION_MESSAGES, type Role, type SubscriptionOverview } from '@clinic/domain';
import { getToken, setToken } from '../../../lib/auth-token';
import { hardRedirect } from '../../../lib/browser';
import { stubApi, type FakeRoute } from '../../../test/fake-api';
import { EXEMPT_OVERVIEW, fakeToken, jsonResponse, profileFor, subscriptionEntry, subscriptionOverview } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// jsdom cannot leave the page: the redirect to the checkout or portal is observed instead.
vi.mock('../../../lib/browser', () => ({ hardRedirect: vi.fn() }));

beforeEach(() => {
  vi.mocked(hardRedirect).mockReset();
});

const DIALOG = { name: 'Subscription required' };
const OVERVIEW_PATH = '/api/payments/refresh-subscriptions';

/** Signs in as `role`; the overview is read through `overview` on every call, so a test can change it. */
function signIn(role: Role, overview: () => SubscriptionOverview, routes: Record<string, FakeRoute> = {}) {
  setToken(fakeToken(role));
  return stubApi(profileFor(role), { [OVERVIEW_PATH]: () => jsonResponse(overview()), ...routes });
}

const calls = (fetchMock: ReturnType<typeof signIn>, path: string) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith(path));

describe('subscription dialog', () => {
  it('asks a member of an organization without a subscription to turn to its admins, offering only Logout', async () => {
    signIn('company_member', () => subscriptionOverview('inactive'));
    renderApp('/users/profile');

    const dialog = await screen.findByRole('dialog', DIALOG);
    expect(dialog).toHaveTextContent(SUBSCRIPTION_MESSAGES.required);
    expect(dialog).toHaveTextContent(SUBSCRIPTION_MESSAGES.askOwner);
    expect(within(dialog).queryByRole('list', { name: 'Plans' })).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['Logout']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('dialog', { name: 'Warning' })).toHaveTextContent('Are you sure you want to logout ?');
  });

  it('offers an organization admin that never subscribed the plans, the set-up fee and the free trial', async () => {
    const fetchMock = signIn('organization_admin', () => subscriptionOverview('never'), {
      '/api/payments/create-checkout-session': () => jsonResponse({ url: 'https://checkout.stripe.test/c/pay_1' }),
    });
    renderApp('/users/profile');

    const dialog = await screen.findByRole('dialog', DIALOG);
    const cards = within(within(dialog).getByRole('list', { name: 'Plans' })).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Six months, single location',
      'Twelve months, single location',
      'Twelve months, multiple location',
    ]);
    const six = within(dialog).getByRole('article', { name: 'Six months, single location' });
    expect(six).toHaveTextContent('$189.99/month');
    expect(six).toHaveTextContent('Billed semi-annually');
    expect(six).toHaveTextContent('Total $1,139.94 every 6 months');
    expect(within(dialog).getByRole('article', { name: 'Twelve months, single location' })).toHaveTextContent('10% discount');
    const multiple = within(dialog).getByRole('article', { name: 'Twelve months, multiple location' });
    expect(multiple).toHaveTextContent('$150.99/month per location');
    expect(multiple).toHaveTextContent('× 2 locations');
    expect(multiple).toHaveTextContent('Concierge benefits');
    expect(multiple).toHaveTextContent('Total $3,623.76 every 12 months');
    expect(dialog).toHaveTextContent('One-time set-up fee: $500.00 per location × 2 = $1,000.00');
    expect(dialog).toHaveTextContent('Free for 14 days');
    expect(within(dialog).queryByRole('button', { name: 'Manage Subscriptions' })).not.toBeInTheDocument();

    await userEvent.click(within(six).getByRole('button', { name: /^Start 14-day free trial/ }));

    await waitFor(() => { expect(hardRedirect).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay_1'); });
    expect(calls(fetchMock, '/api/payments/create-checkout-session')).toEqual([
      '/api/payments/create-checkout-session?isFree=true&product_id=six_months_single',
    ]);
    // The browser is leaving: the other choices wait.
    expect(within(multiple).getByRole('button', { name: /^Subscribe/ })).toBeDisabled();
  });

  it('offers no trial once the organization subscribed before, and shows why a checkout was refused', async () => {
    const fetchMock = signIn('company_admin', () => subscriptionOverview('inactive'), {
      '/api/payments/create-checkout-session': () =>
        jsonResponse({ statusCode: 409, code: 'CONFLICT', message: SUBSCRIPTION_MESSAGES.trialUsed }, 409),
    });
    renderApp('/users/profile');

    const dialog = await screen.findByRole('dialog', DIALOG);
    expect(dialog).toHaveTextContent('Current plan: Twelve months, single location');
    expect(within(dialog).queryByRole('button', { name: /free trial/ })).not.toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('One-time set-up fee');

    const twelve = within(dialog).getByRole('article', { name: 'Twelve months, single location' });
    await userEvent.click(within(twelve).getByRole('button', { name: /^Subscribe/ }));

    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.trialUsed)).toBeInTheDocument();
    expect(calls(fetchMock, '/api/payments/create-checkout-session')).toEqual(['/api/payments/create-checkout-session?product_id=twelve_months_single']);
    expect(hardRedirect).not.toHaveBeenCalled();
    expect(within(twelve).getByRole('button', { name: /^Subscribe/ })).toBeEnabled();
  });

  it('cannot be closed with Escape or the backdrop, and has no close button', async () => {
    signIn('organization_admin', () => subscriptionOverview('inactive'));
    renderApp('/users/profile');

    const dialog = await screen.findByRole('dialog', DIALOG);
    await userEvent.keyboard('{Escape}');
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    await userEvent.click(backdrop as Element);

    expect(screen.getByRole('dialog', DIALOG)).toBe(dialog);
    expect(within(dialog).queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
  });

  it('sends an organization in trouble with a payment to Manage Subscriptions, and says local payments are tests', async () => {
    const fetchMock = signIn(
      'organization_admin',
      () =>
        subscriptionOverview('inactive', {
          effective: subscriptionEntry({ status: 'past_due' }),
          needs_management: true,
          provider: 'local',
        }),
      { '/api/payments/manage': () => jsonResponse({ url: '/users/company#subscription' }) },
    );
    renderApp('/users/profile');

    const dialog = await screen.findByRole('dialog', DIALOG);
    expect(within(dialog).getByText('Past due')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Payments here are test payments: no card is charged.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Manage Subscriptions' }));

    await waitFor(() => { expect(hardRedirect).toHaveBeenCalledWith('/users/company#subscription'); });
    expect(calls(fetchMock, '/api/payments/manage')).toHaveLength(1);
  });

  it.each([
    ['the product admin', 'admin' as Role, EXEMPT_OVERVIEW],
    ['an organization with an active subscription', 'company_member' as Role, subscriptionOverview('active')],
  ])('is not shown to %s', async (_who, role, overview) => {
    const fetchMock = signIn(role, () => overview);
    renderApp('/users/profile');

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    await waitFor(() => { expect(calls(fetchMock, OVERVIEW_PATH)).toHaveLength(1); });
    // Let the answer render before looking for the dialog.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog', DIALOG)).not.toBeInTheDocument();
  });

  it('appears when a call answers 402 SUBSCRIPTION_REQUIRED, reading the overview again once', async () => {
    let overview = subscriptionOverview('active');
    const fetchMock = signIn('organization_admin', () => overview, {
      '/api/supplier': () => {
        overview = subscriptionOverview('inactive');
        return jsonResponse({ statusCode: 402, code: 'SUBSCRIPTION_REQUIRED', message: SUBSCRIPTION_MESSAGES.required }, 402);
      },
    });
    const { router } = renderApp('/users/profile');
    await screen.findByRole('heading', { name: 'Profile' });
    await waitFor(() => { expect(calls(fetchMock, OVERVIEW_PATH)).toHaveLength(1); });

    await act(() => router.navigate('/suppliers'));

    expect(await screen.findByRole('dialog', DIALOG)).toBeInTheDocument();
    expect(calls(fetchMock, OVERVIEW_PATH)).toHaveLength(2);
    // The page behind shows its error and does not ask again.
    expect(calls(fetchMock, '/api/supplier')).toHaveLength(1);
  });

  it('closes after a successful payment, as the overview is read again', async () => {
    let overview = subscriptionOverview('never');
    signIn('organization_admin', () => overview);
    const { router } = renderApp('/users/profile');
    await screen.findByRole('dialog', DIALOG);

    overview = subscriptionOverview('active');
    await act(() => router.navigate('/users/profile?success=true'));

    await waitFor(() => { expect(screen.queryByRole('dialog', DIALOG)).not.toBeInTheDocument(); });
    expect(await screen.findByText('Payment succesfull')).toBeInTheDocument();
  });

  it('in a native app shell ends the session and goes to the sign-in page instead', async () => {
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true });
    signIn('organization_admin', () => subscriptionOverview('inactive'));
    const { router } = renderApp('/users/profile');

    await waitFor(() => { expect(router.state.location.pathname).toBe('/'); });
    expect(getToken()).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', DIALOG)).not.toBeInTheDocument();
  });

  it('on a phone ends the session and says why on the sign-in page', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, onchange: null, dispatchEvent: () => false }));
    signIn('company_member', () => subscriptionOverview('inactive'));
    const { router } = renderApp('/users/profile');

    await waitFor(() => { expect(router.state.location.pathname).toBe('/'); });
    expect(getToken()).toBeNull();
    expect(await screen.findByText(`${SUBSCRIPTION_MESSAGES.required} ${SUBSCRIPTION_MESSAGES.askOwner}`)).toBeInTheDocument();
  });
});
