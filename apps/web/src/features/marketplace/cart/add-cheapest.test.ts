import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarketplaceProduct } from '@clinic/domain';
import { setToken } from '../../../lib/auth-token';
import { stubApi } from '../../../test/fake-api';
import { fakeToken, jsonResponse, profileFor } from '../../../test/fixtures';
import { GLOVES, HENRY, LIDOCAINE, marketplaceProduct, MEDLINE, offer } from '../../../test/marketplace-fixtures';
import { addCheapestToCart, cheapestInStock, LOOKUP_CONCURRENCY, noOfferMessage, packsForContainers, packsToReachMinimum, searchTermOf } from './add-cheapest';
import type { CartItem } from './cart';

const HENRY_LIDO = offer(HENRY, { sku: 'HEN-LIDO', pack_size: 50, price: 45.5, unit_price: 0.91 });
const MEDLINE_LIDO = offer(MEDLINE, { sku: 'MED-LIDO', pack_size: 50, price: 44.1, unit_price: 0.882, cheapest: true });
/** Cheapest of all per unit, but out of stock: never picked. */
const MEDLINE_LIDO_BULK = offer(MEDLINE, { sku: 'MED-LIDO-500', pack_size: 500, price: 400, unit_price: 0.8, in_stock: false });

const page = (results: MarketplaceProduct[]) => ({ results, currentPage: 1, lastPage: 1, total: results.length });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cheapest in-stock offer', () => {
  it('is the lowest price per unit among offers in stock', () => {
    expect(cheapestInStock([HENRY_LIDO, MEDLINE_LIDO_BULK, MEDLINE_LIDO])).toBe(MEDLINE_LIDO);
  });

  it('takes the cheaper pack when two cost the same per unit, and none when nobody has stock', () => {
    const smallPack = offer(HENRY, { sku: 'HEN-10', pack_size: 10, price: 9.1, unit_price: 0.91 });
    expect(cheapestInStock([HENRY_LIDO, smallPack])).toBe(smallPack);
    expect(cheapestInStock([MEDLINE_LIDO_BULK])).toBeNull();
    expect(cheapestInStock([])).toBeNull();
  });
});

describe('packs to add', () => {
  it('for a running list line of one-unit containers: the containers when a pack is one, else enough packs to cover them', () => {
    expect(packsForContainers(3, 1, 1)).toBe(3);
    expect(packsForContainers(10, 1, 5)).toBe(2);
    expect(packsForContainers(12, 1, 5)).toBe(3);
    expect(packsForContainers(2, 1, 50)).toBe(1);
    expect(packsForContainers(500_000, 1, 1)).toBe(100_000);
  });

  it('for a running list line: its units (containers x units per container) in whole packs, rounded up', () => {
    // 3 boxes of 10 are 30 units: 3 packs of 10, 1 pack of 50, 30 single units.
    expect(packsForContainers(3, 10, 10)).toBe(3);
    expect(packsForContainers(3, 10, 50)).toBe(1);
    expect(packsForContainers(3, 10, 1)).toBe(30);
    expect(packsForContainers(4, 100, 250)).toBe(2);
  });

  it('for a low-stock alert: enough packs of their units to reach the minimum, and at least one', () => {
    expect(packsToReachMinimum(4, 10, 1)).toBe(6);
    expect(packsToReachMinimum(4, 10, 5)).toBe(2);
    expect(packsToReachMinimum(0, 100, 50)).toBe(2);
    expect(packsToReachMinimum(44, 100, 50)).toBe(2);
    expect(packsToReachMinimum(10, 10, 5)).toBe(1);
  });
});

describe('search term', () => {
  it('is the barcode when the product has one, else its name within the search’s 100 characters', () => {
    expect(searchTermOf({ ...LIDOCAINE, barcode: ' 00312345678906 ' })).toBe('00312345678906');
    expect(searchTermOf({ ...LIDOCAINE, barcode: '' })).toBe('Lidocaine 2% cartridges');
    expect(searchTermOf({ id: GLOVES.id, name: 'x'.repeat(140) })).toHaveLength(100);
  });
});

describe('adding the cheapest offers to the cart', () => {
  it('adds each product’s cheapest in-stock offer, and tells which products no vendor offers or could not be looked up', async () => {
    setToken(fakeToken('company_member'));
    const BIBS = { id: '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f', name: 'Patient bibs' };
    const fetchMock = stubApi(profileFor('company_member'), {
      '/api/marketplace/products': (url) => {
        const search = url.searchParams.get('search');
        if (search === '00312345678906') return jsonResponse(page([marketplaceProduct(LIDOCAINE, [HENRY_LIDO, MEDLINE_LIDO_BULK, MEDLINE_LIDO])]));
        // Found by a similar name only, and a product whose one offer is out of stock: neither is bought.
        if (search === 'Nitrile gloves M') return jsonResponse(page([marketplaceProduct({ ...GLOVES, id: BIBS.id }, [HENRY_LIDO]), marketplaceProduct(GLOVES, [MEDLINE_LIDO_BULK])]));
        return jsonResponse({ statusCode: 500, message: 'Boom' }, 500);
      },
    });
    const added: CartItem[] = [];
    const outcomes = await addCheapestToCart(
      [
        { product: { ...LIDOCAINE, barcode: '00312345678906' }, packs: (o) => packsForContainers(3, 1, o.pack_size) },
        { product: { ...GLOVES, barcode: '' }, packs: () => 1 },
        { product: BIBS, packs: () => 1 },
      ],
      (item) => added.push(item),
    );

    expect(outcomes.map((o) => [o.product.name, o.kind])).toEqual([
      ['Lidocaine 2% cartridges', 'added'],
      ['Nitrile gloves M', 'noOffer'],
      ['Patient bibs', 'failed'],
    ]);
    expect(added).toEqual([{ vendor: MEDLINE, sku: 'MED-LIDO', description: 'Box of 50', product: LIDOCAINE, pack_size: 50, quantity: 1, price: 44.1 }]);
    const searches = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === '/api/marketplace/products');
    expect(searches.map((url) => [url.searchParams.get('search'), url.searchParams.get('perPage')])).toEqual([
      ['00312345678906', '5'],
      ['Nitrile gloves M', '5'],
      ['Patient bibs', '5'],
    ]);
    expect(noOfferMessage([GLOVES, BIBS])).toBe('No vendor offers Nitrile gloves M or Patient bibs yet');
  });

  it('looks products up in parallel, never more than four at once', async () => {
    setToken(fakeToken('company_member'));
    let running = 0;
    let most = 0;
    stubApi(profileFor('company_member'), {
      '/api/marketplace/products': async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running -= 1;
        return jsonResponse(page([]));
      },
    });
    const products = Array.from({ length: 9 }, (_, i) => ({ id: `00000000-0000-4000-8000-00000000000${String(i)}`, name: `Product ${String(i)}` }));
    const outcomes = await addCheapestToCart(products.map((product) => ({ product, packs: () => 1 })), () => undefined);
    expect(outcomes.every((o) => o.kind === 'noOffer')).toBe(true);
    expect(most).toBe(LOOKUP_CONCURRENCY);
    expect(LOOKUP_CONCURRENCY).toBe(4);
  });
});
