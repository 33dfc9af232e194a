import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ProductionShare, Role } from '@clinic/domain';
import { AppProviders } from '../../../app/providers';
import { jsonResponse, profileFor } from '../../../test/fixtures';
import { ProductionShareCard } from './production-share-card';

const figures = (spend: number, production: number) => ({ supply_spend: spend, production, share: production > 0 ? Math.round((spend / production) * 10_000) / 10_000 : null, sources: { procedures: production, csv: 0, typed: 0 } });
const report: ProductionShare = {
  start_date: '2026-11-01',
  end_date: '2026-11-30',
  band: { low: 0.06, high: 0.1 },
  totals: figures(2250, 24000),
  locations: [
    { id: '9c8b7a6d-5e4f-4321-8fed-cba987654321', name: 'Downtown', city: 'Austin', state: 'TX', figures: figures(2250, 18000) },
    { id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', name: 'Lakeside', city: 'Austin', state: 'TX', figures: figures(0, 0) },
  ],
};

function renderCard(role: Role, scope: 'location' | 'organization', answer: ProductionShare) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      if (url.pathname === '/api/auth/profile') return Promise.resolve(jsonResponse(profileFor(role)));
      return Promise.resolve(jsonResponse(answer));
    }),
  );
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ProductionShareCard params={{ start_date: '2026-11-01', end_date: '2026-11-30', scope }} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('supply spend as a share of production', () => {
  it('shows the share against the usual band, and each location for the organization', async () => {
    renderCard('organization_admin', 'organization', report);
    expect(await screen.findByLabelText('Supply share of production')).toHaveTextContent('9.4%');
    expect(screen.getByRole('img', { name: '9.4% of production; the usual band is 6.0% to 10.0%' })).toBeInTheDocument();
    expect(screen.getByText(/\$2,250\.00 of supplies against \$24,000\.00 of production from completed procedures/)).toBeInTheDocument();
    expect(screen.getByText('Downtown: 12.5% ($2,250.00 of $18,000.00)')).toBeInTheDocument();
    expect(screen.getByText('Lakeside: no production recorded')).toBeInTheDocument();
  });

  it('says how to give production when there is none; an admin is offered where to enter it, a member is not', async () => {
    const none = { ...report, totals: figures(500, 0), locations: [] };
    renderCard('company_admin', 'location', none);
    expect(await screen.findByText(/No production recorded for these days/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Production' })).toHaveAttribute('href', '/pms');
  });

  it('a member sees the share without the way to enter production', async () => {
    renderCard('company_member', 'location', report);
    expect(await screen.findByLabelText('Supply share of production')).toHaveTextContent('9.4%');
    expect(screen.queryByRole('link', { name: 'Production' })).not.toBeInTheDocument();
  });
});
