import { createProduct } from '../factories/index';
import { insertTreatmentCategory } from '../../src/modules/treatments/treatment-categories.repo';
import { insertTreatment } from '../../src/modules/treatments/treatments.repo';
import type { TestApp } from '../setup/test-app';
import type { World } from '../world';
import { ALL, locationOf, type Case, type Tenant } from './case';

let serial = 0;
const unique = () => `${String(Date.now())}-${String(++serial)}`;

const categoryFor = (world: World, t: TestApp, tenant: Tenant) => insertTreatmentCategory(t.db, { companyId: locationOf(world, tenant), name: `Category ${unique()}`, description: '' });
const treatmentFor = (world: World, t: TestApp, tenant: Tenant) =>
  insertTreatment(t.db, { companyId: locationOf(world, tenant), treatmentCode: `C${unique()}`, name: 'Matrix treatment', abbreviation: '', description: '', categoryId: null, createdBy: null });

/** The product admin designs no treatments (403: no location); locations read their own. */
const LOCATION_READ = { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(200), assistant: ALL(200) };
/** Location admins do everything, members all but delete, assistants only read (docs/permissions.md). */
const ON_OWN = (ok: number, member: number, assistant: number) => ({
  anonymous: ALL(401),
  admin: ALL(403),
  organization_admin: ALL(ok, 404),
  company_admin: ALL(ok, 404),
  company_member: member === ok ? ALL(ok, 404) : ALL(member),
  assistant: assistant === ok ? ALL(ok, 404) : ALL(assistant),
});

export const treatmentCases: Record<string, Case> = {
  'GET /api/treatment/category': { build: () => ({ url: '/api/treatment/category' }), expect: LOCATION_READ },
  'POST /api/treatment/category': {
    build: () => ({ url: '/api/treatment/category', payload: { name: `Category ${unique()}` } }),
    expect: { ...LOCATION_READ, organization_admin: ALL(201), company_admin: ALL(201), company_member: ALL(201), assistant: ALL(403) },
  },
  'GET /api/treatment/category/:id': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/treatment/category/${(await categoryFor(w, t, tenant)).id}` }),
    expect: ON_OWN(200, 200, 200),
  },
  'PATCH /api/treatment/category/:id': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/treatment/category/${(await categoryFor(w, t, tenant)).id}`, payload: { description: 'Renamed' } }),
    expect: ON_OWN(200, 200, 403),
  },
  'DELETE /api/treatment/category/:id': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/treatment/category/${(await categoryFor(w, t, tenant)).id}` }),
    expect: ON_OWN(204, 403, 403),
  },
  'GET /api/treatment': { build: () => ({ url: '/api/treatment' }), expect: LOCATION_READ },
  'GET /api/treatment/executed-within': { build: () => ({ url: '/api/treatment/executed-within?start_date=2026-01-01&end_date=2026-12-31' }), expect: LOCATION_READ },
  'POST /api/treatment': {
    build: async (_w, t) => ({ url: '/api/treatment', payload: { treatment_code: `N${unique()}`, name: 'New design', treatmentProducts: [{ product_id: (await createProduct(t.db, { companyId: null })).id, quantity: 1 }] } }),
    expect: { ...LOCATION_READ, organization_admin: ALL(201), company_admin: ALL(201), company_member: ALL(201), assistant: ALL(403) },
  },
  'GET /api/treatment/:id': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/treatment/${(await treatmentFor(w, t, tenant)).id}` }),
    expect: ON_OWN(200, 200, 200),
  },
  'PATCH /api/treatment/:id': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/treatment/${(await treatmentFor(w, t, tenant)).id}`, payload: { name: 'Renamed design' } }),
    expect: ON_OWN(200, 200, 403),
  },
  'DELETE /api/treatment/:id': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/treatment/${(await treatmentFor(w, t, tenant)).id}` }),
    expect: ON_OWN(204, 403, 403),
  },
};
