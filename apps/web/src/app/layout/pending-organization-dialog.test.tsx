import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '@clinic/domain';
import { jsonResponse, profileFor } from '../../test/fixtures';
import { PendingOrganizationDialog } from './pending-organization-dialog';

const PENDING = profileFor('organization_admin', {
  approval_status: 'pending',
  company: { id: '1a2b3c4d-5e6f-4a0b-8c9d-0e1f2a3b4c5d', name: 'Downtown', city: 'Austin', state: 'TX', time_zone: null, organization: { id: '2b3c4d5e-6f70-4b1c-9d0e-1f2a3b4c5d6e', name: 'Glow Aesthetics', approvalStatus: 'pending', numberOfLocations: 1 } },
});

function renderDialog(config: PublicConfig) {
  const fetchMock = vi.fn<typeof fetch>((input) => Promise.resolve(jsonResponse(String(input).endsWith('/api/config') ? config : PENDING)));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PendingOrganizationDialog onLogout={vi.fn()} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('schedule-a-meeting dialog of a pending organization', () => {
  it('opens the configured booking page and offers the support e-mail as a link', async () => {
    renderDialog({ booking_url: 'https://cal.example/onboarding', support_email: 'help@clinic.example', idle_logoff_minutes: 30 });
    const schedule = await screen.findByRole('link', { name: 'Schedule a meeting' });
    expect(schedule).toHaveAttribute('href', 'https://cal.example/onboarding');
    expect(schedule).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'help@clinic.example' })).toHaveAttribute('href', 'mailto:help@clinic.example?subject=Onboarding%20meeting%20for%20Glow%20Aesthetics');
  });

  it('without a booking page says to write to support, with no Schedule button', async () => {
    renderDialog({ booking_url: null, support_email: 'help@clinic.example', idle_logoff_minutes: 30 });
    expect(await screen.findByRole('link', { name: 'help@clinic.example' })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveTextContent('Write to help@clinic.example to arrange it.');
    expect(screen.queryByRole('link', { name: 'Schedule a meeting' })).not.toBeInTheDocument();
  });

  it('with neither says the team will get in touch', async () => {
    renderDialog({ booking_url: null, support_email: null, idle_logoff_minutes: 30 });
    expect(await screen.findByText(/We will contact you to arrange it\./)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
