import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { TRANSFER_MESSAGES, type Transfer } from '@clinic/domain';
import { AppProviders } from '../../../app/providers';
import { IDS, jsonResponse, profileFor } from '../../../test/fixtures';
import { TransfersPage } from './transfers-page';

const LAKESIDE = { id: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', name: 'Lakeside' };
const DOWNTOWN = { id: IDS.company, name: 'Downtown' };
const line = { id: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b', product_id: '6f1c2a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', product_name: 'Implant 4.1', source_stock_id: '2b4f7a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', lotNumber: 'IMP-7', expiry_date: '2027-06-30', units_shipped: 5, unit_price: 120, units_received: null, units_written_off: null, write_off_reason: null, received_stock_id: null };
const transfer = (overrides: Partial<Transfer>): Transfer => ({
  id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
  status: 'in_transit',
  from: LAKESIDE,
  to: DOWNTOWN,
  note: '',
  requested: null,
  shipped: { by: 'Lee', at: '2026-11-26T10:00:00.000Z' },
  received: null,
  canceled: null,
  created_at: '2026-11-26T10:00:00.000Z',
  items: [{ product_id: line.product_id, product_name: 'Implant 4.1', units: 5 }],
  lines: [line],
  units_shipped: 5,
  value_shipped: 600,
  units_in_transit: 5,
  value_in_transit: 600,
  ...overrides,
});

function renderPage(results: Transfer[]) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/auth/profile') return Promise.resolve(jsonResponse(profileFor('company_member')));
      if (url.pathname === '/api/places') return Promise.resolve(jsonResponse({ places: [{ id: '7c2d9a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', name: 'Main storage', is_default: true, units: 0, lots: 0, retired_at: null, created_at: '2026-11-01T10:00:00.000Z' }] }));
      if (method === 'GET' && url.pathname === '/api/transfers')
        return Promise.resolve(jsonResponse({ results, currentPage: 1, lastPage: 1, total: results.length, in_transit: { incoming: { units: 5, value: 600 }, outgoing: { units: 0, value: 0 } } }));
      const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      calls.push({ method, path: url.pathname, body });
      return Promise.resolve(jsonResponse(transfer({ status: 'received' })));
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <TransfersPage />
    </AppProviders>,
  );
  return calls;
}

describe('the transfers page', () => {
  it('shows what is in transit with its value, and receives part of it with a reason for the rest', async () => {
    const calls = renderPage([transfer({})]);
    expect(await screen.findByText(/In transit to this location: 5 units \(\$600\.00\)/)).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: 'Lakeside to Downtown, In transit' });
    expect(row).toHaveTextContent('11-26-2026');
    expect(row).toHaveTextContent('$600.00');
    await userEvent.click(within(row).getByRole('button', { name: /^Receive/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive from Lakeside' });
    const units = within(dialog).getByRole('spinbutton', { name: 'Units received of lot IMP-7' });
    await userEvent.clear(units);
    await userEvent.type(units, '3');
    expect(within(dialog).getByText(TRANSFER_MESSAGES.writeOffReasonRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Receive' })).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Why the rest did not arrive' }), 'Broken seal');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText(TRANSFER_MESSAGES.received)).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'POST', path: `/api/transfers/${transfer({}).id}/receive`, body: { lines: [{ line_id: line.id, units_received: 3, write_off_reason: 'Broken seal' }], idempotency_key: expect.any(String) } },
    ]);
  });

  it('offers no receipt of a transfer this location sends, and no shipping of one it asked for', async () => {
    renderPage([transfer({ from: DOWNTOWN, to: LAKESIDE }), transfer({ id: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a', status: 'requested', lines: [], shipped: null, from: LAKESIDE, to: DOWNTOWN })]);
    const outgoing = await screen.findByRole('row', { name: 'Downtown to Lakeside, In transit' });
    expect(within(outgoing).queryByRole('button')).toBeNull();
    const asked = screen.getByRole('row', { name: 'Lakeside to Downtown, Requested' });
    expect(within(asked).queryByRole('button', { name: /^Ship/ })).toBeNull();
    expect(within(asked).getByRole('button', { name: /^Cancel/ })).toBeInTheDocument();
  });
});
