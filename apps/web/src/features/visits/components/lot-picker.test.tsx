import type { ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Stock } from '@clinic/domain';
import { AppProviders } from '../../../app/providers';
import { jsonResponse } from '../../../test/fixtures';
import { LotPicker } from './lot-picker';

function stubFetch(response: () => Response) {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(() => Promise.resolve(response())));
}

function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>);
}

describe('naming a lot at the chair', () => {
  it('offers recalled and quarantined lots disabled, with their status', async () => {
    const lot = (id: string, lotNumber: string, status: Stock['status']) => ({ id, lotNumber, status, expiry_date: '2027-06-30', units_left: 5, is_expired: false });
    stubFetch(() =>
      jsonResponse({
        results: [lot('2b4f7a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', 'GOOD-1', 'available'), lot('3b4f7a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', 'BAD-1', 'recalled'), lot('4b4f7a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', 'HOLD-1', 'quarantined')],
        currentPage: 1,
        lastPage: 1,
        total: 3,
      }),
    );
    renderWithProviders(<LotPicker productId="6f1c2a52-6a8e-4f5b-9a55-0b6a7a1d2c3e" value={undefined} onChange={vi.fn()} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Lot' }));
    const listbox = await screen.findByRole('listbox');
    expect(await within(listbox).findByRole('option', { name: /GOOD-1/ })).not.toHaveAttribute('aria-disabled', 'true');
    expect(within(listbox).getByRole('option', { name: /BAD-1.*\(recalled\)/ })).toHaveAttribute('aria-disabled', 'true');
    expect(within(listbox).getByRole('option', { name: /HOLD-1.*\(quarantined\)/ })).toHaveAttribute('aria-disabled', 'true');
  });
});
