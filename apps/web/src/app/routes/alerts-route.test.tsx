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

function lowStock(product: { id: string; name: string }, units: number, minimum: number): Alert {
  return { id: `${product.id.slice(0, -4)}7777`, kind: 'low_stock', created_at: '2026-03-01T10:00:00.000Z', product: { ...product, product_image_url: null }, stock: null, units_in_stock: units, minimum_stock: minimum };
}

/** Lidocaine: 4 cartridges left of a minimum of 10; bibs: 0 of 20. */
const ALERTS = [lowStock(LIDOCAINE, 4, 10), lowStock(BIBS, 0, 20)];

/** Henry's five-pack is cheaper per cartridge than Medline's single one; nobody sells bibs. */
const OFFERS: Record<string, MarketplaceProduct[]> = {
  [LIDOCAINE.name]: [marketplaceProduct(LIDOCAINE, [offer(MEDLINE, { sku: 'MED-LIDO', pack_size: 1, price: 10, unit_price: 10 }), offer(HENRY, { sku: 'HEN-LIDO-5', pack_size: 5, price: 45, unit_price: 9 })])],
};

function signIn(role: Role) {
  setToken(fakeToken(role));
  return stubApi(profileFor(role), {
    '/api/alert': (url) => {
      const kind = url.searchParams.get('kind');
      const results = kind === null || kind === 'low_stock' ? ALERTS : [];
      return jsonResponse({ results, currentPage: 1, lastPage: 1, total: results.length, counts: { low_stock: ALERTS.length, expiring: 0, expired: 0 } });
    },
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
