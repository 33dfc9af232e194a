import { randomUUID } from 'node:crypto';
import { createPmsProcedure } from '../factories/index';
import { uploadFile } from '../fixtures/files';
import { ALL, locationOf, tenantOf, type Case } from './case';

// Issue 36: the practice-management link. Staff who record visits see and confirm what waits at
// the chair (another organization's procedure: 404); the location's admins import procedures and
// map codes. The product admin has no location (403).
const CHAIR = (ok: number, foreign: number = ok) => ({ anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(ok, foreign), company_admin: ALL(ok, foreign), company_member: ALL(ok, foreign), assistant: ALL(ok, foreign) });
const ADMINS = (ok: number, foreign: number = ok) => ({ anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(ok, foreign), company_admin: ALL(ok, foreign), company_member: ALL(403), assistant: ALL(403) });

export const pmsCases: Record<string, Case> = {
  'GET /api/pms/waiting': { build: () => ({ url: '/api/pms/waiting' }), expect: CHAIR(200) },
  'POST /api/pms/waiting/confirm': {
    build: async (w, t, _c, tenant) => ({ url: '/api/pms/waiting/confirm', payload: { procedure_ids: [(await createPmsProcedure(t.db, { companyId: locationOf(w, tenant) })).procedure.id], idempotency_key: randomUUID() } }),
    expect: CHAIR(201, 404),
  },
  'POST /api/pms/procedures/:id/dismiss': {
    build: async (w, t, _c, tenant) => ({ url: `/api/pms/procedures/${(await createPmsProcedure(t.db, { companyId: locationOf(w, tenant) })).procedure.id}/dismiss` }),
    expect: CHAIR(204, 404),
  },
  // Issue 50: the patient of an Open Dental procedure whose patient has no chart number, picked at the chair.
  'PUT /api/pms/procedures/:id/patient': {
    build: async (w, t, _c, tenant) => ({
      url: `/api/pms/procedures/${(await createPmsProcedure(t.db, { companyId: locationOf(w, tenant), patientWithoutChart: '9002' })).procedure.id}/patient`,
      payload: { chart_number: `PT-${randomUUID().slice(0, 8)}` },
    }),
    expect: CHAIR(204, 404),
  },
  // A file uploaded at the tenant's location: another organization's upload is not the caller's to read (400).
  'POST /api/pms/procedures/import': {
    build: async (w, t, _c, tenant) => {
      const csv = `Date,Chart Number,Procedure Code,Fee\n2026-11-26,PT-${randomUUID().slice(0, 6)},D2391,185\n`;
      const url = await uploadFile(t, t.tokenFor(tenantOf(w, tenant).users.company_admin), 'product_csv_import', { name: 'p.csv', mimeType: 'text/csv', bytes: Buffer.from(csv) });
      return { url: '/api/pms/procedures/import', payload: { file_url: url } };
    },
    expect: ADMINS(200, 400),
  },
  'GET /api/pms/codes': { build: () => ({ url: '/api/pms/codes' }), expect: CHAIR(200) },
  // A treatment of another organization is not one to map to (400).
  'PUT /api/pms/codes': {
    build: async (w, t, _c, tenant) => ({ url: '/api/pms/codes', payload: { code: 'D2391', treatment_id: (await createPmsProcedure(t.db, { companyId: locationOf(w, tenant) })).treatment.id } }),
    expect: ADMINS(200, 400),
  },
  'GET /api/pms/upcoming': { build: () => ({ url: '/api/pms/upcoming' }), expect: CHAIR(200) },
  'POST /api/pms/upcoming/import': {
    build: async (w, t, _c, tenant) => {
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const url = await uploadFile(t, t.tokenFor(tenantOf(w, tenant).users.company_admin), 'product_csv_import', { name: 's.csv', mimeType: 'text/csv', bytes: Buffer.from(`Date,Chart Number,Procedure Code\n${tomorrow},PT-1,D6010\n`) });
      return { url: '/api/pms/upcoming/import', payload: { file_url: url } };
    },
    expect: ADMINS(200, 400),
  },
  'PUT /api/pms/production/monthly': { build: () => ({ url: '/api/pms/production/monthly', payload: { month: '2026-11', amount: 25000 } }), expect: ADMINS(200) },
  'POST /api/pms/production/import': {
    build: async (w, t, _c, tenant) => {
      const url = await uploadFile(t, t.tokenFor(tenantOf(w, tenant).users.company_admin), 'product_csv_import', { name: 'prod.csv', mimeType: 'text/csv', bytes: Buffer.from('Date,Production\n2026-11-26,4210.50\n') });
      return { url: '/api/pms/production/import', payload: { file_url: url } };
    },
    expect: ADMINS(200, 400),
  },
  // The Open Dental connection of the caller's own location (the tenant changes nothing): its admins only.
  'GET /api/pms/connection': { build: () => ({ url: '/api/pms/connection' }), expect: ADMINS(200) },
  // Saved without keys (the matrix's app has no PMS_SECRET_KEY), the sync off.
  'PUT /api/pms/connection': {
    build: () => ({ url: '/api/pms/connection', payload: { base_url: 'https://api.opendental.com/api/v1', clinic_num: null, enabled: false, take_stock_on_complete: false } }),
    expect: ADMINS(200),
  },
  // A closed port on this computer: the answer is Open Dental's absence in plain words (200, ok: false).
  'POST /api/pms/connection/test': {
    build: () => ({ url: '/api/pms/connection/test', payload: { base_url: 'http://127.0.0.1:9/api/v1', developer_key: 'developer', customer_key: 'customer' } }),
    expect: ADMINS(200),
  },
  // The matrix's connection is saved with the sync off (no keys without PMS_SECRET_KEY): the
  // refusal says to turn it on (400); a run that succeeds is audit-coverage.test.ts's.
  'POST /api/pms/connection/sync': { build: () => ({ url: '/api/pms/connection/sync' }), expect: ADMINS(400) },
};
