import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MARKETPLACE_MESSAGES, type MarketplaceProduct, type Role, type RunningListDetail, type RunningListProduct } from '@clinic/domain';
import { setToken } from '../../lib/auth-token';
import { stubApi } from '../../test/fake-api';
import { fakeToken, IDS, jsonResponse, profileFor } from '../../test/fixtures';
import { GLOVES, HENRY, LIDOCAINE, marketplaceProduct, MEDLINE, offer } from '../../test/marketplace-fixtures';
import { renderApp } from '../../test/render-app';
import { cartStorageKey } from '../../features/marketplace/cart/use-cart';

const LIST_ID = '4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b';
const BIBS = { id: '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f', name: 'Patient bibs' };
const LIDOCAINE_BARCODE = '00312345678906';

function line(product: { id: string; name: string }, quantity: number, barcode = '', unitsPerContainer = 1): RunningListProduct {
  return {
    id: `${product.id.slice(0, -4)}9999`,
    running_list_id: LIST_ID,
    supplier_id: HENRY.id,
    product_id: product.id,
    product: { ...product, barcode, manufacturer_code: '', product_image_url: null, type: 'consumable', container: 'box', basic_unit: 'item' },
    quantity,
    price: 10,
    high_priority: false,
    total: quantity * 10,
    units_per_container: unitsPerContainer,
    requested_by: [],
  };
}

/** Henry's open list: 3 boxes of lidocaine (barcode), 12 of gloves, 2 of bibs. */
const LIST: RunningListDetail = {
  id: LIST_ID,
  supplier: { id: HENRY.id, name: HENRY.name },
  created_at: '2026-03-01T10:00:00.000Z',
  ordered_at: null,
  purchase_order_id: null,
  products_count: 3,
  high_priority_count: 0,
  total: 170,
  runningListProducts: [line(LIDOCAINE, 3, LIDOCAINE_BARCODE), line(GLOVES, 12), line(BIBS, 2)],
};

const page = (results: MarketplaceProduct[]) => ({ results, currentPage: 1, lastPage: 1, total: results.length });

/** Lidocaine by the box from two vendors, gloves in five-packs, bibs from nobody. */
const OFFERS: Record<string, MarketplaceProduct[]> = {
  [LIDOCAINE_BARCODE]: [marketplaceProduct(LIDOCAINE, [offer(HENRY, { sku: 'HEN-LIDO', pack_size: 1, price: 46, unit_price: 46 }), offer(MEDLINE, { sku: 'MED-LIDO', pack_size: 1, price: 44, unit_price: 44 })])],
  [GLOVES.name]: [marketplaceProduct(GLOVES, [offer(MEDLINE, { sku: 'MED-GLV-5', description: 'Gloves, 5 boxes', pack_size: 5, price: 40, unit_price: 8 })])],
};

function signIn(role: Role, list: RunningListDetail = LIST, offers: Record<string, MarketplaceProduct[]> = OFFERS) {
  setToken(fakeToken(role));
  return stubApi(profileFor(role), {
    [`/api/purchase/running-list/${LIST_ID}`]: () => jsonResponse(list),
    '/api/marketplace/products': (url) => jsonResponse(page(offers[url.searchParams.get('search') ?? ''] ?? [])),
  });
}

describe('running list: Compare in the marketplace', () => {
  it('puts each line’s cheapest in-stock offer in the cart, names the lines nobody offers, and opens the cart', async () => {
    const fetchMock = signIn('company_member');
    const { router } = renderApp(`/running-list/${LIST_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Compare in the marketplace' }));

    expect(await screen.findByText(`${MARKETPLACE_MESSAGES.addedToCart}: 2 of 3 products. No vendor offers Patient bibs yet.`)).toBeInTheDocument();
    await waitFor(() => { expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/marketplace?cart=open'); });
    const cart = await screen.findByRole('region', { name: 'Cart' });
    // 3 boxes of lidocaine at Medline's $44; 12 boxes of gloves in three five-packs at $40.
    expect(within(cart).getByLabelText('Subtotal of Medline')).toHaveTextContent('$252.00');
    expect(within(cart).queryByLabelText('Subtotal of Henry Dental Supply')).not.toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(cartStorageKey(IDS.company)) ?? '[]') as { sku: string; quantity: number }[];
    expect(stored.map((item) => [item.sku, item.quantity])).toEqual([
      ['MED-LIDO', 3],
      ['MED-GLV-5', 3],
    ]);

    const searches = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === '/api/marketplace/products');
    expect(searches.slice(0, 3).map((url) => url.searchParams.get('search'))).toEqual([LIDOCAINE_BARCODE, GLOVES.name, BIBS.name]);
    expect(searches.slice(0, 3).every((url) => url.searchParams.get('perPage') === '5')).toBe(true);
  });

  it('orders the units the list needs in whole packs: 3 boxes of 100 gloves are 3 packs of 100, not 1', async () => {
    const gloves = { ...line(GLOVES, 3, '', 100), price: 9, total: 27 };
    const boxesOf100 = { [GLOVES.name]: [marketplaceProduct(GLOVES, [offer(MEDLINE, { sku: 'MED-GLV-100', description: 'Nitrile gloves M, box of 100', pack_size: 100, price: 9.5, unit_price: 0.095 })])] };
    signIn('company_member', { ...LIST, products_count: 1, total: 27, runningListProducts: [gloves] }, boxesOf100);
    const { router } = renderApp(`/running-list/${LIST_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Compare in the marketplace' }));
    await waitFor(() => { expect(router.state.location.pathname).toBe('/marketplace'); });
    const stored = JSON.parse(localStorage.getItem(cartStorageKey(IDS.company)) ?? '[]') as { sku: string; quantity: number }[];
    expect(stored.map((item) => [item.sku, item.quantity])).toEqual([['MED-GLV-100', 3]]);
  });

  it('stays on the list when no vendor offers any of its lines', async () => {
    signIn('company_member', { ...LIST, products_count: 1, runningListProducts: [line(BIBS, 2)] });
    const { router } = renderApp(`/running-list/${LIST_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Compare in the marketplace' }));
    expect(await screen.findByText('No vendor offers Patient bibs yet.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/running-list/${LIST_ID}`);
    expect(localStorage.getItem(cartStorageKey(IDS.company))).toBeNull();
  });

  it('is offered only on an open list, to those who may order in the marketplace', async () => {
    signIn('assistant');
    const view = renderApp(`/running-list/${LIST_ID}`);
    // The add form shows once the profile (and so the permissions) arrived.
    expect(await screen.findByRole('form', { name: 'Add a product to this running list' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Compare in the marketplace' })).not.toBeInTheDocument();
    view.unmount();

    signIn('company_member', { ...LIST, ordered_at: '2026-03-02T10:00:00.000Z', purchase_order_id: '5f6a7b8c-9d0e-4f1a-8b2c-3d4e5f6a7b8c' });
    renderApp(`/running-list/${LIST_ID}`);
    expect(await screen.findByRole('link', { name: 'View purchase order' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Compare in the marketplace' })).not.toBeInTheDocument();
  });
});
