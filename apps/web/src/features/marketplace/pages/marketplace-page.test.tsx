import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MARKETPLACE_MESSAGES, type CartLine, type PlaceOrderRequest } from '@clinic/domain';
import { setToken } from '../../../lib/auth-token';
import { stubApi, type FakeRoute } from '../../../test/fake-api';
import { fakeToken, IDS, jsonResponse, profileFor } from '../../../test/fixtures';
import { checkedLine, GLOVES, HENRY, LIDOCAINE, marketplaceOrder, marketplaceProduct, MEDLINE, offer } from '../../../test/marketplace-fixtures';
import { renderApp } from '../../../test/render-app';
import { cartStorageKey } from '../cart/use-cart';

const HENRY_LIDO = offer(HENRY, { sku: 'HEN-LIDO', description: 'Lidocaine 2% box of 50', price: 45.5, unit_price: 0.91 });
const MEDLINE_LIDO = offer(MEDLINE, { sku: 'MED-LIDO', description: 'Lidocaine box 50', price: 44.1, unit_price: 0.882, cheapest: true });
const MEDLINE_GLOVES = offer(MEDLINE, { sku: 'MED-GLV', description: 'Gloves box 100', pack_size: 100, price: 9, unit_price: 0.09, in_stock: false });

const page = (results: unknown[]) => ({ results, currentPage: 1, lastPage: 1, total: results.length });

/** The search answers by what was typed: lido finds the cartridges, anything else the gloves. */
const products: FakeRoute = (url) => {
  const search = url.searchParams.get('search') ?? '';
  if (search === 'lido') return jsonResponse(page([marketplaceProduct(LIDOCAINE, [HENRY_LIDO, MEDLINE_LIDO])]));
  return jsonResponse(page([marketplaceProduct(GLOVES, [MEDLINE_GLOVES])]));
};

/** Re-prices the cart as the vendors would: Henry's box went up to $47.00. */
function repriced(lines: CartLine[]) {
  return lines.map((line) =>
    line.sku === 'HEN-LIDO'
      ? checkedLine(HENRY, { ...line, current_price: 47, changed: line.price !== 47, total: line.quantity * 47 })
      : checkedLine(MEDLINE, { ...line, current_price: line.price, total: line.quantity * line.price }),
  );
}

const bodyOf = <T,>(init: RequestInit | undefined) => JSON.parse(String(init?.body)) as T;

function signIn(routes: Record<string, FakeRoute>) {
  setToken(fakeToken('company_member'));
  return stubApi(profileFor('company_member'), { '/api/marketplace/products': products, ...routes });
}

async function addToCart(vendor: string, packs: string) {
  const subject = `Lidocaine 2% cartridges from ${vendor}`;
  const field = screen.getByRole('spinbutton', { name: `Packs of ${subject}` });
  await userEvent.clear(field);
  await userEvent.type(field, packs);
  await userEvent.click(screen.getByRole('button', { name: `Add ${subject} to the cart` }));
}

/** Searches "lido", adds 2 packs from Henry and 1 from Medline, and opens the cart. */
async function fillCart() {
  renderApp('/marketplace');
  expect(await screen.findByRole('heading', { name: 'Marketplace' })).toBeInTheDocument();
  await screen.findByRole('article', { name: 'Nitrile gloves M' });
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search products' }), 'lido');
  // While the search catches up with the box, nothing can be added: no row of the old results stays.
  expect(screen.queryByRole('article', { name: 'Nitrile gloves M' })).not.toBeInTheDocument();
  expect(screen.queryAllByRole('button', { name: /^Add / })).toHaveLength(0);

  const card = await screen.findByRole('article', { name: 'Lidocaine 2% cartridges' });
  expect(within(within(card).getByRole('row', { name: 'Medline' })).getByText('Cheapest')).toBeInTheDocument();
  expect(within(within(card).getByRole('row', { name: 'Henry Dental Supply' })).queryByText('Cheapest')).not.toBeInTheDocument();
  expect(within(card).getByRole('row', { name: 'Medline' })).toHaveTextContent('$0.88200');

  await addToCart('Henry Dental Supply', '2');
  await addToCart('Medline', '1');
  await userEvent.click(screen.getByRole('button', { name: 'Cart, 2 lines' }));
  const cart = await screen.findByRole('region', { name: 'Cart' });
  expect(within(cart).getByLabelText('Subtotal of Henry Dental Supply')).toHaveTextContent('$91.00');
  expect(within(cart).getByLabelText('Subtotal of Medline')).toHaveTextContent('$44.10');
  expect(within(cart).getByLabelText('Cart total')).toHaveTextContent('$135.10');
  return cart;
}

describe('marketplace page', () => {
  it('marks out-of-stock offers and does not add them', async () => {
    signIn({});
    renderApp('/marketplace');
    const card = await screen.findByRole('article', { name: 'Nitrile gloves M' });
    expect(within(card).getByText('Out of stock')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add Nitrile gloves M from Medline to the cart' })).toBeDisabled();
  });

  it('checks the prices, shows the changed line struck through, accepts it and places one order per vendor', async () => {
    const placed: { body: PlaceOrderRequest }[] = [];
    signIn({
      '/api/check-checkout-price': (_url, init) => {
        const lines = repriced(bodyOf<{ products: CartLine[] }>(init).products);
        return jsonResponse({ products: lines, changed: lines.some((l) => l.changed), total: 0 });
      },
      '/api/place-order': (_url, init) => {
        placed.push({ body: bodyOf<PlaceOrderRequest>(init) });
        return jsonResponse({ orders: [marketplaceOrder(), marketplaceOrder({ id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', number: 'PO-000043', vendor: MEDLINE })] }, 201);
      },
    });
    const cart = await fillCart();

    await userEvent.click(within(cart).getByRole('button', { name: 'Check prices' }));
    expect(await within(cart).findByText('Price changed from $45.50 to $47.00')).toBeInTheDocument();
    const henryLine = within(within(cart).getByRole('region', { name: 'Order to Henry Dental Supply' })).getByRole('listitem', { name: 'Lidocaine 2% cartridges' });
    expect(henryLine.querySelector('del')).toHaveTextContent('$45.50');
    expect(henryLine.querySelector('ins')).toHaveTextContent('$47.00');

    await userEvent.click(within(cart).getByRole('button', { name: 'Accept new prices' }));
    expect(await within(cart).findByText('The prices are up to date.')).toBeInTheDocument();
    expect(within(cart).getByLabelText('Cart total')).toHaveTextContent('$138.10');

    await userEvent.click(within(cart).getByRole('button', { name: 'Place orders' }));
    expect(await within(cart).findByText(/2 orders placed/)).toBeInTheDocument();
    expect(within(cart).getByRole('link', { name: 'View your orders' })).toHaveAttribute('href', '/marketplace/orders');
    expect(placed).toHaveLength(1);
    expect(placed[0]!.body).toEqual({
      orders: [
        { vendor_id: HENRY.id, products: [{ sku: 'HEN-LIDO', quantity: 2, price: 47 }] },
        { vendor_id: MEDLINE.id, products: [{ sku: 'MED-LIDO', quantity: 1, price: 44.1 }] },
      ],
      idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
    });
    // The cart of this location is empty, also after a reload.
    expect(localStorage.getItem(cartStorageKey(IDS.company))).toBeNull();
  });

  it('shows the new prices a refused placement answers, and places again at them with a new key', async () => {
    const bodies: PlaceOrderRequest[] = [];
    signIn({
      '/api/place-order': (_url, init) => {
        const body = bodyOf<PlaceOrderRequest>(init);
        bodies.push(body);
        const lines = body.orders.flatMap((o) => o.products.map((p) => ({ ...p, vendor_id: o.vendor_id })));
        const changed = repriced(lines);
        if (changed.some((l) => l.changed)) return jsonResponse({ statusCode: 409, code: 'PRICES_CHANGED', message: MARKETPLACE_MESSAGES.pricesChanged, details: { products: changed } }, 409);
        return jsonResponse({ orders: [marketplaceOrder(), marketplaceOrder({ id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', vendor: MEDLINE })] }, 201);
      },
    });
    const cart = await fillCart();

    await userEvent.click(within(cart).getByRole('button', { name: 'Place orders' }));
    expect(await within(cart).findByText(MARKETPLACE_MESSAGES.pricesChanged)).toBeInTheDocument();
    expect(within(cart).getByText('Price changed from $45.50 to $47.00')).toBeInTheDocument();
    expect(localStorage.getItem(cartStorageKey(IDS.company))).not.toBeNull();

    await userEvent.click(within(cart).getByRole('button', { name: 'Accept new prices' }));
    await userEvent.click(within(cart).getByRole('button', { name: 'Place orders' }));
    expect(await within(cart).findByText(/2 orders placed/)).toBeInTheDocument();
    expect(bodies).toHaveLength(2);
    expect(bodies[1]!.orders[0]!.products[0]).toEqual({ sku: 'HEN-LIDO', quantity: 2, price: 47 });
    expect(bodies[1]!.idempotency_key).not.toBe(bodies[0]!.idempotency_key);
  });

  it('retries with the same key after a lost answer', async () => {
    const keys: string[] = [];
    signIn({
      '/api/place-order': (_url, init) => {
        keys.push(bodyOf<PlaceOrderRequest>(init).idempotency_key);
        if (keys.length === 1) throw new TypeError('Failed to fetch');
        return jsonResponse({ orders: [marketplaceOrder()] }, 201);
      },
    });
    const cart = await fillCart();
    await userEvent.click(within(cart).getByRole('button', { name: 'Place orders' }));
    expect(await screen.findByText('Cannot reach the server. Check your connection and try again.')).toBeInTheDocument();
    await userEvent.click(within(cart).getByRole('button', { name: 'Place orders' }));
    expect(await within(cart).findByText(/1 order placed/)).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('asks to remove a line that is no longer offered before placing', async () => {
    signIn({
      '/api/check-checkout-price': (_url, init) => {
        const lines = bodyOf<{ products: CartLine[] }>(init).products.map((line) =>
          line.vendor_id === MEDLINE.id
            ? checkedLine(MEDLINE, { ...line, current_price: null, changed: true, problem: MARKETPLACE_MESSAGES.unavailable, total: 0 })
            : checkedLine(HENRY, { ...line, current_price: line.price }),
        );
        return jsonResponse({ products: lines, changed: true, total: 0 });
      },
    });
    const cart = await fillCart();
    await userEvent.click(within(cart).getByRole('button', { name: 'Check prices' }));
    expect(await within(cart).findByText(`${MARKETPLACE_MESSAGES.unavailable}: remove it to place the orders.`)).toBeInTheDocument();
    expect(within(cart).getByRole('button', { name: 'Place orders' })).toBeDisabled();

    await userEvent.click(within(cart).getByRole('button', { name: 'Remove Lidocaine 2% cartridges from Medline' }));
    await waitFor(() => { expect(within(cart).getByRole('button', { name: 'Place orders' })).toBeEnabled(); });
    expect(within(cart).queryByRole('region', { name: 'Order to Medline' })).not.toBeInTheDocument();
  });

  it('opens the cart on arrival at ?cart=open, and closing it leaves the address', async () => {
    signIn({});
    const line = { vendor: HENRY, sku: 'HEN-LIDO', description: 'Lidocaine 2% box of 50', product: LIDOCAINE, pack_size: 50, quantity: 2, price: 45.5 };
    localStorage.setItem(cartStorageKey(IDS.company), JSON.stringify([line]));
    const { router } = renderApp('/marketplace?cart=open');
    const cart = await screen.findByRole('region', { name: 'Cart' });
    expect(within(cart).getByLabelText('Cart total')).toHaveTextContent('$91.00');
    await userEvent.click(within(cart).getByRole('button', { name: 'Close the cart' }));
    await waitFor(() => { expect(router.state.location.search).toBe(''); });
    expect(router.state.location.pathname).toBe('/marketplace');
  });
});
