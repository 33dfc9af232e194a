import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REPORT_MESSAGES, type Role } from '@clinic/domain';
import { setToken } from '../../../lib/auth-token';
import { rangeOf } from '../../../lib/date-range';
import { EMPTY_REPORTS, fakeToken, IDS, jsonResponse, profileFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const YEAR = rangeOf('this_year', { from: '', to: '' });
const CARDS = { spend: 1234.5, usage_cost: 80.25, treatments_performed: 3, patients_seen: 2, stock_value: 9000, items_below_minimum: 1, marketplace_saved: 52.58 };
const LAKESIDE = '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a';

/** Reports that answer more for this year than for any shorter range, so a range switch shows. */
function signInAs(role: Role) {
  setToken(fakeToken(role));
  const fetchMock = vi.fn<typeof fetch>((input) => {
    const url = new URL(String(input), 'http://localhost');
    const q = Object.fromEntries(url.searchParams);
    const wholeYear = q.start_date === YEAR.start && q.end_date === YEAR.end;
    const range = { start_date: q.start_date, end_date: q.end_date };
    switch (url.pathname) {
      case '/api/auth/profile':
        return Promise.resolve(jsonResponse(profileFor(role)));
      case '/api/reports/dashboard-cards-data': {
        const cards = { ...CARDS, spend: wholeYear ? 5000 : CARDS.spend };
        const lakeside = { ...cards, spend: 100, stock_value: 50 };
        const locations = [
          { id: IDS.company, name: 'Downtown', city: 'Austin', state: 'TX', cards },
          ...(q.scope === 'organization' ? [{ id: LAKESIDE, name: 'Lakeside', city: 'Round Rock', state: 'TX', cards: lakeside }] : []),
        ];
        return Promise.resolve(jsonResponse({ ...range, totals: q.scope === 'organization' ? { ...cards, spend: cards.spend + 100 } : cards, locations }));
      }
      case '/api/reports/expense-by-treatment':
        return Promise.resolve(jsonResponse({ ...range, results: [{ treatment: null, performed: 0, cost: 12.4 }] }));
      default:
        if (url.pathname in EMPTY_REPORTS) return Promise.resolve(jsonResponse(EMPTY_REPORTS[url.pathname]));
        return Promise.resolve(jsonResponse({ results: [], currentPage: 1, lastPage: 1, total: 0 }));
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  // The charts size themselves with a ResizeObserver, which jsdom lacks.
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  return fetchMock;
}

const reportCalls = (fetchMock: ReturnType<typeof signInAs>, name: string) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith(`/api/reports/${name}`));

describe('home dashboard', () => {
  it('shows a member this month’s figures, then the year’s when the range changes', async () => {
    const fetchMock = signInAs('company_member');
    renderApp('/dashboard');

    expect(await screen.findByLabelText('Spend')).toHaveTextContent('$1,234.50');
    expect(screen.getByText('$52.58 saved on marketplace orders against the highest quoted price')).toBeInTheDocument();
    expect(screen.getByLabelText('Usage cost')).toHaveTextContent('$80.25');
    expect(screen.getByLabelText('Treatments performed')).toHaveTextContent('3');
    expect(screen.getByLabelText('Stock value on hand')).toHaveTextContent('$9,000.00');
    const month = rangeOf('this_month', { from: '', to: '' });
    expect(reportCalls(fetchMock, 'dashboard-cards-data')[0]).toBe(`/api/reports/dashboard-cards-data?start_date=${month.start!}&end_date=${month.end!}`);

    await userEvent.click(screen.getByRole('combobox', { name: 'Date range' }));
    await userEvent.click(await screen.findByRole('option', { name: 'This year' }));
    await waitFor(() => { expect(screen.getByLabelText('Spend')).toHaveTextContent('$5,000.00'); });
    // The charts are a lazy chunk (visx), so their requests may come after the cards answer.
    await waitFor(() => {
      expect(reportCalls(fetchMock, 'most-used-products').at(-1)).toBe(`/api/reports/most-used-products?start_date=${YEAR.start!}&end_date=${YEAR.end!}&limit=5`);
    });
  });

  it('refuses a custom range that starts after it ends, and asks the server nothing for it', async () => {
    const fetchMock = signInAs('company_member');
    renderApp('/dashboard');
    await screen.findByLabelText('Spend');

    await userEvent.click(screen.getByRole('combobox', { name: 'Date range' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-06-30' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-06-01' } });

    expect(await screen.findByText(REPORT_MESSAGES.startAfterEnd)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('start_date=2026-06-30&end_date=2026-06-01'))).toBe(false);
    expect(screen.queryByLabelText('Spend')).not.toBeInTheDocument();
  });

  it('shows a chart’s rows as a table named after it, and exports them as CSV', async () => {
    signInAs('company_member');
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:report';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/dashboard');

    const panel = await screen.findByRole('region', { name: 'Expense by treatment' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Table' }));
    const table = within(panel).getByRole('table', { name: 'Expense by treatment' });
    expect(within(table).getByRole('row', { name: /Added at the chair/ })).toHaveTextContent('$12.40');

    await userEvent.click(within(panel).getByRole('button', { name: 'Export CSV of Expense by treatment' }));
    expect(saved).toHaveLength(1);
    expect(await saved[0]!.text()).toContain('Treatment,Performed,Cost\r\nAdded at the chair,0,12.40');
    // Expense by day had no cost on any day: nothing to chart or export.
    const byDay = screen.getByRole('region', { name: 'Expense by day' });
    expect(within(byDay).getByText('Nothing in this range')).toBeInTheDocument();
    expect(within(byDay).getByRole('button', { name: 'Export CSV of Expense by day' })).toBeDisabled();
  });

  it('keeps reports from an assistant, who has no reports permission', async () => {
    const fetchMock = signInAs('assistant');
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Date range' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/reports/'))).toBe(false);
  });

  it('shows the product admin the platform’s figures and no range', async () => {
    signInAs('admin');
    renderApp('/dashboard');
    expect(await screen.findByLabelText('Organizations')).toHaveTextContent('0');
    expect(screen.getByLabelText('Pending products')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Date range' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Manage Clients' })).toBeInTheDocument();
  });
});

describe('company dashboard', () => {
  it('puts every location side by side for the organization admin, with the organization’s total', async () => {
    const fetchMock = signInAs('organization_admin');
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('link', { name: 'Company dashboard' }));

    const table = await screen.findByRole('table', { name: 'Figures by location' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Figure', 'DowntownAustin, TX', 'LakesideRound Rock, TX', 'Organization total']);
    expect(within(table).getByRole('row', { name: /^Spend/ })).toHaveTextContent('$1,234.50$100.00$1,334.50');
    await waitFor(() => { expect(reportCalls(fetchMock, 'expense-by-day').at(-1)).toContain('scope=organization'); });
    expect(reportCalls(fetchMock, 'stocks-about-to-expire').at(-1)).toBe('/api/reports/stocks-about-to-expire?scope=organization');
  });

  it.each(['company_admin', 'company_member'] as const)('sends a %s home', async (role) => {
    signInAs(role);
    const { router } = renderApp('/company-dashboard');
    await waitFor(() => { expect(router.state.location.pathname).toBe('/dashboard'); });
  });
});
