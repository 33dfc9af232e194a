import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { jsonResponse } from '../test/fixtures';
import { SupplierPicker, type SupplierOption } from './supplier-picker';

const ALL = [
  { id: '0b6a7a1d-2c3e-4f5b-9a55-6f1c2a526a8e', name: 'Benco Dental' },
  { id: '1b6a7a1d-2c3e-4f5b-9a55-6f1c2a526a8e', name: 'Henry Schein Dental' },
  { id: '2b6a7a1d-2c3e-4f5b-9a55-6f1c2a526a8e', name: 'Patterson Dental' },
];

function Picker() {
  const [value, setValue] = useState<SupplierOption | null>(null);
  return <SupplierPicker value={value} onChange={setValue} />;
}

describe('the supplier picker', () => {
  it('narrows the list it already has to the typed letters while the server\'s answer is on its way, so options do not jump', async () => {
    // The unfiltered list answers at once; a search never answers within the test.
    vi.stubGlobal('fetch', vi.fn<typeof fetch>((input) => {
      const search = new URL(String(input), 'http://localhost').searchParams.get('search') ?? '';
      return search === '' ? Promise.resolve(jsonResponse({ results: ALL, currentPage: 1, lastPage: 1, total: ALL.length })) : new Promise<Response>(() => undefined);
    }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<AppProviders queryClient={queryClient}><Picker /></AppProviders>);
    const box = screen.getByRole('combobox', { name: /Supplier/ });
    await userEvent.click(box);
    expect(await screen.findAllByRole('option')).toHaveLength(3);

    await userEvent.type(box, 'schein');
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['Henry Schein Dental']);
    await userEvent.click(within(listbox).getByRole('option', { name: 'Henry Schein Dental' }));
    expect(box).toHaveValue('Henry Schein Dental');
  });
});
