import { randomUUID } from 'node:crypto';
import { insertTreatment } from '../../src/modules/treatments/treatments.repo';
import { findOrCreatePatient, insertLogProducts, insertLogTreatments, insertTreatmentLog } from '../../src/modules/treatment-logs/treatment-logs.repo';
import { insertImplants } from '../../src/modules/treatment-logs/implants.repo';
import { createProduct } from '../factories/index';
import type { TestApp } from '../setup/test-app';
import type { World } from '../world';
import { ALL, locationOf, tenantOf, type Case, type Tenant } from './case';

const treatmentAt = (t: TestApp, companyId: string) =>
  insertTreatment(t.db, { companyId, treatmentCode: `L${randomUUID().slice(0, 8)}`, name: 'Matrix visit', abbreviation: '', description: '', categoryId: null, createdBy: null });

/** A recorded visit of a tenant's location. */
async function visitFor(world: World, t: TestApp, tenant: Tenant, caseNotes = '') {
  const companyId = locationOf(world, tenant);
  const treatment = await treatmentAt(t, companyId);
  const patient = await findOrCreatePatient(t.db, companyId, `CH-${randomUUID().slice(0, 6)}`);
  const log = await insertTreatmentLog(t.db, { companyId, patientId: patient.id, caseNotes, totalCost: 0, createdBy: tenantOf(world, tenant).users.company_member.id, createdAt: new Date() });
  await insertLogTreatments(t.db, log.id, [treatment.id]);
  return log;
}

/** An implant record of a tenant's patient (issue 20). */
async function implantFor(world: World, t: TestApp, tenant: Tenant) {
  const log = await visitFor(world, t, tenant);
  const product = await createProduct(t.db, { companyId: null, name: `Matrix implant ${randomUUID().slice(0, 6)}` });
  const lineId = randomUUID();
  await insertLogProducts(t.db, [{ id: lineId, treatmentLogId: log.id, companyId: log.companyId, treatmentId: null, productId: product.id, quantity: 1, cost: 0, unitPrice: 0, lotNumber: '' }]);
  const id = randomUUID();
  const serial = `SN-${randomUUID().slice(0, 8)}`;
  await insertImplants(t.db, [
    { id, companyId: log.companyId, patientId: log.patientId, treatmentLogId: log.id, treatmentLogProductId: lineId, productId: product.id, udi: `(01)09506000134352(21)${serial}`, deviceIdentifier: '09506000134352', serialNumber: serial, site: '36', implantedAt: new Date() },
  ]);
  return { id, patientId: log.patientId, serial };
}

/** The product admin treats no patients (403: no location); every location role reads its own. */
const LOCATION_READ = { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(200), assistant: ALL(200) };

export const treatmentLogCases: Record<string, Case> = {
  'POST /api/treatment_log': {
    // Own: a treatment of the caller's location; foreign: another organization's, which is not found (400).
    build: async (w, t, _caller, tenant) => ({
      url: '/api/treatment_log',
      payload: { patient_chart_number: 'CH-MATRIX', treatments: [(await treatmentAt(t, locationOf(w, tenant))).id], products: [], idempotency_key: randomUUID() },
    }),
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(201, 400), company_admin: ALL(201, 400), company_member: ALL(201, 400), assistant: ALL(201, 400) },
  },
  'GET /api/treatment_log': { build: () => ({ url: '/api/treatment_log' }), expect: LOCATION_READ },
  'GET /api/treatment_log/:id': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/treatment_log/${(await visitFor(w, t, tenant)).id}` }),
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200, 404), company_admin: ALL(200, 404), company_member: ALL(200, 404), assistant: ALL(200, 404) },
  },
  'PATCH /api/treatment_log/:id': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/treatment_log/${(await visitFor(w, t, tenant)).id}`, payload: { caseNotes: 'Tolerated well.' } }),
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200, 404), company_admin: ALL(200, 404), company_member: ALL(200, 404), assistant: ALL(200, 404) },
  },
  'PATCH /api/treatment_log/:id/regenerate-casenotes': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/treatment_log/${(await visitFor(w, t, tenant)).id}/regenerate-casenotes` }),
    // The visit has no recording: 400 for whoever may see it, 404 for another organization.
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(400, 404), company_admin: ALL(400, 404), company_member: ALL(400, 404), assistant: ALL(400, 404) },
  },
  // Issue 55: the tray a note proposes; a draft only, for whoever records or edits visits.
  'POST /api/treatment_log/tray-proposal': {
    // Own: a treatment of the caller's location; foreign: another organization's, which is not found (400).
    build: async (w, t, _caller, tenant) => ({
      url: '/api/treatment_log/tray-proposal',
      payload: { treatments: [(await treatmentAt(t, locationOf(w, tenant))).id], note: 'LA: 2 carpules of lidocaine.' },
    }),
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200, 400), company_admin: ALL(200, 400), company_member: ALL(200, 400), assistant: ALL(200, 400) },
  },
  'GET /api/treatment_log/:id/tray-proposal': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/treatment_log/${(await visitFor(w, t, tenant, 'Closed with 4-0 Vicryl.')).id}/tray-proposal` }),
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200, 404), company_admin: ALL(200, 404), company_member: ALL(200, 404), assistant: ALL(200, 404) },
  },
  'GET /api/recall': { build: () => ({ url: '/api/recall?lot=LOT-1' }), expect: LOCATION_READ },
  'GET /api/recall/export': { build: () => ({ url: '/api/recall/export?lot=LOT-1' }), expect: LOCATION_READ },
  // Marking a patient of a recall contacted: what a clinician who records visits may do; another organization's patient is not found.
  'PUT /api/recall/contacts/:patient_id': {
    build: async (w, t, _caller, tenant) => {
      const { patientId, serial } = await implantFor(w, t, tenant);
      return { url: `/api/recall/contacts/${patientId}?serial=${serial}` };
    },
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200, 404), company_admin: ALL(200, 404), company_member: ALL(200, 404), assistant: ALL(200, 404) },
  },
  'DELETE /api/recall/contacts/:patient_id': {
    build: async (w, t, _caller, tenant) => {
      const { patientId, serial } = await implantFor(w, t, tenant);
      return { url: `/api/recall/contacts/${patientId}?serial=${serial}` };
    },
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(204, 404), company_admin: ALL(204, 404), company_member: ALL(204, 404), assistant: ALL(204, 404) },
  },
  'GET /api/patient': { build: () => ({ url: '/api/patient' }), expect: LOCATION_READ },
  'GET /api/patient/:id/implants': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/patient/${(await implantFor(w, t, tenant)).patientId}/implants` }),
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200, 404), company_admin: ALL(200, 404), company_member: ALL(200, 404), assistant: ALL(200, 404) },
  },
  'GET /api/implant/:id/card': {
    build: async (w, t, _caller, tenant) => ({ url: `/api/implant/${(await implantFor(w, t, tenant)).id}/card` }),
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200, 404), company_admin: ALL(200, 404), company_member: ALL(200, 404), assistant: ALL(200, 404) },
  },
};
