import { render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Role, UpcomingTrays } from '@clinic/domain';
import { AppProviders } from '../../../app/providers';
import { jsonResponse, profileFor } from '../../../test/fixtures';
import { UpcomingPage } from './upcoming-page';

const IMPLANT = { id: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b', name: 'Implant placement' };
const plan: UpcomingTrays = {
  from: '2026-11-27',
  to: '2026-12-10',
  read_at: null,
  unmapped: [{ code: 'D0150', count: 2 }],
  days: [
    {
      day: '2026-12-03',
      appointments: 3,
      procedures: [{ code: 'D6010', treatment: IMPLANT, count: 3 }],
      needs: [
        { product_id: '2b4f7a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', product_name: 'Straumann BLX 4.0 x 10 mm', needed: 3, usable: 1, short: 2, treatments: [{ name: 'Implant placement', count: 3 }] },
        { product_id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', product_name: 'Gloves', needed: 6, usable: 100, short: 0, treatments: [{ name: 'Implant placement', count: 3 }] },
      ],
      warnings: ['Thursday 12-03: 3 × Implant placement need 3 × Straumann BLX 4.0 x 10 mm; 1 usable'],
    },
  ],
};

function renderPage(role: Role, answer: UpcomingTrays) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      if (url.pathname === '/api/auth/profile') return Promise.resolve(jsonResponse(profileFor(role)));
      if (url.pathname === '/api/pms/upcoming') return Promise.resolve(jsonResponse(answer));
      return Promise.resolve(new Response(null, { status: 404 }));
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter>
        <UpcomingPage />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('UpcomingPage', () => {
  it('shows each day with its shortfall in words and what each tray takes', async () => {
    renderPage('company_member', plan);
    expect(await screen.findByText('1 shortfall ahead: order before the day.')).toBeInTheDocument();
    const day = screen.getByRole('region', { name: 'Thursday 12-03-2026' });
    expect(within(day).getByText('3 appointments')).toBeInTheDocument();
    expect(within(day).getByText('Thursday 12-03: 3 × Implant placement need 3 × Straumann BLX 4.0 x 10 mm; 1 usable')).toBeInTheDocument();
    const rows = within(within(day).getByRole('table', { name: 'Trays of 12-03-2026' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['ProductForNeededUsable thenShort', 'Straumann BLX 4.0 x 10 mm3 × Implant placement312', 'Gloves3 × Implant placement6100—']);
    // Codes without a treatment are named; a member is not sent to a page they cannot open.
    expect(screen.getByText(/Not counted \(codes not mapped to a treatment\): D0150 × 2/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Map them/ })).not.toBeInTheDocument();
  });

  it("with nothing planned, sends the location's admin to bring the schedule in", async () => {
    renderPage('company_admin', { ...plan, days: [], unmapped: [] });
    expect(await screen.findByRole('link', { name: 'Import your schedule or connect Open Dental in Practice system.' })).toHaveAttribute('href', '/pms');
  });
});
