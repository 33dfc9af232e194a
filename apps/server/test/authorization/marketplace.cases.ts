import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createProduct, createSupplier } from '../factories/index';
import { queryRows } from '../setup/sql';
import { multipartFile, priceListCsv, uploadPriceList } from '../fixtures/price-lists';
import type { TestApp } from '../setup/test-app';
import type { World } from '../world';
import { ALL, locationOf, tenantOf, type Case, type Caller, type Tenant } from './case';

/** A supplier of the tenant's location with a price list offering one catalog product (sku S-1 at $10). */
async function vendorFor(world: World, t: TestApp, tenant: Tenant) {
  const id = randomUUID().slice(0, 8);
  const product = await createProduct(t.db, { companyId: null, barcode: `MK${id}` });
  const supplier = await createSupplier(t.db, { companyId: locationOf(world, tenant) });
  const csv = priceListCsv([{ sku: 'S-1', description: 'Item', barcode: `MK${id}`, packSize: 1, price: 10 }]);
  const res = await uploadPriceList(t, t.tokenFor(tenantOf(world, tenant).users.company_member), supplier.id, { name: 'p.csv', bytes: Buffer.from(csv) });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { supplier, product };
}

/** A marketplace order of the tenant's location, with a vendor reference and a tracking link of its own. */
async function orderFor(world: World, t: TestApp, tenant: Tenant) {
  const { supplier } = await vendorFor(world, t, tenant);
  const res = await t.request({
    method: 'POST',
    url: '/api/place-order',
    token: t.tokenFor(tenantOf(world, tenant).users.company_member),
    payload: { idempotency_key: randomUUID(), orders: [{ vendor_id: supplier.id, products: [{ sku: 'S-1', quantity: 1, price: 10 }] }] },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const id = res.json().orders[0].id as string;
  const reference = `REF-${randomUUID()}`;
  const trackingUrl = `https://track.example/${randomUUID()}`;
  await t.db.execute(sql`update vendor_orders set vendor_reference = ${reference}, tracking_url = ${trackingUrl} where purchase_order_id = ${id}`);
  return { id, reference, trackingUrl };
}

const MARKETPLACE = (own: number, foreign = own) => ({
  anonymous: ALL(401),
  // The product admin runs no location and buys nothing; the assistant has no marketplace.
  admin: ALL(403),
  organization_admin: ALL(own, foreign),
  company_admin: ALL(own, foreign),
  company_member: ALL(own, foreign),
  assistant: ALL(403),
});
const SUPPLIER_WRITE = (own: number) => ({ ...MARKETPLACE(own, 404), admin: ALL(403) });

const today = new Date().toISOString().slice(0, 10);
const notAdmin = (caller: Caller) => caller !== 'admin';

export const marketplaceCases: Record<string, Case> = {
  'GET /api/marketplace/products': { build: () => ({ url: '/api/marketplace/products?search=item' }), expect: MARKETPLACE(200) },
  'POST /api/check-checkout-price': {
    // Another organization's supplier is no vendor of the caller's: its line comes back with a problem.
    build: async (w, t, caller, tenant) => ({
      url: '/api/check-checkout-price',
      payload: { products: [{ vendor_id: notAdmin(caller) ? (await vendorFor(w, t, tenant)).supplier.id : randomUUID(), sku: 'S-1', quantity: 1, price: 10 }] },
    }),
    expect: MARKETPLACE(200),
  },
  'POST /api/fetch-final-price-:vendor': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/fetch-final-price-${(await vendorFor(w, t, tenant)).supplier.id}`, payload: { products: [{ sku: 'S-1', quantity: 2 }] } }),
    expect: MARKETPLACE(200, 404),
  },
  'POST /api/place-order': {
    build: async (w, t, _caller, tenant) => ({
      url: '/api/place-order',
      payload: { idempotency_key: randomUUID(), orders: [{ vendor_id: (await vendorFor(w, t, tenant)).supplier.id, products: [{ sku: 'S-1', quantity: 1, price: 10 }] }] },
    }),
    expect: MARKETPLACE(201, 400),
  },
  'GET /api/order-status': { build: () => ({ url: `/api/order-status?startDate=${today}&endDate=${today}` }), expect: MARKETPLACE(200) },
  'GET /api/order-details/by-date': { build: () => ({ url: `/api/order-details/by-date?startDate=${today}&endDate=${today}` }), expect: MARKETPLACE(200) },
  'GET /api/order-details': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/order-details?orderId=${(await orderFor(w, t, tenant)).id}` }),
    expect: MARKETPLACE(200, 404),
  },
  'GET /api/order-details/byOrderId': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/order-details/byOrderId?orderId=${(await orderFor(w, t, tenant)).reference}` }),
    expect: MARKETPLACE(200, 404),
  },
  'GET /api/order-tracking': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/order-tracking?url=${encodeURIComponent((await orderFor(w, t, tenant)).trackingUrl)}` }),
    expect: MARKETPLACE(200, 404),
  },
  'PATCH /api/order-details/:id/status': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/order-details/${(await orderFor(w, t, tenant)).id}/status`, payload: { status: 'confirmed' } }),
    expect: MARKETPLACE(200, 404),
  },
  'POST /api/supplier/:id/price-list': {
    build: async (w, t, _caller, tenant) => {
      const supplier = await createSupplier(t.db, { companyId: locationOf(w, tenant) });
      const { payload, headers } = multipartFile('p.csv', Buffer.from(priceListCsv([{ sku: 'A', description: 'A', packSize: 1, price: 1 }])));
      return { url: `/api/supplier/${supplier.id}/price-list`, payload, headers };
    },
    expect: SUPPLIER_WRITE(200),
  },
  'GET /api/supplier/:id/price-list': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/supplier/${(await createSupplier(t.db, { companyId: locationOf(w, tenant) })).id}/price-list` }),
    // Anyone who reads suppliers reads a price list of the location's own supplier.
    expect: { ...MARKETPLACE(200, 404), assistant: ALL(200, 404) },
  },
  'PATCH /api/supplier/:id/price-list/items/:itemId': {
    build: async (w, t, _caller, tenant) => {
      const { supplier } = await vendorFor(w, t, tenant);
      const [item] = await queryRows<{ id: string }>(t.db, sql`select id from price_list_items where supplier_id = ${supplier.id}`);
      return { url: `/api/supplier/${supplier.id}/price-list/items/${item!.id}`, payload: { product_id: null } };
    },
    expect: SUPPLIER_WRITE(200),
  },
  'DELETE /api/supplier/:id/price-list': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/supplier/${(await vendorFor(w, t, tenant)).supplier.id}/price-list` }),
    expect: SUPPLIER_WRITE(204),
  },
};
