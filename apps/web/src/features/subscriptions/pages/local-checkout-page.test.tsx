import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { planOffer, SUBSCRIPTION_MESSAGES, type LocalCheckout } from '@clinic/domain';
import { setToken } from '../../../lib/auth-token';
import { hardRedirect } from '../../../lib/browser';
import { stubApi, type FakeRoute } from '../../../test/fake-api';
import { fakeToken, jsonResponse, profileFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../lib/browser', () => ({ hardRedirect: vi.fn() }));

beforeEach(() => {
  vi.mocked(hardRedirect).mockReset();
});

const CHECKOUT_ID = '6c5b4a3d-2e1f-4b0a-9d8c-7e6f5a4b3c2d';
const PATH = `/api/payments/local-checkout/${CHECKOUT_ID}`;

function checkout(overrides: Partial<LocalCheckout> = {}): LocalCheckout {
  return {
    id: CHECKOUT_ID,
    status: 'open',
    organization_name: 'Smile Dental',
    plan: planOffer({ numberOfLocations: 2, customPrice: null }, 'twelve_months_multiple'),
    is_trial: false,
    trial_days: 14,
    setup_fee_cents: 100_000,
    due_today_cents: 462_376,
    success_url: '/dashboard?success=true',
    cancel_url: '/dashboard?cancelled=true',
    ...overrides,
  };
}

function openCheckout(answer: LocalCheckout, routes: Record<string, FakeRoute> = {}) {
  setToken(fakeToken('organization_admin'));
  return stubApi(profileFor('organization_admin'), { [PATH]: () => jsonResponse(answer), ...routes });
}

const posts = (fetchMock: ReturnType<typeof openCheckout>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([input]) => String(input));

describe('local checkout page', () => {
  it('shows a test payment and, on Pay, records it and goes to the success address', async () => {
    const fetchMock = openCheckout(checkout(), {
      [`${PATH}/complete`]: () => jsonResponse({ url: '/dashboard?success=true' }),
    });
    renderApp(`/checkout/local/${CHECKOUT_ID}`);

    const pay = await screen.findByRole('button', { name: 'Pay' });
    expect(screen.getByRole('heading', { name: 'Checkout', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Test payment — no real card is charged')).toBeInTheDocument();
    const summary = screen.getByRole('main');
    expect(summary).toHaveTextContent('OrganizationSmile Dental');
    expect(summary).toHaveTextContent('PlanTwelve months, multiple location');
    expect(summary).toHaveTextContent('$150.99/month per location × 2 locations');
    expect(summary).toHaveTextContent('Every 12 months$3,623.76');
    expect(summary).toHaveTextContent('One-time set-up fee$1,000.00');
    expect(summary).toHaveTextContent('Due today$4,623.76');
    // Outside the app layout: no navigation, no subscription dialog.
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();

    await userEvent.click(pay);

    await waitFor(() => { expect(hardRedirect).toHaveBeenCalledWith('/dashboard?success=true'); });
    expect(posts(fetchMock)).toEqual([`${PATH}/complete`]);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('starts a free trial with nothing due today, or cancels back to the cancel address', async () => {
    const fetchMock = openCheckout(checkout({ is_trial: true, due_today_cents: 0, setup_fee_cents: 0 }), {
      [`${PATH}/cancel`]: () => jsonResponse({ url: '/dashboard?cancelled=true' }),
    });
    renderApp(`/checkout/local/${CHECKOUT_ID}`);

    expect(await screen.findByRole('button', { name: 'Start free trial' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Due today$0.00');
    expect(screen.getByText('Free for 14 days')).toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveTextContent('One-time set-up fee');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => { expect(hardRedirect).toHaveBeenCalledWith('/dashboard?cancelled=true'); });
    expect(posts(fetchMock)).toEqual([`${PATH}/cancel`]);
  });

  it('says a finished checkout is closed and links back to the dashboard', async () => {
    openCheckout(checkout({ status: 'completed' }));
    renderApp(`/checkout/local/${CHECKOUT_ID}`);

    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.checkoutClosed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('turns closed when Pay answers 409, without leaving the page', async () => {
    let current = checkout();
    openCheckout(current, {
      [PATH]: () => jsonResponse(current),
      [`${PATH}/complete`]: () => {
        current = checkout({ status: 'cancelled' });
        return jsonResponse({ statusCode: 409, code: 'CONFLICT', message: SUBSCRIPTION_MESSAGES.checkoutClosed }, 409);
      },
    });
    renderApp(`/checkout/local/${CHECKOUT_ID}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }));

    expect(await screen.findByRole('link', { name: 'Back to the dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(hardRedirect).not.toHaveBeenCalled();
  });
});
