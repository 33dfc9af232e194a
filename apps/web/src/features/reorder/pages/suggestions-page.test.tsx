import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SUGGESTION_MESSAGES, type Role, type SuggestedLine, type SuggestedOrder } from '@clinic/domain';
import { AppProviders } from '../../../app/providers';
import { jsonResponse, profileFor } from '../../../test/fixtures';
import { SuggestionsPage } from './suggestions-page';

const HENRY = { id: '2b4f7a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', name: 'Henry Schein', kind: 'supplier' as const };
const USUAL = { id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', name: 'Patterson', kind: 'supplier' as const };
const line = (overrides: Partial<SuggestedLine>): SuggestedLine => ({
  id: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
  product: { id: '6f1c2a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', name: 'Nitrile gloves M' },
  vendor: HENRY,
  sku: 'H-1',
  description: 'Nitrile gloves, 100',
  pack_size: 100,
  price: 9.5,
  quantity: 2,
  units: 200,
  total: 19,
  units_needed: 200,
  usable_units: 100,
  on_order_units: 0,
  why: '100 usable + 0 on order, at or below the reorder point 150 (expected fill 99.2%). Order size: 2 packs of 100, about every 20 days: balances ordering $15.00 an order against holding $0.02 a unit a year (450 units ideal)',
  reorder_point: 150,
  order_up_to: 300,
  choices: [
    { vendor: HENRY, sku: 'H-1', pack_size: 100, price: 9.5, unit_price: 0.095, in_stock: true },
    { vendor: USUAL, sku: null, pack_size: 100, price: 12, unit_price: 0.12, in_stock: true },
  ],
  problem: null,
  edited: false,
  ordered: null,
  ...overrides,
});
const bibs = line({ id: '4d5e6f7a-8b9c-4d0e-8f1a-2b3c4d5e6f7a', product: { id: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d', name: 'Patient bibs' }, vendor: null, sku: null, price: null, pack_size: null, quantity: 0, units: 0, total: 0, choices: [], problem: SUGGESTION_MESSAGES.noSupplier, units_needed: 50 });
const draft: SuggestedOrder = { id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', refreshed_at: '2026-11-27T02:40:00.000Z', lines: [line({}), bibs], total: 19, auto_send_under: null, shipping: [{ vendor_id: HENRY.id, shipping_fee: 12, free_shipping_over: 500 }] };

function renderPage(role: Role) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/auth/profile') return Promise.resolve(jsonResponse(profileFor(role)));
      if (url.pathname === '/api/reorder/settings') return Promise.resolve(jsonResponse({ service_level: 0.98, review_days: 7, fill_rate: 0.99, order_cost: 15, holding_rate: 0.25, auto_send_under: null }));
      if (method === 'GET' && url.pathname === '/api/reorder/suggestions') return Promise.resolve(jsonResponse(draft));
      const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      calls.push({ method, path: url.pathname, body });
      if (url.pathname === '/api/reorder/suggestions/order') return Promise.resolve(jsonResponse({ purchase_orders: [{ id: '8b9c0d1e-2f3a-4b4c-8d5e-6f7a8b9c0d1e', number: 'PO-000042', vendor_name: 'Henry Schein', total: 28.5 }] }));
      return Promise.resolve(jsonResponse({ ...draft, lines: [line({ quantity: 3, units: 300, total: 28.5, edited: true }), bibs], total: 28.5 }));
    }),
  );
  mountPage();
  return calls;
}

/** The page with a query client of its own (no retries), over whatever fetch the test stubbed. */
function mountPage(): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter>
        <SuggestionsPage />
      </MemoryRouter>
    </AppProviders>,
  );
  return queryClient;
}

describe('the suggested orders page', () => {
  it('groups the draft by vendor, says why a product cannot be ordered, and an admin changes packs then orders all', async () => {
    const calls = renderPage('company_admin');
    const henry = await screen.findByRole('table', { name: 'Suggested from Henry Schein' });
    expect(within(henry).getByRole('link', { name: 'Nitrile gloves M' })).toHaveAttribute('href', '/products/6f1c2a52-6a8e-4f5b-9a55-0b6a7a1d2c3e');
    expect(henry).toHaveTextContent('100 on hand · reorder at 150, up to 300');
    // Issue 51: each line says why its quantity.
    expect(henry).toHaveTextContent('Why: 100 usable + 0 on order, at or below the reorder point 150 (expected fill 99.2%). Order size: 2 packs of 100, about every 20 days');
    const blocked = screen.getByRole('region', { name: 'Cannot be ordered' });
    expect(blocked).toHaveTextContent('Patient bibs');
    expect(blocked).toHaveTextContent(SUGGESTION_MESSAGES.noSupplier);
    expect(screen.getByText(/Nothing is ordered without a person/)).toBeInTheDocument();

    const packs = within(henry).getByRole('textbox', { name: 'Packs of Nitrile gloves M' });
    await userEvent.clear(packs);
    await userEvent.type(packs, '-1{Enter}');
    expect(await within(henry).findByText(SUGGESTION_MESSAGES.quantityRange)).toBeInTheDocument();
    expect(calls).toEqual([]);
    await userEvent.clear(packs);
    await userEvent.type(packs, '3{Enter}');
    expect(await screen.findByRole('button', { name: 'Order all · $28.50' })).toBeInTheDocument();
    // Issue 51: the vendor's shipping, once for its order, and what more would ship it free.
    expect(screen.getByLabelText('Shipping from Henry Schein')).toHaveTextContent('Shipping $12.00 on this order; $471.50 more ships it free (from $500.00)');

    await userEvent.click(screen.getByRole('button', { name: 'Order all · $28.50' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send the orders?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Send orders' }));
    const done = await screen.findByRole('link', { name: 'PO-000042' });
    expect(done).toHaveAttribute('href', '/purchase-history/8b9c0d1e-2f3a-4b4c-8d5e-6f7a8b9c0d1e');
    expect(calls).toEqual([
      { method: 'PATCH', path: `/api/reorder/suggestions/lines/${line({}).id}`, body: { quantity: 3 } },
      { method: 'POST', path: '/api/reorder/suggestions/order', body: {} },
    ]);
  });

  it('switches a product to another of its vendors', async () => {
    const calls = renderPage('company_admin');
    const henry = await screen.findByRole('table', { name: 'Suggested from Henry Schein' });
    await userEvent.click(within(henry).getByRole('combobox', { name: /Vendor/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Patterson · last delivery/ }));
    expect(calls).toContainEqual({ method: 'PATCH', path: `/api/reorder/suggestions/lines/${line({}).id}`, body: { choice: { vendor_id: USUAL.id, sku: null } } });
  });

  it('shows the draft Draft now answered, not the older one a read still on its way brings back after it', async () => {
    const fresh = { ...draft, lines: [line({ why: 'Drafted again: ships free (orders from $500)' }), bibs] };
    let releaseRead = () => undefined as void;
    let reads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
        const method = init?.method ?? 'GET';
        if (url.pathname === '/api/auth/profile') return Promise.resolve(jsonResponse(profileFor('company_admin')));
        if (url.pathname === '/api/reorder/suggestions/refresh') return Promise.resolve(jsonResponse(fresh));
        if (method === 'GET' && url.pathname === '/api/reorder/suggestions') {
          reads += 1;
          if (reads === 1) return Promise.resolve(jsonResponse(draft));
          // The second read answers late, with the draft from before Draft now; cancelled, it aborts as fetch does.
          return new Promise<Response>((resolve, reject) => {
            releaseRead = () => { resolve(jsonResponse(draft)); };
            init?.signal?.addEventListener('abort', () => { reject(new DOMException('The operation was aborted.', 'AbortError')); });
          });
        }
        return Promise.resolve(jsonResponse({ service_level: 0.98, review_days: 7, fill_rate: 0.99, order_cost: 15, holding_rate: 0.25, auto_send_under: null }));
      }),
    );
    const queryClient = mountPage();
    await screen.findByRole('table', { name: 'Suggested from Henry Schein' });
    void queryClient.invalidateQueries({ queryKey: ['reorder', 'suggestions'] });
    await vi.waitFor(() => { expect(reads).toBe(2); });

    await userEvent.click(screen.getByRole('button', { name: 'Draft now' }));
    expect(await screen.findByText(/Drafted again: ships free/)).toBeInTheDocument();
    releaseRead();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText(/Drafted again: ships free/)).toBeInTheDocument();
  });

  it('a member reads the draft and cannot change or order it', async () => {
    renderPage('company_member');
    const henry = await screen.findByRole('table', { name: 'Suggested from Henry Schein' });
    expect(within(henry).queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Order all/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Draft now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });
});
