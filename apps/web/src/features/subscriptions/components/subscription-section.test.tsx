import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SUBSCRIPTION_MESSAGES, type Organization, type Role, type SubscriptionOverview } from '@clinic/domain';
import { setToken } from '../../../lib/auth-token';
import { hardRedirect } from '../../../lib/browser';
import { stubApi, type FakeRoute } from '../../../test/fake-api';
import { fakeToken, IDS, jsonResponse, profileFor, subscriptionEntry, subscriptionOverview } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../lib/browser', () => ({ hardRedirect: vi.fn() }));

beforeEach(() => {
  vi.mocked(hardRedirect).mockReset();
});

const INVOICE = {
  id: '8e7d6c5b-4a3f-4e2d-9c1b-0a9f8e7d6c5b',
  number: 'INV-0001',
  amount_cents: 305_188,
  status: 'paid' as const,
  description: 'Twelve months, single location and set-up fee',
  created_at: '2026-12-01T12:00:00.000Z',
  url: 'https://invoice.stripe.test/i/1',
};

function signIn(role: Role, overview: SubscriptionOverview, routes: Record<string, FakeRoute> = {}) {
  setToken(fakeToken(role));
  return stubApi(profileFor(role), {
    '/api/payments/refresh-subscriptions': () => jsonResponse(subscriptionOverview('active')),
    '/api/payments/my-subscriptions': () => jsonResponse(overview),
    ...routes,
  });
}

const calls = (fetchMock: ReturnType<typeof signIn>, path: string) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith(path));

describe('subscription section on /users/company', () => {
  it('shows an organization admin the plan, renewal, next charge and invoices, and cancels after confirming', async () => {
    const fetchMock = signIn('organization_admin', subscriptionOverview('active', { invoices: [INVOICE] }), {
      '/api/payments/cancel-subscription': () => jsonResponse(subscriptionOverview('active')),
    });
    renderApp('/users/company');

    const section = await screen.findByRole('region', { name: 'Subscription' });
    expect(section).toHaveAttribute('id', 'subscription');
    await within(section).findByText('Twelve months, single location');
    expect(within(section).getByText('Active')).toBeInTheDocument();
    expect(section).toHaveTextContent('Renews on12-01-2027');
    expect(section).toHaveTextContent('Next charge$2,051.88 on 12-01-2027');
    expect(section).toHaveTextContent('Set-up feePaid');
    expect(within(section).queryByRole('button', { name: 'Choose plan' })).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Manage Subscriptions' })).toBeInTheDocument();

    const invoices = within(section).getByRole('table', { name: 'Invoices' });
    const row = within(invoices).getByRole('row', { name: /INV-0001/ });
    expect(row).toHaveTextContent('12-01-2026');
    expect(row).toHaveTextContent('$3,051.88');
    expect(row).toHaveTextContent('Paid');
    expect(within(row).getByRole('link', { name: /^View invoice INV-0001/ })).toHaveAttribute('href', INVOICE.url);

    await userEvent.click(within(section).getByRole('button', { name: 'Cancel subscription' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel subscription' });
    expect(confirm).toHaveTextContent('It stays active until 12-01-2027');
    expect(calls(fetchMock, '/api/payments/cancel-subscription')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel subscription' }));

    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.canceled)).toBeInTheDocument();
    expect(calls(fetchMock, '/api/payments/cancel-subscription')).toEqual(['/api/payments/cancel-subscription?subscription_id=sub_local_123']);
    expect(calls(fetchMock, '/api/payments/my-subscriptions')[0]).toBe('/api/payments/my-subscriptions');
  });

  it('says when a subscription cancelled at period end ends, and offers no second cancel', async () => {
    signIn('company_admin', subscriptionOverview('active', { effective: subscriptionEntry({ cancel_at_period_end: true }) }));
    renderApp('/users/company');

    const section = await screen.findByRole('region', { name: 'Subscription' });
    await waitFor(() => { expect(section).toHaveTextContent('Next chargeEnds on 12-01-2027'); });
    expect(within(section).queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
  });

  it('shows the set-up fee still due and offers Choose plan for an organization that never subscribed', async () => {
    // The section sits behind the subscription dialog then; it is the same overview.
    signIn('organization_admin', subscriptionOverview('never'), {
      '/api/payments/refresh-subscriptions': () => jsonResponse(subscriptionOverview('active')),
    });
    renderApp('/users/company');

    const section = await screen.findByRole('region', { name: 'Subscription' });
    await within(section).findByText('No subscription');
    expect(section).toHaveTextContent('Set-up fee$1,000.00 due with the first paid plan ($500.00 per location × 2)');
    expect(within(section).queryByRole('button', { name: 'Manage Subscriptions' })).not.toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Choose plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose a plan' });
    expect(within(dialog).getAllByRole('article')).toHaveLength(3);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => { expect(screen.queryByRole('dialog', { name: 'Choose a plan' })).not.toBeInTheDocument(); });
  });

  it('is not shown to a member', async () => {
    signIn('company_member', subscriptionOverview('active'));
    renderApp('/users/company');
    expect(await screen.findByRole('heading', { name: 'Manage Users' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Subscription' })).not.toBeInTheDocument();
  });
});

const CLIENT: Organization = {
  id: IDS.organization,
  name: 'Smile Dental',
  numberOfLocations: 2,
  customPrice: null,
  approvalStatus: 'approved',
  billingContact: { email: 'billing@smile-dental.test' },
  locations: [{ id: IDS.company, name: 'Downtown', city: 'Austin', state: 'TX' }],
  created_at: '2026-01-05T10:00:00.000Z',
};

describe('a client’s subscription, for the product admin', () => {
  it.each([
    ['gives a free subscription after confirming', 200, SUBSCRIPTION_MESSAGES.freeGiven],
    ['says when giving a free subscription failed', 500, SUBSCRIPTION_MESSAGES.freeGiveError],
  ])('shows the state on the client page and %s', async (_what, status, message) => {
    let overview = subscriptionOverview('inactive');
    const fetchMock = signIn('admin', overview, {
      [`/api/organization/${IDS.organization}`]: () => jsonResponse(CLIENT),
      '/api/payments/my-subscriptions': () => jsonResponse(overview),
      '/api/payments/provide-free-subscription': () => {
        if (status !== 200) return jsonResponse({ statusCode: status, code: 'ERROR', message: 'Internal error' }, status);
        overview = subscriptionOverview('active', { effective: subscriptionEntry({ provider: 'complimentary' }) });
        return jsonResponse(overview);
      },
    });
    renderApp(`/clients/${IDS.organization}`);

    const section = await screen.findByRole('region', { name: 'Subscription' });
    await waitFor(() => { expect(section).toHaveTextContent('Expired on10-01-2026'); });
    expect(within(section).getByText('Canceled')).toBeInTheDocument();
    // The admin watches; the organization's own admins buy and cancel.
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
    expect(calls(fetchMock, '/api/payments/my-subscriptions')[0]).toBe(`/api/payments/my-subscriptions?organization_id=${IDS.organization}`);

    await userEvent.click(screen.getByRole('button', { name: 'Give free subscription' }));
    const confirm = screen.getByRole('dialog', { name: 'Give free subscription' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Give free subscription' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([input]) => String(input));
    expect(posts).toEqual([`/api/payments/provide-free-subscription?organization_id=${IDS.organization}`]);
    if (status === 200) {
      await waitFor(() => { expect(section).toHaveTextContent('Next chargeNone (free subscription)'); });
    }
  });
});
