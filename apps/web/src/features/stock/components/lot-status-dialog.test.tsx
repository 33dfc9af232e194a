import type { ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { LOT_STATUS_MESSAGES, type Alert, type Stock } from '@clinic/domain';
import { AppProviders } from '../../../app/providers';
import { jsonResponse, stockLot } from '../../../test/fixtures';
import { formatDate } from '../../../lib/format';
import { alertSummary } from '../pages/alerts-page';
import { LotStatusDialog } from './lot-status-dialog';
import { StockRoom } from './stock-room';

const PRODUCT = { name: 'Juvederm Ultra' };
const STOCK_ID = '1b4f7a52-6a8e-4f5b-9a55-0b6a7a1d2c3e';
const LOT = { id: STOCK_ID, lotNumber: 'V40LA90512', expiry_date: '2027-01-31', status: 'available' as const };

function stubFetch(response: (url: URL) => Response) {
  const fetchMock = vi.fn<typeof fetch>((input) => Promise.resolve(response(new URL(String(input), 'http://localhost'))));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>);
}

describe('the lot status dialog', () => {
  it('asks for the reason, confirms what a recall does, then recalls the lot', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ ...LOT, status: 'recalled' }));
    const onClose = vi.fn();
    renderWithProviders(<LotStatusDialog product={PRODUCT} stock={LOT} status="recalled" onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Recall lot' });
    expect(dialog).toHaveTextContent('Juvederm Ultra, lot V40LA90512, expires 01-31-2027.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByRole('textbox', { name: /^Reason/ })).toHaveAccessibleDescription(LOT_STATUS_MESSAGES.reasonRequired);
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Sterility not assured');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'FSN-2026-11');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(dialog).toHaveTextContent(LOT_STATUS_MESSAGES.recallConfirm);
    expect(dialog).toHaveTextContent('Reason: Sterility not assured');
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Recall lot' }));
    expect(await screen.findByText('Lot recalled')).toBeInTheDocument();
    await waitFor(() => { expect(onClose).toHaveBeenCalled(); });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`/api/stock/${STOCK_ID}/status`);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ status: 'recalled', reason: 'Sterility not assured', reference: 'FSN-2026-11' });
  });

  it('goes back from the confirmation to the form, and releases without a reason', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ ...LOT }));
    renderWithProviders(<LotStatusDialog product={PRODUCT} stock={{ ...LOT, status: 'quarantined' }} status="available" onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Release lot' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(dialog).toHaveTextContent(LOT_STATUS_MESSAGES.releaseConfirm);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('textbox', { name: 'Reference' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release lot' }));
    expect(await screen.findByText('Lot released')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ status: 'available', reason: '', reference: '' });
  });
  it('offers a quarantine of the whole lot number, says what it does, and sends it', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ ...LOT, status: 'quarantined' }));
    renderWithProviders(<LotStatusDialog product={PRODUCT} stock={LOT} status="quarantined" onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Quarantine lot' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Whole batch suspect');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: LOT_STATUS_MESSAGES.wholeLotNumber('V40LA90512') }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(dialog).toHaveTextContent(LOT_STATUS_MESSAGES.quarantineWholeConfirm);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quarantine lot' }));
    expect(await screen.findByText('Lot quarantined')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ status: 'quarantined', reason: 'Whole batch suspect', reference: '', whole_lot_number: true });
  });
});

describe('the recalled alert', () => {
  const alert = (recallStockId: string): Alert => ({
    id: '5b4f7a52-6a8e-4f5b-9a55-0b6a7a1d2c3e',
    kind: 'recalled',
    created_at: '2026-11-22T15:00:00.000Z',
    product: { id: '6f1c2a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', name: 'Implant', product_image_url: null },
    stock: { id: STOCK_ID, lotNumber: 'IMP-77', expiry_date: null, units_left: 3 },
    units_in_stock: 0,
    minimum_stock: 0,
    last_receipt: null,
    recall: { stock_id: recallStockId, location: { id: '7b4f7a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', name: 'Austin North' }, reason: 'Packaging defect', reference: 'FSCA-12', recalled_at: '2026-11-22T15:00:00.000Z' },
    request: null,
  });

  it('says which lot, how many units are left and why; where, when another location recalled it', () => {
    expect(alertSummary(alert(STOCK_ID))).toBe('Lot IMP-77 recalled 11-22-2026 · 3 units left · Packaging defect, ref. FSCA-12');
    expect(alertSummary(alert('8b4f7a52-6a8e-4f5b-9a55-0b6a7a1d2c3e'))).toBe('Lot IMP-77 recalled at Austin North 11-22-2026 · 3 units left · Packaging defect, ref. FSCA-12');
  });
});

describe('the stock room', () => {
  const stock = (id: string, lotNumber: string, status: Stock['status']): Stock =>
    stockLot({
      id,
      container_quantity: 1,
      total_units: 10,
      units_left: 10,
      units_remaining: 10,
      lotNumber,
      status,
      status_reason: status === 'available' ? '' : 'Manufacturer notice',
      status_changed_at: status === 'available' ? null : '2026-11-20T10:00:00.000Z',
      status_changed_by: status === 'available' ? null : 'Dana Lee',
    });

  it('marks a recalled lot, offers Release instead of Quarantine and no consumption from it; an available lot offers Recall and Quarantine', async () => {
    stubFetch(() =>
      jsonResponse({
        results: [stock('2b4f7a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', 'BAD-1', 'recalled'), stock('3b4f7a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', 'GOOD-1', 'available')],
        currentPage: 1,
        lastPage: 1,
        total: 2,
        totals: { total_units: 20, units_left: 20, value_left: 60 },
      }),
    );
    renderWithProviders(<StockRoom product={{ id: '6f1c2a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', name: 'Implant', type: 'disposable', basic_unit: 'item', barcode: '', manufacturer_code: '' }} canCreate canUpdate canDelete />);
    const added = formatDate('2026-11-01T10:00:00.000Z');
    const bad = `lot BAD-1 added ${added}`;
    const good = `lot GOOD-1 added ${added}`;
    expect(await screen.findByText('Recalled')).toBeInTheDocument();
    const menuOf = async (subject: string) => {
      await userEvent.click(screen.getByRole('button', { name: `More actions for ${subject}` }));
      const menu = await screen.findByRole('menu');
      return within(menu).getAllByRole('menuitem').map((item) => item.textContent);
    };
    expect(await menuOf(bad)).toEqual(['Usage history', 'Edit', 'Move to another place', 'Release', 'Dispose', 'Return to supplier', 'Delete']);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: `Use units of ${bad}` })).toBeDisabled();
    expect(screen.getByRole('button', { name: `Use units of ${good}` })).toBeEnabled();
    expect(await menuOf(good)).toEqual(['Usage history', 'Edit', 'Move to another place', 'Recall', 'Quarantine', 'Dispose', 'Return to supplier', 'Delete']);

    await userEvent.click(screen.getByRole('menuitem', { name: 'Quarantine' }));
    expect(await screen.findByRole('dialog', { name: 'Quarantine lot' })).toHaveTextContent('Implant, lot GOOD-1');
  });
});

describe('the requested alert', () => {
  it('says who asked, for how many, how urgently and why', () => {
    const alert: Alert = {
      id: '5b4f7a52-6a8e-4f5b-9a55-0b6a7a1d2c3f',
      kind: 'requested',
      created_at: '2026-11-22T15:00:00.000Z',
      product: { id: '6b4f7a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', name: 'Nitrile Gloves M', product_image_url: null },
      stock: null,
      units_in_stock: 0,
      minimum_stock: 0,
      last_receipt: null,
      recall: null,
      request: { requested_by: 'Dana Lee', quantity: 3, urgency: 'this_week', note: 'Last box open', created_at: '2026-11-22T15:00:00.000Z' },
    };
    expect(alertSummary(alert)).toBe('Dana Lee asked for 3 containers (this week) 11-22-2026 · Last box open');
  });
});
