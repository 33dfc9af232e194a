import { insertCheckout, listSubscriptions } from '../../src/modules/payments/payments.repo';
import { subscribe } from '../factories/index';
import type { TestApp } from '../setup/test-app';
import type { World } from '../world';
import { ALL, tenantOf, type Caller, type Case, type Tenant } from './case';

/**
 * Payments act on the caller's own organization (the admin has none: 403); only its organization
 * and location admins buy, manage and cancel. The world's organizations are subscribed, so a new
 * checkout is refused with 409 once past the role check.
 */
const BUYERS = { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200, 404), company_admin: ALL(200, 404), company_member: ALL(403), assistant: ALL(403) };

/** A local checkout of the tenant's organization, opened by its organization admin. */
async function checkoutFor(w: World, t: TestApp, tenant: Tenant) {
  const org = tenantOf(w, tenant);
  return insertCheckout(t.db, {
    organizationId: org.org.id,
    createdBy: org.users.organization_admin.id,
    provider: 'local',
    planId: 'twelve_months_single',
    isTrial: false,
    periodCents: 205_188,
    setupFeeCents: 0,
    locations: 2,
  });
}

/** A subscription of the tenant's organization to cancel (not the one that keeps the world subscribed). */
async function extraSubscription(w: World, t: TestApp, _caller: Caller, tenant: Tenant) {
  const orgId = tenantOf(w, tenant).org.id;
  const id = `test_sub_cancel_${Math.random().toString(36).slice(2, 10)}`;
  await subscribe(t.db, orgId, { id, expiresAt: new Date(Date.now() + 30 * 86_400_000) });
  const rows = await listSubscriptions(t.db, orgId);
  return rows.find((r) => r.providerSubscriptionId === id)!.providerSubscriptionId;
}

export const paymentCases: Record<string, Case> = {
  'GET /api/payments/create-checkout-session': {
    build: () => ({ url: '/api/payments/create-checkout-session?product_id=six_months_single' }),
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(409), company_admin: ALL(409), company_member: ALL(403), assistant: ALL(403) },
  },
  'GET /api/payments/manage': {
    build: () => ({ url: '/api/payments/manage' }),
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(403), assistant: ALL(403) },
  },
  'GET /api/payments/cancel-subscription': {
    build: async (w, t, caller, tenant) => ({ url: `/api/payments/cancel-subscription?subscription_id=${await extraSubscription(w, t, caller, tenant)}` }),
    expect: BUYERS,
  },
  'GET /api/payments/my-subscriptions': {
    build: (w, _t, _c, tenant) => ({ url: `/api/payments/my-subscriptions?organization_id=${tenantOf(w, tenant).org.id}` }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(200, 404), company_admin: ALL(200, 404), company_member: ALL(200, 404), assistant: ALL(200, 404) },
  },
  'GET /api/payments/refresh-subscriptions': {
    build: () => ({ url: '/api/payments/refresh-subscriptions' }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(200), assistant: ALL(200) },
  },
  'POST /api/payments/provide-free-subscription': {
    build: (w, _t, _c, tenant) => ({ url: `/api/payments/provide-free-subscription?organization_id=${tenantOf(w, tenant).org.id}` }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(403), company_admin: ALL(403), company_member: ALL(403), assistant: ALL(403) },
  },
  'GET /api/payments/local-checkout/:id': {
    build: async (w, t, _c, tenant) => ({ url: `/api/payments/local-checkout/${(await checkoutFor(w, t, tenant)).id}` }),
    expect: BUYERS,
  },
  'POST /api/payments/local-checkout/:id/complete': {
    build: async (w, t, _c, tenant) => ({ url: `/api/payments/local-checkout/${(await checkoutFor(w, t, tenant)).id}/complete` }),
    expect: BUYERS,
  },
  'POST /api/payments/local-checkout/:id/cancel': {
    build: async (w, t, _c, tenant) => ({ url: `/api/payments/local-checkout/${(await checkoutFor(w, t, tenant)).id}/cancel` }),
    expect: BUYERS,
  },
};
