import { randomUUID } from 'node:crypto';
import { cancelCountsUnderWay, createCategory, createCount, createPlace, createProduct, createStock, createSupplier } from '../factories/index';
import type { TestApp } from '../setup/test-app';
import type { World } from '../world';
import { ALL, locationOf, type Case, type Tenant } from './case';

// Issue 34: cycle counts. Everyone at a location reads its counts; who may update stock counts and
// submits (assistants included); the location's admins start, approve and cancel. Another
// organization's count answers 404; the product admin has no location (403).
const READ = { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200, 404), company_admin: ALL(200, 404), company_member: ALL(200, 404), assistant: ALL(200, 404) };
const COUNTING = (ok: number) => ({ anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(ok, 404), company_admin: ALL(ok, 404), company_member: ALL(ok, 404), assistant: ALL(ok, 404) });
const ADMINS = (ok: number) => ({ anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(ok, 404), company_admin: ALL(ok, 404), company_member: ALL(403), assistant: ALL(403) });

const countOf = (w: World, t: TestApp, tenant: Tenant, status: 'open' | 'submitted' = 'open') => createCount(t.db, { companyId: locationOf(w, tenant), status });

export const countsCases: Record<string, Case> = {
  'GET /api/counts': { build: () => ({ url: '/api/counts' }), expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(200), assistant: ALL(200) } },
  'GET /api/counts/accuracy': { build: () => ({ url: '/api/counts/accuracy' }), expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(200), assistant: ALL(200) } },
  // The whole location (one lot there at least); a foreign tenant's place is not the caller's to count (400).
  'POST /api/counts': {
    build: async (w, t, _caller, tenant) => {
      await cancelCountsUnderWay(t.db, locationOf(w, 'own'));
      const product = await createProduct(t.db, { companyId: null });
      await createStock(t.db, { companyId: locationOf(w, 'own'), productId: product.id });
      if (tenant === 'own') return { url: '/api/counts', payload: { scope: 'location' } };
      const place = await createPlace(t.db, { companyId: locationOf(w, 'foreign') });
      return { url: '/api/counts', payload: { scope: 'place', place_id: place.id } };
    },
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(201, 400), company_admin: ALL(201, 400), company_member: ALL(403), assistant: ALL(403) },
  },
  'GET /api/counts/:id': { build: async (w, t, _c, tenant) => ({ url: `/api/counts/${(await countOf(w, t, tenant)).count.id}` }), expect: READ },
  'GET /api/counts/:id/lines': { build: async (w, t, _c, tenant) => ({ url: `/api/counts/${(await countOf(w, t, tenant)).count.id}/lines` }), expect: READ },
  'GET /api/counts/:id/variance': { build: async (w, t, _c, tenant) => ({ url: `/api/counts/${(await countOf(w, t, tenant)).count.id}/variance` }), expect: READ },
  'PUT /api/counts/:id/lines/:lineId': {
    build: async (w, t, _c, tenant) => {
      const { count, line } = await countOf(w, t, tenant);
      return { url: `/api/counts/${count.id}/lines/${line.id}`, payload: { counted_units: 7 } };
    },
    expect: COUNTING(200),
  },
  'POST /api/counts/:id/found': {
    build: async (w, t, _c, tenant) => {
      const { count } = await countOf(w, t, tenant);
      const product = await createProduct(t.db, { companyId: null });
      return { url: `/api/counts/${count.id}/found`, payload: { product_id: product.id, lot_number: `F-${randomUUID().slice(0, 6)}`, counted_units: 2 } };
    },
    expect: COUNTING(201),
  },
  'POST /api/counts/:id/submit': { build: async (w, t, _c, tenant) => ({ url: `/api/counts/${(await createCount(t.db, { companyId: locationOf(w, tenant), counted: 9 })).count.id}/submit` }), expect: COUNTING(200) },
  'POST /api/counts/:id/approve': { build: async (w, t, _c, tenant) => ({ url: `/api/counts/${(await countOf(w, t, tenant, 'submitted')).count.id}/approve` }), expect: ADMINS(200) },
  'POST /api/counts/:id/cancel': { build: async (w, t, _c, tenant) => ({ url: `/api/counts/${(await countOf(w, t, tenant)).count.id}/cancel` }), expect: ADMINS(200) },
};

// Issue 35: a product's reorder facts, for whoever reads the location's stock. A catalog product
// every location sees: the caller's own figures (nothing held for a foreign one).
export const reorderCases: Record<string, Case> = {
  'GET /api/product/:id/reorder': {
    build: async (_w, t) => ({ url: `/api/product/${(await createProduct(t.db, { companyId: null })).id}/reorder` }),
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(200), assistant: ALL(200) },
  },
};

// Issue 35: levels pinned by who may edit the product; the settings by the location's admins.
const PRODUCT_EDIT = { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(200), assistant: ALL(403) };
export const reorderWriteCases: Record<string, Case> = {
  'PUT /api/product/:id/reorder-levels': {
    build: async (_w, t) => ({ url: `/api/product/${(await createProduct(t.db, { companyId: null })).id}/reorder-levels`, payload: { reorder_point: 5, order_up_to: 12 } }),
    expect: PRODUCT_EDIT,
  },
  'DELETE /api/product/:id/reorder-levels': {
    build: async (_w, t) => ({ url: `/api/product/${(await createProduct(t.db, { companyId: null })).id}/reorder-levels` }),
    expect: PRODUCT_EDIT,
  },
  'GET /api/reorder/settings': {
    build: () => ({ url: '/api/reorder/settings' }),
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(200), assistant: ALL(200) },
  },
  'PUT /api/reorder/settings': {
    build: () => ({ url: '/api/reorder/settings', payload: { service_level: 0.98, review_days: 7 } }),
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(403), assistant: ALL(403) },
  },
  // Issue 51: a product's own fill-rate target, by who may edit the product (as its levels).
  'PUT /api/product/:id/fill-rate': {
    build: async (_w, t) => ({ url: `/api/product/${(await createProduct(t.db, { companyId: null })).id}/fill-rate`, payload: { fill_rate: 0.995 } }),
    expect: PRODUCT_EDIT,
  },
  'DELETE /api/product/:id/fill-rate': {
    build: async (_w, t) => ({ url: `/api/product/${(await createProduct(t.db, { companyId: null })).id}/fill-rate` }),
    expect: PRODUCT_EDIT,
  },
  // A category's target at the location: read with its stock, set by its admins; another organization's category is not found.
  'GET /api/reorder/category-fill-rates': {
    build: () => ({ url: '/api/reorder/category-fill-rates' }),
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(200), assistant: ALL(200) },
  },
  'PUT /api/reorder/category-fill-rates/:id': {
    build: async (w, t, _c, tenant) => ({ url: `/api/reorder/category-fill-rates/${(await createCategory(t.db, { companyId: locationOf(w, tenant) })).id}`, payload: { fill_rate: 0.97 } }),
    expect: ADMINS(200),
  },
  'DELETE /api/reorder/category-fill-rates/:id': {
    build: async (w, t, _c, tenant) => ({ url: `/api/reorder/category-fill-rates/${(await createCategory(t.db, { companyId: locationOf(w, tenant) })).id}` }),
    expect: ADMINS(200),
  },
  // A supplier's shipping terms at the location: read with its stock, set by its admins; another organization's supplier is not found.
  'GET /api/supplier/:id/shipping': {
    build: async (w, t, _c, tenant) => ({ url: `/api/supplier/${(await createSupplier(t.db, { companyId: locationOf(w, tenant) })).id}/shipping` }),
    expect: READ,
  },
  'PUT /api/supplier/:id/shipping': {
    build: async (w, t, _c, tenant) => ({ url: `/api/supplier/${(await createSupplier(t.db, { companyId: locationOf(w, tenant) })).id}/shipping`, payload: { shipping_fee: 12, free_shipping_over: 500 } }),
    expect: ADMINS(200),
  },
  'DELETE /api/supplier/:id/shipping': {
    build: async (w, t, _c, tenant) => ({ url: `/api/supplier/${(await createSupplier(t.db, { companyId: locationOf(w, tenant) })).id}/shipping` }),
    expect: ADMINS(200),
  },
  // The digest e-mail: each location admin's own choice at their location (the product admin has none).
  'GET /api/reorder/digest': {
    build: () => ({ url: '/api/reorder/digest' }),
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(403), assistant: ALL(403) },
  },
  'PUT /api/reorder/digest': {
    build: () => ({ url: '/api/reorder/digest', payload: { frequency: 'weekly' } }),
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(403), assistant: ALL(403) },
  },
};
