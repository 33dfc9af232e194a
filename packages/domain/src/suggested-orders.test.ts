import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { orderShipping, routeProduct, SUGGESTION_MESSAGES } from './suggested-orders';

describe('routing a product to a vendor (pure)', () => {
  const position = (last: { unitsPerContainer: number; pricePerContainer: number } | null) => ({
    productId: randomUUID(),
    name: 'Implant',
    minimumStock: 2,
    pinned: null,
    forecast: null,
    usableUnits: 0,
    onOrderUnits: 0,
    last: last ? { supplierId: randomUUID(), supplierName: 'Usual', ...last } : null,
  });
  const offer = (over: Partial<{ vendorName: string; packSize: number; price: number; inStock: boolean }>) => ({ vendorId: randomUUID(), vendorName: 'Dist', sku: 'D-1', description: '', packSize: 1, price: 10, inStock: true, productId: null, ...over });
  const kinds = new Map<string, 'supplier' | 'distributor'>();

  it('never chooses a distributor\'s pack of 0 and names it when nothing else is left', () => {
    const routed = routeProduct(position(null), [offer({ vendorName: 'Acme Direct', packSize: 0 })], kinds);
    expect(routed).toMatchObject({ choice: null, problem: SUGGESTION_MESSAGES.packZero('Acme Direct') });
    const fallback = routeProduct(position({ unitsPerContainer: 5, pricePerContainer: 40 }), [offer({ packSize: 0 })], kinds);
    expect(fallback.choice).toMatchObject({ sku: null, packSize: 5, price: 40 });
  });

  it('counts a pack of boxes in units, and prefers an in-stock offer to a cheaper one out of stock', () => {
    const routed = routeProduct(position({ unitsPerContainer: 10, pricePerContainer: 100 }), [offer({ vendorName: 'Cheap', price: 5, inStock: false }), offer({ vendorName: 'Stocked', packSize: 2, price: 18 })], kinds);
    expect(routed.choice).toMatchObject({ vendorName: 'Stocked', packSize: 20, price: 18 });
    expect(routed.choices.map((c) => c.vendorName)).toEqual(['Cheap', 'Stocked', 'Usual']);
  });

  it('a last delivery priced at 0 with no offer: nothing ordered, and it says why', () => {
    expect(routeProduct(position({ unitsPerContainer: 1, pricePerContainer: 0 }), [], kinds)).toMatchObject({ choice: null, problem: SUGGESTION_MESSAGES.lastPriceZero('Usual') });
  });
});

describe('a vendor\'s order and its shipping (issue 51)', () => {
  it.each([
    { name: 'under the threshold: the fee, and how much more ships free', total: 430, terms: { shipping_fee: 12, free_shipping_over: 500 }, fee: 12, shortOfFree: 70 },
    { name: 'at the threshold: free', total: 500, terms: { shipping_fee: 12, free_shipping_over: 500 }, fee: 0, shortOfFree: null },
    { name: 'over it: free', total: 812.4, terms: { shipping_fee: 12, free_shipping_over: 500 }, fee: 0, shortOfFree: null },
    { name: 'no threshold: the fee whatever the order', total: 5000, terms: { shipping_fee: 9.5, free_shipping_over: null }, fee: 9.5, shortOfFree: null },
    { name: 'no fee: nothing to reach', total: 10, terms: { shipping_fee: 0, free_shipping_over: 500 }, fee: 0, shortOfFree: null },
  ])('$name', ({ total, terms, fee, shortOfFree }) => {
    expect(orderShipping(total, terms)).toEqual({ fee, shortOfFree });
  });
});
