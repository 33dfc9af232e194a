import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MARKETPLACE_MESSAGES, type Alert, type MarketplaceProduct, type Role } from '@clinic/domain';
import { setToken } from '../../lib/auth-token';
import { stubApi } from '../../test/fake-api';
import { fakeToken, IDS, jsonResponse, profileFor } from '../../test/fixtures';
import { HENRY, LIDOCAINE, marketplaceProduct, MEDLINE, offer } from '../../test/marketplace-fixtures';
import { renderApp } from '../../test/render-app';
import { cartStorageKey } from '../../features/marketplace/cart/use-cart';

const BIBS = { id: '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f', name: 'Patient bibs' };

function lowStock(product: { id: string; name: string }, units: number, minimum: number, lastReceipt: Alert['last_receipt'] = null): Alert {
  return { id: `${product.id.slice(0, -4)}7777`, kind: 'low_stock', created_at: '2026-03-01T10:00:00.000Z', product: { ...product, product_image_url: null }, stock: null, units_in_stock: units, minimum_stock: minimum, last_receipt: lastReceipt, recall: null, request: null };
}

/** Lidocaine: 4 cartridges left of a minimum of 10, last bought from Henry in boxes of 5; bibs: 0 of 20. */
const ALERTS = [lowStock(LIDOCAINE, 4, 10, { supplier: { id: HENRY.id, name: HENRY.name }, units_per_container: 5 }), lowStock(BIBS, 0, 20)];

/** Henry's five-pack is cheaper per cartridge than Medline's single one; nobody sells bibs. */
const OFFERS: Record<string, MarketplaceProduct[]> = {
  [LIDOCAINE.name]: [marketplaceProduct(LIDOCAINE, [offer(MEDLINE, { sku: 'MED-LIDO', pack_size: 1, price: 10, unit_price: 10 }), offer(HENRY, { sku: 'HEN-LIDO-5', pack_size: 5, price: 45, unit_price: 9 })])],
};

const openList = (id: string, supplier: { id: string; name: string }) => ({ id, supplier, created_at: '2026-02-01T10:00:00.000Z', ordered_at: null, purchase_order_id: null, products_count: 2, high_priority_count: 0, total: 10 });
const HENRY_LIST = openList('5a5a5a5a-5a5a-4a5a-8a5a-5a5a5a5a5a5a', { id: HENRY.id, name: HENRY.name });
const OTHER_LIST = openList('6b6b6b6b-6b6b-4b6b-8b6b-6b6b6b6b6b6b', { id: MEDLINE.id, name: MEDLINE.name });

function signIn(role: Role) {
  setToken(fakeToken(role));
  return stubApi(profileFor(role), {
    '/api/alert': (url) => {
      const kind = url.searchParams.get('kind');
      const results = kind === null || kind === 'low_stock' ? ALERTS : [];
      return jsonResponse({ results, currentPage: 1, lastPage: 1, total: results.length, counts: { low_stock: ALERTS.length, expiring: 0, expired: 0, recalled: 0 } });
    },
    '/api/purchase/running-list': () => jsonResponse({ results: [HENRY_LIST, OTHER_LIST], currentPage: 1, lastPage: 1, total: 2 }),
    '/api/purchase/running-list/product': () => jsonResponse({ runningList: HENRY_LIST, runningListProducts: [] }, 201),
    '/api/marketplace/products': (url) => jsonResponse({ results: OFFERS[url.searchParams.get('search') ?? ''] ?? [], currentPage: 1, lastPage: 1, total: 0 }),
  });
}

/** The low-stock entry of a product. */
async function alertOf(name: string) {
  const region = await screen.findByRole('region', { name: 'Low stock' });
  return (await within(region).findByRole('link', { name })).closest('li')!;
}

describe('low-stock alerts: Add to cart', () => {
  it('adds packs of the cheapest in-stock offer enough to reach the minimum, and opens the cart from the toast', async () => {
    const fetchMock = signIn('company_member');
    const { router } = renderApp('/alerts');
    const lidocaine = await alertOf(LIDOCAINE.name);
    const button = await within(lidocaine).findByRole('button', { name: 'Add to cart' });
    expect(button).toHaveAccessibleDescription(LIDOCAINE.name);
    await userEvent.click(button);

    expect(await screen.findByText(MARKETPLACE_MESSAGES.addedToCart)).toBeInTheDocument();
    // 6 cartridges short: two of Henry's five-packs.
    const stored = JSON.parse(localStorage.getItem(cartStorageKey(IDS.company)) ?? '[]') as { sku: string; quantity: number }[];
    expect(stored.map((item) => [item.sku, item.quantity])).toEqual([['HEN-LIDO-5', 2]]);
    const search = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).find((url) => url.pathname === '/api/marketplace/products');
    expect(search?.searchParams.get('search')).toBe(LIDOCAINE.name);

    await userEvent.click(screen.getByRole('button', { name: 'Open the cart' }));
    await waitFor(() => { expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/marketplace?cart=open'); });
    const cart = await screen.findByRole('region', { name: 'Cart' });
    expect(within(cart).getByLabelText('Subtotal of Henry Dental Supply')).toHaveTextContent('$90.00');
  });

  it('says so when no vendor offers the product', async () => {
    signIn('company_member');
    renderApp('/alerts');
    await userEvent.click(await within(await alertOf(BIBS.name)).findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('No vendor offers Patient bibs yet.')).toBeInTheDocument();
    expect(localStorage.getItem(cartStorageKey(IDS.company))).toBeNull();
  });

  it('is offered only to those who may order in the marketplace', async () => {
    signIn('assistant');
    renderApp('/alerts');
    const lidocaine = await alertOf(LIDOCAINE.name);
    expect(await within(lidocaine).findByRole('button', { name: 'Add to Running List' })).toBeInTheDocument();
    expect(within(lidocaine).queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
  });
});

describe('low-stock alerts: Add to Running List', () => {
  it("starts on the open list of the newest receipt's supplier, with the containers that bring the stock back to its minimum", async () => {
    const fetchMock = signIn('company_member');
    renderApp('/alerts');
    await userEvent.click(await within(await alertOf(LIDOCAINE.name)).findByRole('button', { name: 'Add to Running List' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Running List' });
    await waitFor(() => { expect(within(dialog).getByRole('combobox', { name: 'Running list' })).toHaveTextContent('Henry Dental Supply, started 02-01-2026 (2 products)'); });
    // 6 cartridges short, boxes of 5: 2 boxes.
    expect(within(dialog).getByRole('spinbutton', { name: /Quantity/ })).toHaveValue(2);
    expect(within(dialog).getByText('6 units short of the minimum of 10: 2 containers of 5 units')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => {
      const post = fetchMock.mock.calls.find(([input, init]) => String(input).endsWith('/api/purchase/running-list/product') && init?.method === 'POST');
      expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ running_list_id: HENRY_LIST.id, product_id: LIDOCAINE.id, quantity: 2 });
    });
  });
});
