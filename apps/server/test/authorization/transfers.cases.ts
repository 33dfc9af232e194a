import { randomUUID } from 'node:crypto';
import { createProduct, createStock } from '../factories/index';
import type { TestApp } from '../setup/test-app';
import type { World } from '../world';
import { ALL, tenantOf, type Case, type Tenant } from './case';

/**
 * Issue 34, item 3: a transfer between the two locations of the tenant's organization, made by its
 * organization admin (requested, or shipped at once). Callers other than the organization admin
 * work at the first location: `toFirst` makes it the receiver, otherwise the sender.
 */
async function transferFor(w: World, t: TestApp, tenant: Tenant, options: { ship: boolean; toFirst: boolean }) {
  const { org, users } = tenantOf(w, tenant);
  const [first, second] = [org.locations[0]!.id, org.locations[1]!.id];
  const [from, to] = options.toFirst ? [second, first] : [first, second];
  const product = await createProduct(t.db, { companyId: null });
  await createStock(t.db, { companyId: from, productId: product.id });
  const res = await t.request({
    method: 'POST',
    url: '/api/transfers',
    token: t.tokenFor(users.organization_admin),
    payload: { from_company_id: from, to_company_id: to, items: [{ product_id: product.id, units: 1 }], ship: options.ship, idempotency_key: randomUUID() },
  });
  if (res.statusCode !== 201) throw new Error(`transfer not made: ${res.body}`);
  return { id: (res.json() as { id: string }).id, productId: product.id, from, to };
}

const READ = { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(200), assistant: ALL(200) };
/** Both ends' staff and the organization admin; another organization's transfer answers 404. */
const AT_ONE_END = (ok: number) => ({ anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(ok, 404), company_admin: ALL(ok, 404), company_member: ALL(ok, 404), assistant: ALL(ok, 404) });

export const transferCases: Record<string, Case> = {
  'GET /api/transfers': { build: () => ({ url: '/api/transfers' }), expect: READ },
  'GET /api/transfers/locations': { build: () => ({ url: '/api/transfers/locations' }), expect: READ },
  'GET /api/transfers/:id': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/transfers/${(await transferFor(w, t, tenant, { ship: false, toFirst: true })).id}` }),
    expect: AT_ONE_END(200),
  },
  // Units asked for the caller's location from the other one; another organization's locations are not there (400).
  'POST /api/transfers': {
    build: async (w, t, _caller, tenant) => {
      const { org } = tenantOf(w, tenant);
      const product = await createProduct(t.db, { companyId: null });
      return { url: '/api/transfers', payload: { from_company_id: org.locations[1]!.id, to_company_id: w.own.org.locations[0]!.id, items: [{ product_id: product.id, units: 1 }], idempotency_key: randomUUID() } };
    },
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(201, 400), company_admin: ALL(201, 400), company_member: ALL(201, 400), assistant: ALL(201, 400) },
  },
  'POST /api/transfers/:id/ship': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/transfers/${(await transferFor(w, t, tenant, { ship: false, toFirst: false })).id}/ship`, payload: { idempotency_key: randomUUID() } }),
    expect: AT_ONE_END(200),
  },
  'POST /api/transfers/:id/receive': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/transfers/${(await transferFor(w, t, tenant, { ship: true, toFirst: true })).id}/receive`, payload: { idempotency_key: randomUUID() } }),
    expect: AT_ONE_END(200),
  },
  'POST /api/transfers/:id/cancel': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/transfers/${(await transferFor(w, t, tenant, { ship: false, toFirst: true })).id}/cancel` }),
    expect: AT_ONE_END(200),
  },
};
