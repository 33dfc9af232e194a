import type { ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { cardCaption, cardCellStyle } from '../../../test/card-captions';
import { jsonResponse, stockLot } from '../../../test/fixtures';
import { StockRoom } from './stock-room';

const PRODUCT = { id: '6f1c2a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', name: 'Implant', type: 'disposable' as const, basic_unit: 'item' as const, barcode: '', manufacturer_code: '' };

const LOT = stockLot({ product_id: PRODUCT.id });

function renderWithProviders(ui: ReactNode) {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({ results: [LOT], currentPage: 1, lastPage: 1, total: 1, totals: { total_units: 20, units_left: 20, value_left: 60 } }))));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>);
}

describe('the stock room on a phone', () => {
  it('captions the Total card\'s figures with their column names (the value on hand by its own), as it does a lot\'s card', async () => {
    renderWithProviders(<StockRoom product={PRODUCT} canCreate canUpdate canDelete />);
    const lot = (await screen.findByText('IMP-1')).closest('tr')!;
    const total = screen.getByText('Total').closest('tr')!;
    // The card hides empty cells (the columns the Total row leaves blank) and shows the rest as "caption  figure".
    const shown = (row: HTMLElement) => within(row).getAllByRole('cell').filter((cell) => !cell.matches(':empty'));
    const captions = (row: HTMLElement) => shown(row).map((cell) => [cardCaption(cell), cell.textContent]).filter(([caption]) => caption !== null);

    expect(captions(lot)).toEqual([
      // The lot's storage place sits under its number (issue 34).
      ['Lot / serial', 'IMP-1Main storage'],
      ['Supplier', '—'],
      ['Expiry', '06-30-2027'],
      ['Received', '2 × 10'],
      ['Unit price', '$3.00000'],
      ['Units left', '20 / 20'],
    ]);
    expect(within(total).getAllByRole('cell')[0]).toHaveTextContent('Total');
    expect(captions(total)).toEqual([
      ['Received', '20 units'],
      ['Value on hand', '$60.00 on hand'],
      ['Units left', '20'],
    ]);
    // MUI lays right-aligned cells out row-reverse; a card puts every caption before its figure.
    const unitsLeft = shown(lot).find((cell) => cardCaption(cell) === 'Units left')!;
    expect(cardCellStyle(unitsLeft, 'flex-direction')).toBe('row');
  });
});

describe('a lot\'s actions in the stock room', () => {
  it('offers Use as a worded button and the rest in a labelled More menu, greying out what an empty lot cannot do', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({ results: [{ ...LOT, units_left: 0 }], currentPage: 1, lastPage: 1, total: 1, totals: { total_units: 20, units_left: 0, value_left: 0 } }))));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(<AppProviders queryClient={queryClient}><StockRoom product={PRODUCT} canCreate canUpdate canDelete /></AppProviders>);
    const row = (await screen.findByText('IMP-1')).closest('tr')!;
    // Two controls with words, no row of unlabeled icons.
    expect(within(row).getAllByRole('button').map((button) => button.textContent)).toEqual(['Use', 'More']);
    expect(within(row).getByRole('button', { name: /^Use units of lot IMP-1/ })).toBeDisabled();

    await userEvent.click(within(row).getByRole('button', { name: /^More actions for lot IMP-1/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /^Dispose/ })).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitem', { name: /^Dispose/ })).toHaveTextContent('No units left');
    expect(within(menu).getByRole('menuitem', { name: /^Move to another place/ })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Usage history' }));
    // The history opens under the row; the menu then offers to hide it.
    await userEvent.click(within(row).getByRole('button', { name: /^More actions for lot IMP-1/ }));
    expect(await screen.findByRole('menuitem', { name: 'Hide usage history' })).toBeInTheDocument();
  });
});
