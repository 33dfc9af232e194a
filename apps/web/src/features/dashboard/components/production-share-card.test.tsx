import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SUPPLY_SHARE_MESSAGES, type ProductionShare, type ProductionShareFigures, type Role } from '@clinic/domain';
import { AppProviders } from '../../../app/providers';
import { jsonResponse, profileFor } from '../../../test/fixtures';
import { ProductionShareCard } from './production-share-card';

const figures = (spend: number, production: number, months = 1): ProductionShareFigures => ({
  supply_spend: spend,
  production,
  share: production > 0 ? Math.round((spend / production) * 10_000) / 10_000 : null,
  enough_production: production >= 10_000 * months,
  sources: { procedures: production, csv: 0, typed: 0 },
});
const DOWNTOWN = '9c8b7a6d-5e4f-4321-8fed-cba987654321';
const LAKESIDE = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** On December 6: November, and September to November. */
function reportOf(last: ProductionShareFigures, trailing: ProductionShareFigures, locations: ProductionShare['last_month']['locations'] = []): ProductionShare {
  return {
    band: { low: 0.06, high: 0.1 },
    min_monthly_production: 10_000,
    last_month: { start_date: '2026-11-01', end_date: '2026-11-30', first_month: '2026-11', last_month: '2026-11', totals: last, locations },
    trailing_months: { start_date: '2026-09-01', end_date: '2026-11-30', first_month: '2026-09', last_month: '2026-11', totals: trailing, locations: [] },
  };
}
const organization = reportOf(figures(2250, 24000), figures(6000, 70000, 3), [
  { id: DOWNTOWN, name: 'Downtown', city: 'Austin', state: 'TX', figures: figures(2250, 18000) },
  { id: LAKESIDE, name: 'Lakeside', city: 'Austin', state: 'TX', figures: figures(0, 0) },
  { id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', name: 'Northside', city: 'Austin', state: 'TX', figures: figures(970.76, 393) },
]);

function renderCard(role: Role, scope: 'location' | 'organization', answer: ProductionShare) {
  const fetchMock = vi.fn<typeof fetch>((input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (url.pathname === '/api/auth/profile') return Promise.resolve(jsonResponse(profileFor(role)));
    return Promise.resolve(jsonResponse(answer));
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ProductionShareCard scope={scope} />
      </MemoryRouter>
    </AppProviders>,
  );
  return fetchMock;
}

const shareCalls = (fetchMock: ReturnType<typeof renderCard>) =>
  fetchMock.mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input), 'http://localhost')).filter((url) => url.pathname === '/api/reports/production-share');

describe('supply spend as a share of production', () => {
  it('shows the last full month by name against the usual band, the trailing months, and each location for the organization', async () => {
    const fetchMock = renderCard('organization_admin', 'organization', organization);
    expect(await screen.findByLabelText('Supply share of production')).toHaveTextContent('9.4%');
    expect(screen.getByText('November 2026')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '9.4% of production; the usual band is 6.0% to 10.0%' })).toBeInTheDocument();
    expect(screen.getByText(/\$2,250\.00 of supplies against \$24,000\.00 of production from completed procedures/)).toBeInTheDocument();
    expect(screen.getByText('September–November 2026: 8.6% ($6,000.00 of $70,000.00)')).toBeInTheDocument();
    const rows = screen.getByRole('list', { name: 'Each location, November 2026' });
    expect(rows).toHaveTextContent('Downtown: 12.5% ($2,250.00 of $18,000.00)');
    expect(rows).toHaveTextContent('Lakeside: no production recorded');
    expect(rows).toHaveTextContent('Northside: too little production to judge ($393.00 recorded)');
    // Whole months whatever the page's range: the card asks for none.
    expect(shareCalls(fetchMock).every((url) => !url.searchParams.has('start_date') && !url.searchParams.has('end_date'))).toBe(true);
    expect(shareCalls(fetchMock)[0]!.searchParams.get('scope')).toBe('organization');
  });

  it('says there is too little production to judge instead of an alarming percentage (Downtown on December 6: $970.76 against $393.00)', async () => {
    renderCard('company_admin', 'location', reportOf(figures(970.76, 393), figures(2970.76, 20393, 3)));
    const card = await screen.findByLabelText('Supply share of production');
    expect(card).toHaveTextContent(SUPPLY_SHARE_MESSAGES.tooLittleProduction);
    expect(card).toHaveTextContent('at least $10,000 of production a month');
    expect(card).toHaveTextContent('$970.76 of supplies against $393.00 of production');
    expect(screen.queryByText(/247/)).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('September–November 2026: too little production in some months to judge ($20,393.00 recorded)')).toBeInTheDocument();
  });

  it('says how to give production when there is none; an admin is offered where to enter it, a member is not', async () => {
    renderCard('company_admin', 'location', reportOf(figures(500, 0), figures(500, 0, 3)));
    expect(await screen.findByText(SUPPLY_SHARE_MESSAGES.noProduction)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Production' })).toHaveAttribute('href', '/pms');
  });

  it('a member sees the share without the way to enter production', async () => {
    renderCard('company_member', 'location', reportOf(figures(2250, 24000), figures(6000, 70000, 3)));
    expect(await screen.findByLabelText('Supply share of production')).toHaveTextContent('9.4%');
    expect(screen.queryByRole('link', { name: 'Production' })).not.toBeInTheDocument();
  });
});
