import { randomUUID } from 'node:crypto';
import { createProduct, createRequestWithoutSupplier, createStock, createSupplier } from '../factories/index';
import { insertRunningList, insertRunningListProducts } from '../../src/modules/purchasing/running-lists.repo';
import { findOrderLines, insertPurchaseOrder, insertPurchaseOrderLines, nextDocumentNumber } from '../../src/modules/purchasing/purchase-orders.repo';
import type { TestApp } from '../setup/test-app';
import type { World } from '../world';
import { ALL, locationOf, tenantOf, type Case, type Tenant } from './case';

/** An open running list of a tenant's location with one product on it. */
async function listFor(world: World, t: TestApp, tenant: Tenant) {
  const companyId = locationOf(world, tenant);
  const supplier = await createSupplier(t.db, { companyId: null });
  const product = await createProduct(t.db, { companyId: null });
  const list = await insertRunningList(t.db, { companyId, supplierId: supplier.id, createdBy: tenantOf(world, tenant).users.company_member.id });
  const [line] = await insertRunningListProducts(t.db, [{ runningListId: list.id, companyId, productId: product.id, quantity: 2, price: 10, highPriority: false }]);
  return { list, line: line!, product };
}

/** A purchase order of a tenant's location, generated from such a list. */
async function orderFor(world: World, t: TestApp, tenant: Tenant) {
  const { list, product } = await listFor(world, t, tenant);
  const order = await insertPurchaseOrder(t.db, {
    companyId: list.companyId,
    number: await nextDocumentNumber(t.db, list.companyId, 'purchase_order'),
    runningListId: list.id,
    supplierId: list.supplierId,
    total: 20,
    createdBy: list.createdBy!,
    createdAt: new Date(),
  });
  await insertPurchaseOrderLines(t.db, [{ purchaseOrderId: order.id, companyId: list.companyId, productId: product.id, productName: product.name, quantity: 2, price: 10 }]);
  const [line] = await findOrderLines(t.db, order.id);
  return { order, line: line! };
}

/** A location's own product, stocked there from a shared supplier: one Request Product can go through. */
async function requestableProduct(world: World, t: TestApp, tenant: Tenant) {
  const companyId = locationOf(world, tenant);
  const product = await createProduct(t.db, { companyId, isApproved: false });
  await createStock(t.db, { companyId, productId: product.id, supplierId: (await createSupplier(t.db, { companyId: null })).id });
  return product;
}

/** A request of a tenant's location waiting for a supplier, asked by its member. */
const awaitingFor = async (world: World, t: TestApp, tenant: Tenant) =>
  (await createRequestWithoutSupplier(t.db, { companyId: locationOf(world, tenant), requestedBy: tenantOf(world, tenant).users.company_member.id })).request;

/** Location admins only (`companies.update`); the product admin has no location (403). */
const LOCATION_ADMINS = (own: number, foreign: number = own) => ({ anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(own, foreign), company_admin: ALL(own, foreign), company_member: ALL(403), assistant: ALL(403) });

/** The product admin has no location and no purchasing (403); everyone else reads their own. */
const LOCATION_READ = { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(200), assistant: ALL(200) };
const ON_OWN = (ok: number, assistant: number, foreign = 404) => ({
  anonymous: ALL(401),
  admin: ALL(403),
  organization_admin: ALL(ok, foreign),
  company_admin: ALL(ok, foreign),
  company_member: ALL(ok, foreign),
  assistant: assistant === ok ? ALL(ok, foreign) : ALL(assistant),
});

export const purchasingCases: Record<string, Case> = {
  'GET /api/purchase/running-list': { build: () => ({ url: '/api/purchase/running-list' }), expect: LOCATION_READ },
  'POST /api/purchase/running-list': {
    // Own: a shared supplier; foreign: another organization's own supplier, which is not there to pick.
    build: async (w, t, _caller, tenant) => ({
      url: '/api/purchase/running-list',
      payload: { supplier_id: (await createSupplier(t.db, { companyId: tenant === 'own' ? null : locationOf(w, 'foreign') })).id },
    }),
    expect: ON_OWN(201, 201, 400),
  },
  'GET /api/purchase/running-list/:id': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/purchase/running-list/${(await listFor(w, t, tenant)).list.id}` }),
    expect: ON_OWN(200, 200),
  },
  'DELETE /api/purchase/running-list/:id': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/purchase/running-list/${(await listFor(w, t, tenant)).list.id}` }),
    expect: ON_OWN(204, 403),
  },
  'POST /api/purchase/running-list/product': {
    build: async (w, t, _caller, tenant) => ({
      url: '/api/purchase/running-list/product',
      payload: { running_list_id: (await listFor(w, t, tenant)).list.id, product_id: (await createProduct(t.db, { companyId: null })).id },
    }),
    // Another organization's list is not one to add to (400: not found among the caller's lists).
    expect: ON_OWN(201, 201, 400),
  },
  'POST /api/purchase/running-list/product/bulk': {
    build: async (w, t, _caller, tenant) => ({
      url: '/api/purchase/running-list/product/bulk',
      payload: { runningListId: (await listFor(w, t, tenant)).list.id, runningListProducts: [{ product_id: (await createProduct(t.db, { companyId: null })).id }] },
    }),
    expect: ON_OWN(201, 201, 400),
  },
  'PATCH /api/purchase/running-list/product/:id': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/purchase/running-list/product/${(await listFor(w, t, tenant)).line.id}`, payload: { quantity: 3 } }),
    expect: ON_OWN(200, 403),
  },
  'DELETE /api/purchase/running-list/product/:id': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/purchase/running-list/product/${(await listFor(w, t, tenant)).line.id}` }),
    expect: ON_OWN(204, 403),
  },
  // Request Product: a product of the tenant's location (foreign: another organization's own, not approved: 404), bought there from a shared supplier.
  'POST /api/product/:id/requests': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/product/${(await requestableProduct(w, t, tenant)).id}/requests`, payload: { quantity: 1, urgency: 'routine', idempotency_key: randomUUID() } }),
    expect: ON_OWN(201, 201),
  },
  'GET /api/product/:id/requests': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/product/${(await requestableProduct(w, t, tenant)).id}/requests` }),
    expect: ON_OWN(200, 200),
  },
  // Issue 50: requests without a supplier, for the location's admins. Another organization's request is not found.
  'GET /api/purchase/product-requests/without-supplier': { build: () => ({ url: '/api/purchase/product-requests/without-supplier' }), expect: LOCATION_ADMINS(200) },
  'POST /api/purchase/product-requests/:id/supplier': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/purchase/product-requests/${(await awaitingFor(w, t, tenant)).id}/supplier`, payload: { supplier_id: (await createSupplier(t.db, { companyId: null })).id } }),
    expect: LOCATION_ADMINS(200, 404),
  },
  'DELETE /api/purchase/product-requests/:id': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/purchase/product-requests/${(await awaitingFor(w, t, tenant)).id}` }),
    expect: LOCATION_ADMINS(204, 404),
  },
  'POST /api/purchase/running-list/reorder-suggestions': { build: () => ({ url: '/api/purchase/running-list/reorder-suggestions', payload: {} }), expect: LOCATION_READ },
  'POST /api/purchase/running-list/purchase-order': {
    build: async (w, t, _caller, tenant) => ({ url: '/api/purchase/running-list/purchase-order', payload: { runningListId: (await listFor(w, t, tenant)).list.id } }),
    // The assistant adds to lists but does not order; another organization's list is not found (400).
    expect: ON_OWN(201, 403, 400),
  },
  'GET /api/purchase/purchase-order': {
    build: () => ({ url: '/api/purchase/purchase-order' }),
    expect: { ...LOCATION_READ, assistant: ALL(403) },
  },
  'GET /api/purchase/purchase-order/:id': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/purchase/purchase-order/${(await orderFor(w, t, tenant)).order.id}` }),
    expect: ON_OWN(200, 403),
  },
  'POST /api/purchase/purchase-order/:id/receive': {
    build: async (w, t, _caller, tenant) => {
      const { order, line } = await orderFor(w, t, tenant);
      return { url: `/api/purchase/purchase-order/${order.id}/receive`, payload: { idempotency_key: randomUUID(), lines: [{ line_id: line.id, quantity: 1, units_per_container: 10, lotNumber: 'L-1' }] } };
    },
    expect: ON_OWN(200, 403),
  },
};
