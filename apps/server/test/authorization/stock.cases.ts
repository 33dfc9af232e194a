import { randomUUID } from 'node:crypto';
import { createPlace, createProduct, createStock, createSupplier } from '../factories/index';
import { alerts } from '../../src/db/schema/index';
import type { TestApp } from '../setup/test-app';
import type { World } from '../world';
import { ALL, locationOf, type Case, type Tenant } from './case';

/** Stock of a location of the tenant, of a catalog product every location sees. */
async function stockFor(world: World, t: TestApp, tenant: Tenant) {
  const product = await createProduct(t.db, { companyId: null });
  return createStock(t.db, { companyId: locationOf(world, tenant), productId: product.id });
}

async function alertFor(world: World, t: TestApp, tenant: Tenant) {
  const stock = await stockFor(world, t, tenant);
  const [row] = await t.db.insert(alerts).values({ companyId: stock.companyId, productId: stock.productId, stockId: stock.id, kind: 'expiring' }).returning();
  return row!;
}

/** The product admin keeps no stock and has no alerts (403: no location). */
const LOCATION_READ = { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(200), assistant: ALL(200) };
const ON_OWN_STOCK = (ok: number, assistant: number) => ({
  anonymous: ALL(401),
  admin: ALL(403),
  organization_admin: ALL(ok, 404),
  company_admin: ALL(ok, 404),
  company_member: ALL(ok, 404),
  assistant: assistant === ok ? ALL(ok, 404) : ALL(assistant),
});

/** Issue 34: places are changed by who may update the location (its admins); the admin has none. */
const LOCATION_ADMIN = (ok: number) => ({ anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(ok, 404), company_admin: ALL(ok, 404), company_member: ALL(403), assistant: ALL(403) });

export const stockCases: Record<string, Case> = {
  'GET /api/places': {
    build: () => ({ url: '/api/places' }),
    expect: LOCATION_READ,
  },
  'POST /api/places': {
    build: () => ({ url: '/api/places', payload: { name: `Closet ${randomUUID().slice(0, 8)}` } }),
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(201), company_admin: ALL(201), company_member: ALL(403), assistant: ALL(403) },
  },
  'PATCH /api/places/:id': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/places/${(await createPlace(t.db, { companyId: locationOf(w, tenant) })).id}`, payload: { name: `Renamed ${randomUUID().slice(0, 8)}` } }),
    expect: LOCATION_ADMIN(200),
  },
  'POST /api/places/:id/retire': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/places/${(await createPlace(t.db, { companyId: locationOf(w, tenant) })).id}/retire` }),
    expect: LOCATION_ADMIN(200),
  },
  // Who may edit a lot may move its units to another place of the caller's own location.
  'POST /api/stock/:id/move': {
    build: async (w, t, _caller, tenant) => ({
      url: `/api/stock/${(await stockFor(w, t, tenant)).id}/move`,
      payload: { units: 1, place_id: (await createPlace(t.db, { companyId: locationOf(w, 'own') })).id, idempotency_key: randomUUID() },
    }),
    expect: ON_OWN_STOCK(200, 200),
  },
  'GET /api/stock': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/stock?productId=${(await stockFor(w, t, tenant)).productId}` }),
    // A product every location sees: the list is the caller's own (empty for a foreign stock).
    expect: LOCATION_READ,
  },
  'POST /api/stock': {
    build: async (w, t) => {
      const product = await createProduct(t.db, { companyId: null });
      const supplier = await createSupplier(t.db, { companyId: null });
      return { url: '/api/stock', payload: { product_id: product.id, supplier_id: supplier.id, container_quantity: 1, units_per_container: 5, price_per_container: 10, expiry_date: '2099-01-01' } };
    },
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(201), company_admin: ALL(201), company_member: ALL(201), assistant: ALL(201) },
  },
  'POST /api/stock/consume': {
    build: async (w, t, _caller, tenant) => ({ url: '/api/stock/consume', payload: { product_id: (await stockFor(w, t, tenant)).productId, quantity: 1, idempotency_key: randomUUID() } }),
    // Another organization's units are not there to take: not enough stock at the caller's location.
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200, 409), company_admin: ALL(200, 409), company_member: ALL(200, 409), assistant: ALL(200, 409) },
  },
  'GET /api/stock/:id': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/stock/${(await stockFor(w, t, tenant)).id}` }),
    expect: ON_OWN_STOCK(200, 200),
  },
  'PATCH /api/stock/:id': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/stock/${(await stockFor(w, t, tenant)).id}`, payload: { note: 'Counted' } }),
    expect: ON_OWN_STOCK(200, 200),
  },
  'POST /api/stock/:id/status': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/stock/${(await stockFor(w, t, tenant)).id}/status`, payload: { status: 'quarantined', reason: 'Torn packaging' } }),
    // Whoever may edit a lot may recall or quarantine it.
    expect: ON_OWN_STOCK(200, 200),
  },
  'DELETE /api/stock/:id': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/stock/${(await stockFor(w, t, tenant)).id}` }),
    expect: ON_OWN_STOCK(204, 403),
  },
  // Issue 20: taking units off the books is a removal (stock.delete): not the assistant's.
  'POST /api/stock/:id/dispose': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/stock/${(await stockFor(w, t, tenant)).id}/dispose`, payload: { reason: 'damaged', units: 1, idempotency_key: randomUUID() } }),
    expect: ON_OWN_STOCK(200, 403),
  },
  'POST /api/stock/:id/return': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/stock/${(await stockFor(w, t, tenant)).id}/return`, payload: { units: 1, credit_amount: 2.5, supplier_reference: 'RMA-1', idempotency_key: randomUUID() } }),
    expect: ON_OWN_STOCK(200, 403),
  },
  'GET /api/product/:id/tracking-reports': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/product/${(await stockFor(w, t, tenant)).productId}/tracking-reports` }),
    // Catalog products are seen by every location; each reads its own cycles (none for another's stock).
    expect: LOCATION_READ,
  },
  'GET /api/product/:id/estimated-cycle-unit-price': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/product/${(await stockFor(w, t, tenant)).productId}/estimated-cycle-unit-price?get-last-tracker=true` }),
    expect: LOCATION_READ,
  },
  'GET /api/alert': { build: () => ({ url: '/api/alert' }), expect: LOCATION_READ },
  'POST /api/alert/:id/dismiss': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/alert/${(await alertFor(w, t, tenant)).id}/dismiss` }),
    expect: ON_OWN_STOCK(204, 403),
  },
};
