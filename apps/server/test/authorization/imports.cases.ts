import { insertImport, insertImportLines, listImportLines } from '../../src/modules/imports/imports.repo';
import { uploadFile } from '../fixtures/files';
import type { TestApp } from '../setup/test-app';
import type { World } from '../world';
import { ALL, locationOf, type Case } from './case';

const ADMIN_ONLY = (status: number) => ({ anonymous: ALL(401), admin: ALL(status), organization_admin: ALL(403), company_admin: ALL(403), company_member: ALL(403), assistant: ALL(403) });
const unique = () => Math.random().toString(36).slice(2, 8);

/** An admin import (imports belong to the product admin's catalog) with one failed row. */
async function failedImportRow(world: World, t: TestApp) {
  const job = await insertImport(t.db, { companyId: null, fileKey: 'shared/product_csv_import/x/file.csv', fileName: 'file.csv', createdBy: world.admin.id });
  await insertImportLines(t.db, [{ importId: job.id, rowNumber: 2, status: 'failed', reason: 'Type is required', data: { name: `Matrix Import ${unique()}`, barcode: `M${unique()}`, basic_unit: 'item' }, productId: null }]);
  const { records } = await listImportLines(t.db, job.id, undefined, { offset: 0, limit: 1 });
  return { job, line: records[0]! };
}

export const importCases: Record<string, Case> = {
  'POST /api/import/product': {
    build: async (w, t) => {
      // The admin's upload for every caller: the others are refused on permission before the body counts.
      const url = await uploadFile(t, t.tokenFor(w.admin), 'product_csv_import', { name: 'p.csv', mimeType: 'text/csv', bytes: Buffer.from('Product Name,Barcode,Type,Basic Unit\n') });
      return { url: '/api/import/product', payload: { file_url: url } };
    },
    expect: ADMIN_ONLY(202),
  },
  'POST /api/import/treatment': {
    // Into the tenant's location: the admin may name any location, the others are refused on permission.
    build: async (w, t, _caller, tenant) => {
      const csv = `Treatment Code,Name\nM${unique()},Matrix design\n`;
      const url = await uploadFile(t, t.tokenFor(w.admin), 'product_csv_import', { name: 't.csv', mimeType: 'text/csv', bytes: Buffer.from(csv) });
      return { url: '/api/import/treatment', payload: { file_url: url, location_id: locationOf(w, tenant) } };
    },
    expect: ADMIN_ONLY(200),
  },
  'GET /api/import/product': { build: () => ({ url: '/api/import/product' }), expect: ADMIN_ONLY(200) },
  'GET /api/import/product/:id': {
    build: async (w, t) => ({ url: `/api/import/product/${(await failedImportRow(w, t)).job.id}` }),
    expect: ADMIN_ONLY(200),
  },
  'PATCH /api/import/product/csv_product/:id': {
    build: async (w, t) => ({ url: `/api/import/product/csv_product/${(await failedImportRow(w, t)).line.id}`, payload: { type: 'disposable' } }),
    expect: ADMIN_ONLY(200),
  },
};
