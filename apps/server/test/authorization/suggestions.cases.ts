import { createSuggestedLine } from '../factories/index';
import { ALL, locationOf, type Case } from './case';

// Issue 35: suggested orders. Whoever sees the location's purchase orders sees its draft; its
// admins draft, review and order it. A line of another organization's draft answers 404. The
// product admin has no location (403).
const ADMINS = (own: number, foreign: number = own) => ({ anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(own, foreign), company_admin: ALL(own, foreign), company_member: ALL(403), assistant: ALL(403) });

export const suggestionsCases: Record<string, Case> = {
  'GET /api/reorder/suggestions': {
    build: () => ({ url: '/api/reorder/suggestions' }),
    expect: { anonymous: ALL(401), admin: ALL(403), organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(200), assistant: ALL(403) },
  },
  'POST /api/reorder/suggestions/refresh': { build: () => ({ url: '/api/reorder/suggestions/refresh' }), expect: ADMINS(200) },
  'PATCH /api/reorder/suggestions/lines/:id': {
    build: async (w, t, _c, tenant) => ({ url: `/api/reorder/suggestions/lines/${(await createSuggestedLine(t.db, { companyId: locationOf(w, tenant) })).line.id}`, payload: { quantity: 2 } }),
    expect: ADMINS(200, 404),
  },
  'DELETE /api/reorder/suggestions/lines/:id': {
    build: async (w, t, _c, tenant) => ({ url: `/api/reorder/suggestions/lines/${(await createSuggestedLine(t.db, { companyId: locationOf(w, tenant) })).line.id}` }),
    expect: ADMINS(200, 404),
  },
  // The caller's own draft, whatever the tenant: ordering names no record of another organization.
  'POST /api/reorder/suggestions/order': {
    build: async (w, t) => {
      await createSuggestedLine(t.db, { companyId: locationOf(w, 'own') });
      return { url: '/api/reorder/suggestions/order', payload: {} };
    },
    expect: ADMINS(200),
  },
};
