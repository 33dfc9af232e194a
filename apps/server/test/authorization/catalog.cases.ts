import { createCategory, createProduct } from '../factories/index';
import { insertAttachment } from '../../src/modules/products/products.repo';
import type { TestApp } from '../setup/test-app';
import type { World } from '../world';
import { ALL, locationOf, type Case, type Caller, type Tenant } from './case';

/** Own: a record of the caller's location (the admin's own are shared); foreign: another organization's. */
const ownerFor = (world: World, caller: Caller, tenant: Tenant) => (tenant === 'foreign' ? locationOf(world, 'foreign') : caller === 'admin' ? null : locationOf(world, 'own'));
const categoryFor = (world: World, t: TestApp, caller: Caller, tenant: Tenant) => createCategory(t.db, { companyId: ownerFor(world, caller, tenant) });
const productFor = (world: World, t: TestApp, caller: Caller, tenant: Tenant) => {
  const companyId = ownerFor(world, caller, tenant);
  return createProduct(t.db, { companyId, isApproved: companyId === null });
};
/** Approval acts on a location's pending product, in either organization. */
const pendingFor = (world: World, t: TestApp, tenant: Tenant) => createProduct(t.db, { companyId: locationOf(world, tenant), isApproved: false });
const unique = () => Math.random().toString(36).slice(2, 8);

const READ_ALL = { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(200), assistant: ALL(200) };

export const catalogCases: Record<string, Case> = {
  'GET /api/category': { build: () => ({ url: '/api/category' }), expect: READ_ALL },
  'POST /api/category': {
    build: () => ({ url: '/api/category', payload: { name: `Category ${unique()}` } }),
    expect: { anonymous: ALL(401), admin: ALL(201), organization_admin: ALL(201), company_admin: ALL(201), company_member: ALL(201), assistant: ALL(403) },
  },
  'GET /api/category/:id': {
    build: async (w, t, caller, tenant) => ({ url: `/api/category/${(await categoryFor(w, t, caller, tenant)).id}` }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(200, 404), company_admin: ALL(200, 404), company_member: ALL(200, 404), assistant: ALL(200, 404) },
  },
  'PATCH /api/category/:id': {
    build: async (w, t, caller, tenant) => ({ url: `/api/category/${(await categoryFor(w, t, caller, tenant)).id}`, payload: { description: 'Updated' } }),
    expect: { anonymous: ALL(401), admin: ALL(200, 404), organization_admin: ALL(200, 404), company_admin: ALL(200, 404), company_member: ALL(200, 404), assistant: ALL(403) },
  },
  'DELETE /api/category/:id': {
    build: async (w, t, caller, tenant) => ({ url: `/api/category/${(await categoryFor(w, t, caller, tenant)).id}` }),
    expect: { anonymous: ALL(401), admin: ALL(204, 404), organization_admin: ALL(204, 404), company_admin: ALL(204, 404), company_member: ALL(403), assistant: ALL(403) },
  },

  'GET /api/product': { build: () => ({ url: '/api/product' }), expect: READ_ALL },
  'GET /api/product/allproduct': { build: () => ({ url: '/api/product/allproduct' }), expect: READ_ALL },
  'GET /api/product/v2': { build: () => ({ url: '/api/product/v2?fuzzySearchQuery=product' }), expect: READ_ALL },
  'GET /api/product/v2/export-xls': { build: () => ({ url: '/api/product/v2/export-xls' }), expect: READ_ALL },
  'POST /api/product': {
    build: () => ({ url: '/api/product', payload: { name: `Product ${unique()}`, type: 'disposable', container: 'box', basic_unit: 'item' } }),
    expect: { anonymous: ALL(401), admin: ALL(201), organization_admin: ALL(201), company_admin: ALL(201), company_member: ALL(201), assistant: ALL(403) },
  },
  'GET /api/product/:id': {
    build: async (w, t, caller, tenant) => ({ url: `/api/product/${(await productFor(w, t, caller, tenant)).id}` }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(200, 404), company_admin: ALL(200, 404), company_member: ALL(200, 404), assistant: ALL(200, 404) },
  },
  'PATCH /api/product/:id': {
    build: async (w, t, caller, tenant) => ({ url: `/api/product/${(await productFor(w, t, caller, tenant)).id}`, payload: { brand: 'Renamed Brand' } }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(200, 404), company_admin: ALL(200, 404), company_member: ALL(200, 404), assistant: ALL(403) },
  },
  'DELETE /api/product/:id': {
    build: async (w, t, caller, tenant) => ({ url: `/api/product/${(await productFor(w, t, caller, tenant)).id}` }),
    expect: { anonymous: ALL(401), admin: ALL(204), organization_admin: ALL(204, 404), company_admin: ALL(204, 404), company_member: ALL(403), assistant: ALL(403) },
  },
  'PATCH /api/product/:id/approve': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/product/${(await pendingFor(w, t, tenant)).id}/approve` }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(403), company_admin: ALL(403), company_member: ALL(403), assistant: ALL(403) },
  },
  'PATCH /api/product/:id/reject': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/product/${(await pendingFor(w, t, tenant)).id}/reject` }),
    expect: { anonymous: ALL(401), admin: ALL(204), organization_admin: ALL(403), company_admin: ALL(403), company_member: ALL(403), assistant: ALL(403) },
  },
  'POST /api/product/:id/attachment': {
    build: async (w, t, caller, tenant) => ({
      url: `/api/product/${(await productFor(w, t, caller, tenant)).id}/attachment`,
      payload: { name: 'Technique video', type: 'video', value: 'https://videos.example/technique' },
    }),
    expect: { anonymous: ALL(401), admin: ALL(201), organization_admin: ALL(201, 404), company_admin: ALL(201, 404), company_member: ALL(201, 404), assistant: ALL(403) },
  },
  'DELETE /api/product/:id/attachment/:attachmentId': {
    build: async (w, t, caller, tenant) => {
      const product = await productFor(w, t, caller, tenant);
      const attachment = await insertAttachment(t.db, { productId: product.id, companyId: ownerFor(w, caller, tenant), name: 'Video', type: 'video', value: 'https://videos.example/x' });
      return { url: `/api/product/${product.id}/attachment/${attachment.id}` };
    },
    expect: { anonymous: ALL(401), admin: ALL(204, 404), organization_admin: ALL(204, 404), company_admin: ALL(204, 404), company_member: ALL(204, 404), assistant: ALL(403) },
  },
};
