import type { TestApp } from '../setup/test-app';
import { createOrganization, createSupplier, createUser } from '../factories/index';
import type { World } from '../world';
import { ALL, tenantOf, type Case, type Caller, type Tenant } from './case';
import { uploadCases } from './uploads.cases';
import { catalogCases } from './catalog.cases';
import { importCases } from './imports.cases';
import { stockCases } from './stock.cases';
import { transferCases } from './transfers.cases';
import { purchasingCases } from './purchasing.cases';
import { treatmentCases } from './treatments.cases';
import { treatmentLogCases } from './treatment-logs.cases';
import { reportCases } from './reports.cases';
import { paymentCases } from './payments.cases';
import { assistantCases } from './assistant.cases';
import { marketplaceCases } from './marketplace.cases';
import { auditCases } from './audit.cases';
import { jobsCases } from './jobs.cases';
import { countsCases, reorderCases, reorderWriteCases } from './counts.cases';
import { suggestionsCases } from './suggestions.cases';
import { pmsCases } from './pms.cases';

/**
 * Every route's row of the authorization matrix (test/authorization-matrix.test.ts), and the public
 * routes; the audit coverage test (test/audit-coverage.test.ts) reuses the rows' requests.
 */
export const PUBLIC_ROUTES = new Set([
  'POST /api/auth/login',
  'POST /api/auth/signup',
  'POST /api/password',
  'POST /api/password/reset',
  'GET /api/health',
  // Readiness (issue 38): what is missing, never the data.
  'GET /api/ready',
  // What a pending organization is offered to reach the team: no tenant data.
  'GET /api/config',
  // The local storage's presigned POST and signed reads: the policy or signature is the permission.
  'POST /api/upload/local',
  'GET /api/files/*',
  // The payment provider's webhook: its signature is the permission (400 without a valid one).
  'POST /api/payments/webhook',
  // The reorder digest's off link: its token is the permission (404 for any other), it tells nothing else.
  'GET /api/reorder/digest/off',
  'POST /api/reorder/digest/off',
]);
/** OpenAPI document and its UI: public by design (no tenant data). */
export const DOCS_PREFIX = '/api/docs';


/** A fresh company member to act on, so destructive cases never touch shared fixtures. */
async function freshMember(world: World, t: TestApp, tenant: Tenant) {
  const org = tenantOf(world, tenant).org;
  return createUser(t.db, { role: 'company_member', organizationId: org.id, companyId: org.locations[0]!.id });
}

const supplierBody = () => ({
  name: `Supplier ${Math.random().toString(36).slice(2, 8)}`,
  email: 'orders@supplier.example',
  phone: '+1 512 555 0199',
  tax_id: 'TX-1',
  address: '1 Main St',
  contact_email: 'rep@supplier.example',
  contact_phone: '+1 512 555 0198',
});

/** Own: a supplier of the caller's location (the admin's own are shared ones); foreign: another organization's. */
async function supplierFor(world: World, t: TestApp, caller: Caller, tenant: Tenant) {
  if (tenant === 'foreign') return createSupplier(t.db, { companyId: world.foreign.org.locations[0]!.id });
  return createSupplier(t.db, { companyId: caller === 'admin' ? null : world.own.org.locations[0]!.id });
}

export const FOUNDATION_CASES: Record<string, Case> = {
  'GET /api/auth/profile': {
    build: () => ({ url: '/api/auth/profile' }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(200), assistant: ALL(200) },
  },
  'GET /api/auth/permissions': {
    build: () => ({ url: '/api/auth/permissions' }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(200), assistant: ALL(200) },
  },
  // Each call signs a fresh token out: the world's users keep theirs.
  'POST /api/auth/logout': {
    build: () => ({ url: '/api/auth/logout' }),
    expect: { anonymous: ALL(401), admin: ALL(204), organization_admin: ALL(204), company_admin: ALL(204), company_member: ALL(204), assistant: ALL(204) },
  },
  'POST /api/auth/switch-locations': {
    build: (w, _t, _c, tenant) => ({ url: '/api/auth/switch-locations', payload: { company_id: tenantOf(w, tenant).org.locations[1]!.id } }),
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200, 404), company_admin: ALL(403), company_member: ALL(403), assistant: ALL(403) },
  },
  'GET /api/user': {
    build: (w, _t, _c, tenant) => ({ url: `/api/user?organization_id=${tenantOf(w, tenant).org.id}` }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(403), assistant: ALL(403) },
  },
  'POST /api/user': {
    build: (w, _t, _c, tenant) => ({
      url: '/api/user',
      payload: {
        first_name: 'New',
        last_name: 'Person',
        email: `new-${Math.random().toString(36).slice(2)}@example.com`,
        phone: `+1 555 ${Math.floor(1_000_000 + Math.random() * 8_999_999)}`,
        role: 'company_member',
        company_id: tenantOf(w, tenant).org.locations[0]!.id,
      },
    }),
    expect: { anonymous: ALL(401), admin: ALL(201), organization_admin: ALL(201, 404), company_admin: ALL(201, 404), company_member: ALL(403), assistant: ALL(403) },
  },
  'GET /api/user/test-emails': {
    build: () => ({ url: '/api/user/test-emails' }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(403), company_admin: ALL(403), company_member: ALL(403), assistant: ALL(403) },
  },
  'PATCH /api/user/:id': {
    build: async (w, t, _c, tenant) => ({ url: `/api/user/${(await freshMember(w, t, tenant)).id}`, payload: { first_name: 'Renamed' } }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(200, 404), company_admin: ALL(200, 404), company_member: ALL(404), assistant: ALL(404) },
  },
  'POST /api/user/:id/reset-password': {
    build: async (w, t, _c, tenant) => ({ url: `/api/user/${(await freshMember(w, t, tenant)).id}/reset-password`, payload: {} }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(200, 404), company_admin: ALL(200, 404), company_member: ALL(403), assistant: ALL(403) },
  },
  'PATCH /api/user/:id/reassign-location': {
    build: async (w, t, _c, tenant) => ({
      url: `/api/user/${(await freshMember(w, t, tenant)).id}/reassign-location`,
      payload: { companyId: tenantOf(w, tenant).org.locations[1]!.id },
    }),
    // A location admin cannot move people into a location they do not run.
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(200, 404), company_admin: ALL(404), company_member: ALL(403), assistant: ALL(403) },
  },
  'DELETE /api/user/:id': {
    build: async (w, t, _c, tenant) => ({ url: `/api/user/${(await freshMember(w, t, tenant)).id}` }),
    expect: { anonymous: ALL(401), admin: ALL(204), organization_admin: ALL(204, 404), company_admin: ALL(204, 404), company_member: ALL(403), assistant: ALL(403) },
  },
  'GET /api/company': {
    build: () => ({ url: '/api/company' }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(200), assistant: ALL(200) },
  },
  'GET /api/company/:id': {
    build: (w, _t, _c, tenant) => ({ url: `/api/company/${tenantOf(w, tenant).org.locations[0]!.id}` }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(200, 404), company_admin: ALL(200, 404), company_member: ALL(200, 404), assistant: ALL(200, 404) },
  },
  'PATCH /api/company/:id': {
    build: (w, _t, _c, tenant) => ({ url: `/api/company/${tenantOf(w, tenant).org.locations[0]!.id}`, payload: { city: 'Austin' } }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(200, 404), company_admin: ALL(200, 404), company_member: ALL(403), assistant: ALL(403) },
  },
  'DELETE /api/company/:id': {
    build: async (w, t, _c, tenant) => {
      const orgId = tenantOf(w, tenant).org.id;
      const res = await t.request({ method: 'POST', url: `/api/organization/${orgId}/location`, token: t.tokenFor(w.admin), payload: { name: 'Spare', city: 'Waco', state: 'TX' } });
      return { url: `/api/company/${res.json().id}` };
    },
    expect: { anonymous: ALL(401), admin: ALL(204), organization_admin: ALL(403), company_admin: ALL(403), company_member: ALL(403), assistant: ALL(403) },
  },
  'GET /api/organization': {
    build: () => ({ url: '/api/organization' }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(200), assistant: ALL(200) },
  },
  'GET /api/organization/:id': {
    build: (w, _t, _c, tenant) => ({ url: `/api/organization/${tenantOf(w, tenant).org.id}` }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(200, 404), company_admin: ALL(200, 404), company_member: ALL(200, 404), assistant: ALL(200, 404) },
  },
  'PATCH /api/organization/:id': {
    build: (w, _t, _c, tenant) => ({ url: `/api/organization/${tenantOf(w, tenant).org.id}`, payload: { numberOfLocations: 3 } }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(200, 404), company_admin: ALL(403), company_member: ALL(403), assistant: ALL(403) },
  },
  'DELETE /api/organization/:id': {
    build: async (w, t, caller, tenant) => {
      // The admin deletes throwaway organizations; everyone else is refused before anything happens.
      const id = caller === 'admin' ? (await createOrganization(t.db)).id : tenantOf(w, tenant).org.id;
      return { url: `/api/organization/${id}` };
    },
    expect: { anonymous: ALL(401), admin: ALL(204), organization_admin: ALL(403), company_admin: ALL(403), company_member: ALL(403), assistant: ALL(403) },
  },
  'PATCH /api/organization/:id/change-custom-price': {
    build: (w, _t, _c, tenant) => ({ url: `/api/organization/${tenantOf(w, tenant).org.id}/change-custom-price`, payload: { customPrice: '140.00' } }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(403), company_admin: ALL(403), company_member: ALL(403), assistant: ALL(403) },
  },
  'POST /api/organization/:id/location': {
    build: (w, _t, _c, tenant) => ({ url: `/api/organization/${tenantOf(w, tenant).org.id}/location`, payload: { name: 'Annex', city: 'Plano', state: 'TX' } }),
    expect: { anonymous: ALL(401), admin: ALL(201), organization_admin: ALL(201, 404), company_admin: ALL(403), company_member: ALL(403), assistant: ALL(403) },
  },
  'GET /api/supplier': {
    build: () => ({ url: '/api/supplier' }),
    expect: { anonymous: ALL(401), admin: ALL(200), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(200), assistant: ALL(200) },
  },
  'POST /api/supplier': {
    build: () => ({ url: '/api/supplier', payload: supplierBody() }),
    expect: { anonymous: ALL(401), admin: ALL(201), organization_admin: ALL(201), company_admin: ALL(201), company_member: ALL(201), assistant: ALL(403) },
  },
  'GET /api/supplier/:id': {
    build: async (w, t, caller, tenant) => ({ url: `/api/supplier/${(await supplierFor(w, t, caller, tenant)).id}` }),
    expect: { anonymous: ALL(401), admin: ALL(200, 404), organization_admin: ALL(200, 404), company_admin: ALL(200, 404), company_member: ALL(200, 404), assistant: ALL(200, 404) },
  },
  'PATCH /api/supplier/:id': {
    build: async (w, t, caller, tenant) => ({ url: `/api/supplier/${(await supplierFor(w, t, caller, tenant)).id}`, payload: { address: '1 New St' } }),
    expect: { anonymous: ALL(401), admin: ALL(200, 404), organization_admin: ALL(200, 404), company_admin: ALL(200, 404), company_member: ALL(200, 404), assistant: ALL(403) },
  },
  'DELETE /api/supplier/:id': {
    build: async (w, t, caller, tenant) => ({ url: `/api/supplier/${(await supplierFor(w, t, caller, tenant)).id}` }),
    expect: { anonymous: ALL(401), admin: ALL(204, 404), organization_admin: ALL(204, 404), company_admin: ALL(204, 404), company_member: ALL(403), assistant: ALL(403) },
  },
};

export const CASES: Record<string, Case> = { ...FOUNDATION_CASES, ...uploadCases, ...catalogCases, ...importCases, ...stockCases, ...transferCases, ...purchasingCases, ...treatmentCases, ...treatmentLogCases, ...reportCases, ...paymentCases, ...assistantCases, ...marketplaceCases, ...auditCases, ...jobsCases, ...countsCases, ...reorderCases, ...reorderWriteCases, ...suggestionsCases, ...pmsCases };
