import type { CheckedLine, MarketplaceOrder, MarketplaceProduct, Offer, VendorRef } from '@clinic/domain';

/** Henry is one of the location's own suppliers (price list); Medline a distributor reached through its API. */
export const HENRY: VendorRef = { id: '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a', name: 'Henry Dental Supply', kind: 'supplier' };
export const MEDLINE: VendorRef = { id: '6a5f4e3d-2c1b-4a9f-8e7d-6c5b4a3f2e1d', name: 'Medline', kind: 'distributor' };

export const LIDOCAINE = { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Lidocaine 2% cartridges' };
export const GLOVES = { id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', name: 'Nitrile gloves M' };

export function offer(vendor: VendorRef, overrides: Partial<Offer> = {}): Offer {
  return { vendor, sku: `${vendor.name.slice(0, 3).toUpperCase()}-100`, description: 'Box of 50', pack_size: 50, price: 45, unit_price: 0.9, in_stock: true, cheapest: false, ...overrides };
}

export function marketplaceProduct(product: { id: string; name: string }, offers: Offer[]): MarketplaceProduct {
  return { product: { ...product, barcode: '', manufacturer_code: '', type: 'consumable' }, offers };
}

export function checkedLine(vendor: VendorRef, overrides: Partial<CheckedLine> = {}): CheckedLine {
  const line = { vendor_id: vendor.id, vendor, sku: 'SKU', quantity: 1, price: 10, product_id: LIDOCAINE.id, description: 'Box of 50', pack_size: 50, current_price: 10, in_stock: true, changed: false, problem: null, total: 10 };
  return { ...line, ...overrides };
}

export function marketplaceOrder(overrides: Partial<MarketplaceOrder> = {}): MarketplaceOrder {
  return {
    id: '8f7e6d5c-4b3a-4c2d-9e1f-0a9b8c7d6e5f',
    number: 'PO-000042',
    vendor: HENRY,
    status: 'placed',
    receiving_status: 'ordered',
    total: 1234.5,
    saved: 12.25,
    vendor_reference: null,
    carrier: null,
    tracking_url: null,
    error: null,
    lines_count: 2,
    created_at: '2026-03-05T15:30:00.000Z',
    created_by: 'Dana Reyes',
    updated_at: '2026-03-05T15:30:00.000Z',
    ...overrides,
  };
}
