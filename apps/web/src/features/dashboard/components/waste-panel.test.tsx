import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/auth-token';
import { rangeOf } from '../../../lib/date-range';
import { stubApi } from '../../../test/fake-api';
import { fakeToken, jsonResponse, profileFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const ZERO = { expired: 0, damaged: 0, recalled: 0, other: 0, waste: 0, returned: 0, credits: 0 };

describe('the dashboard\'s Waste card', () => {
  it('shows waste at cost and credits over the selected range, and its days as a table', async () => {
    setToken(fakeToken('company_member'));
    const month = rangeOf('this_month', { from: '', to: '' });
    const fetchMock = stubApi(profileFor('company_member'), {
      '/api/reports/waste': (url) =>
        jsonResponse({
          start_date: url.searchParams.get('start_date'),
          end_date: url.searchParams.get('end_date'),
          totals: { expired: 7, damaged: 15, recalled: 20, other: 2.33, waste: 22, returned: 40, credits: 35.5 },
          results: [
            { date: '2026-11-03', ...ZERO, expired: 7, damaged: 15, waste: 22 },
            { date: '2026-11-04', ...ZERO, recalled: 20, other: 2.33, returned: 40, credits: 35.5 },
          ],
        }),
    });
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
    renderApp('/dashboard');

    const card = await screen.findByRole('region', { name: 'Waste and credits' });
    await waitFor(() => { expect(card).toHaveTextContent('Waste $22.00 (expired and damaged, at cost) · Credits $35.50 from returns'); });
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(`/api/reports/waste?start_date=${month.start!}&end_date=${month.end!}`);

    await userEvent.click(within(card).getByRole('button', { name: 'Table' }));
    const table = within(card).getByRole('table', { name: 'Waste and credits' });
    const rows = within(table).getAllByRole('row').map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent));
    expect(rows.filter((cells) => cells.length > 0)).toEqual([
      ['11-03-2026', '$7.00', '$15.00', '$22.00', '$0.00', '$0.00', '$0.00', '$0.00'],
      ['11-04-2026', '$0.00', '$0.00', '$0.00', '$20.00', '$2.33', '$40.00', '$35.50'],
    ]);
    expect(within(card).getByRole('button', { name: 'Export CSV of Waste and credits' })).toBeEnabled();
  });

  it('says so when nothing was written off or returned', async () => {
    setToken(fakeToken('company_member'));
    stubApi(profileFor('company_member'));
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Waste and credits' });
    expect(await within(card).findByText('Nothing written off or returned in this range')).toBeInTheDocument();
  });
});
