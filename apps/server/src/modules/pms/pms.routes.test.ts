import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PMS_MESSAGES, UPLOAD_MESSAGES, type WaitingVisit } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { createProduct, createStock } from '../../../test/factories/index';
import { uploadFile } from '../../../test/fixtures/files';
import { createWorld, type World } from '../../../test/world';
import { insertCompany } from '../companies/companies.repo';

// Issue 36: procedures completed in the practice-management system, brought in by the CSV any PMS
// exports, waiting at the chair and recorded once through the ledger. Each test works at a
// location of its own.
let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const tag = () => randomUUID().slice(0, 8);
const adminAt = (companyId: string) => t.tokenFor(world.own.users.organization_admin, companyId);
const HEADER = 'Date,Chart Number,Procedure Code,Fee,Procedure ID';

async function location(): Promise<string> {
  return (await insertCompany(t.db, { organizationId: world.own.org.id, name: `PMS ${tag()}`, city: 'Austin', state: 'TX' })).id;
}

async function importCsv(token: string, lines: string[]) {
  const url = await uploadFile(t, token, 'product_csv_import', { name: 'procedures.csv', mimeType: 'text/csv', bytes: Buffer.from([HEADER, ...lines].join('\r\n')) });
  return t.request({ method: 'POST', url: '/api/pms/procedures/import', token, payload: { file_url: url } });
}

/** A composite filling (D2391) designed at the location with a tray of 2 capsules and 1 bond. */
async function filling(companyId: string, token: string) {
  const capsules = await createProduct(t.db, { companyId: null, name: `Composite capsule ${tag()}` });
  const bond = await createProduct(t.db, { companyId: null, name: `Bond ${tag()}` });
  // Two lots of capsules: the one expiring first is taken first.
  const later = await createStock(t.db, { companyId, productId: capsules.id, containers: 1, unitsPerContainer: 10, expiryDate: '2029-01-31', lotNumber: `LATE-${tag()}` });
  const sooner = await createStock(t.db, { companyId, productId: capsules.id, containers: 1, unitsPerContainer: 10, expiryDate: '2028-01-31', lotNumber: `SOON-${tag()}` });
  await createStock(t.db, { companyId, productId: bond.id, containers: 1, unitsPerContainer: 5 });
  const created = await t.request({
    method: 'POST',
    url: '/api/treatment',
    token,
    payload: { treatment_code: 'D2391', name: 'Composite, one surface, posterior', treatmentProducts: [{ product_id: capsules.id, quantity: 2 }, { product_id: bond.id, quantity: 1 }] },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { treatmentId: created.json().id as string, capsules, bond, later, sooner };
}

const waiting = async (token: string) => (await t.request({ method: 'GET', url: '/api/pms/waiting', token })).json().visits as WaitingVisit[];
const unitsLeft = async (stockId: string) => (await queryRows<{ units_left: number }>(t.db, sql`select units_left::float as units_left from stocks where id = ${stockId}`))[0]!.units_left;

describe('procedures from the practice-management system', () => {
  it('a CSV of completed procedures waits at the chair once, however often it is imported; bad rows say why', async () => {
    const here = await location();
    const token = adminAt(here);
    const lines = ['2026-11-26,PT-1,D2391,185.00,', '11/26/2026,PT-1,D2391,185.00,', '2026-11-26,PT-2,D1110,$95.00,OD-77', '2026-13-40,PT-3,D2391,10,', ',PT-4,D0120,,', '2026-11-26,PT-5,D2391,abc,'];
    const first = await importCsv(token, lines);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ total_rows: 6, imported: 3, already_imported: 0, failed: 3 });
    expect(first.json().rows.filter((r: { status: string }) => r.status === 'failed').map((r: { reason: string }) => r.reason)).toEqual([PMS_MESSAGES.dateFormat, PMS_MESSAGES.dateFormat, PMS_MESSAGES.feeFormat]);
    const again = await importCsv(token, lines);
    expect(again.json()).toMatchObject({ imported: 0, already_imported: 3, failed: 3 });
    const visits = await waiting(token);
    // Two identical fillings of PT-1 stay two; nothing is mapped yet, so nothing can be recorded.
    const pt1 = visits.find((v) => v.chart_number === 'PT-1')!;
    expect(pt1).toMatchObject({ performed_on: '2026-11-26', ready: false });
    expect(pt1.procedures.map((p) => [p.code, p.fee, p.problem])).toEqual([
      ['D2391', 185, PMS_MESSAGES.codeUnmapped('D2391')],
      ['D2391', 185, PMS_MESSAGES.codeUnmapped('D2391')],
    ]);
    const refused = await t.request({ method: 'POST', url: '/api/pms/waiting/confirm', token, payload: { procedure_ids: pt1.procedures.map((p) => p.id), idempotency_key: randomUUID() } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(PMS_MESSAGES.cannotRecord);
    expect(await queryRows(t.db, sql`select count(*)::int as n from treatment_logs where company_id = ${here}`)).toEqual([{ n: 0 }]);
  });

  // Issue 54, item 9: each import reads its own kind of file, or one uploaded as product_csv_import (every file before).
  it('each practice-system import reads its own kind of file and the former product_csv_import, and refuses another’s', async () => {
    const token = adminAt(await location());
    const post = async (type: string, path: string, text: string) => {
      const url = await uploadFile(t, token, type, { name: 'f.csv', mimeType: 'text/csv', bytes: Buffer.from(text) });
      return t.request({ method: 'POST', url: `/api/pms/${path}/import`, token, payload: { file_url: url } });
    };
    const procedures = `${HEADER}\r\n2026-11-26,PT-K,D2391,185.00,\r\n`;
    const production = 'Date,Production\n2026-11-26,4210.50\n';
    expect((await post('procedure_csv_import', 'procedures', procedures)).statusCode).toBe(200);
    expect((await post('production_csv_import', 'production', production)).statusCode).toBe(200);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await post('schedule_csv_import', 'upcoming', `Date,Chart Number,Procedure Code\n${tomorrow},PT-K,D2391\n`)).statusCode).toBe(200);
    expect((await post('product_csv_import', 'production', production)).statusCode).toBe(200);
    const refused = [await post('production_csv_import', 'procedures', procedures), await post('procedure_csv_import', 'production', production), await post('procedure_csv_import', 'upcoming', 'Date,Chart Number,Procedure Code\n')];
    expect(refused.map((r) => [r.statusCode, r.json().message])).toEqual(Array(3).fill([400, UPLOAD_MESSAGES.fileForeign]));
  });

  it('codes seen are listed with how often and the treatment whose code matches; mapping one makes its visits ready', async () => {
    const here = await location();
    const token = adminAt(here);
    const { treatmentId } = await filling(here, token);
    await importCsv(token, ['2026-11-26,PT-9,D2391,185,', '2026-11-26,PT-9,D9999,40,', '2026-11-25,PT-8,D2391,185,']);
    const codes = (await t.request({ method: 'GET', url: '/api/pms/codes', token })).json().codes;
    expect(codes).toEqual([
      { code: 'D2391', seen: 2, treatment: null, suggested: { id: treatmentId, name: 'Composite, one surface, posterior', code: 'D2391' } },
      { code: 'D9999', seen: 1, treatment: null, suggested: null },
    ]);
    const member = await t.request({ method: 'PUT', url: '/api/pms/codes', token: t.tokenFor(world.own.users.company_member), payload: { code: 'D2391', treatment_id: treatmentId } });
    expect(member.statusCode).toBe(403);
    const foreign = await t.request({ method: 'PUT', url: '/api/pms/codes', token, payload: { code: 'D2391', treatment_id: randomUUID() } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toContainEqual({ field: 'treatment_id', message: PMS_MESSAGES.treatmentNotFound });
    const mapped = await t.request({ method: 'PUT', url: '/api/pms/codes', token, payload: { code: 'd2391', treatment_id: treatmentId } });
    expect(mapped.json().codes.find((c: { code: string }) => c.code === 'D2391')).toMatchObject({ treatment: { id: treatmentId }, suggested: null });
    const visits = await waiting(token);
    expect(visits.find((v) => v.chart_number === 'PT-8')).toMatchObject({ ready: true, tray: expect.arrayContaining([expect.objectContaining({ quantity: 2 }), expect.objectContaining({ quantity: 1 })]) });
    expect(visits.find((v) => v.chart_number === 'PT-9')).toMatchObject({ ready: false });
  });

  it('one tap records the visit through the ledger from the lot expiring first, once, even tapped twice at once', async () => {
    const here = await location();
    const token = adminAt(here);
    const { treatmentId, capsules, sooner, later } = await filling(here, token);
    await t.request({ method: 'PUT', url: '/api/pms/codes', token, payload: { code: 'D2391', treatment_id: treatmentId } });
    await importCsv(token, ['2026-11-26,PT-7,D2391,185,']);
    const visit = (await waiting(token)).find((v) => v.chart_number === 'PT-7')!;
    expect(visit.tray.find((i) => i.product_id === capsules.id)).toMatchObject({ quantity: 2, usable_units: 20 });
    const body = { procedure_ids: visit.procedures.map((p) => p.id), idempotency_key: randomUUID() };
    const [a, b] = await Promise.all([
      t.request({ method: 'POST', url: '/api/pms/waiting/confirm', token, payload: body }),
      t.request({ method: 'POST', url: '/api/pms/waiting/confirm', token, payload: { ...body, idempotency_key: randomUUID() } }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().treatment_log_id).toBe(b.json().treatment_log_id);
    expect(await unitsLeft(sooner.id)).toBe(8);
    expect(await unitsLeft(later.id)).toBe(10);
    const logs = await queryRows<{ chart_number: string }>(t.db, sql`select p.chart_number from treatment_logs l join patients p on p.id = l.patient_id where l.company_id = ${here}`);
    expect(logs).toEqual([{ chart_number: 'PT-7' }]);
    expect((await waiting(token)).find((v) => v.chart_number === 'PT-7')).toBeUndefined();
    const [audit] = await queryRows<{ changes: { source: string } }>(t.db, sql`select changes from audit_log where company_id = ${here} and entity = 'treatment_log' and action = 'create'`);
    expect(audit!.changes.source).toBe('pms');
  });

  it('two fillings of one visit take two trays', async () => {
    const here = await location();
    const token = adminAt(here);
    const { treatmentId, sooner, bond } = await filling(here, token);
    await t.request({ method: 'PUT', url: '/api/pms/codes', token, payload: { code: 'D2391', treatment_id: treatmentId } });
    await importCsv(token, ['2026-11-26,PT-3,D2391,185,', '2026-11-26,PT-3,D2391,185,']);
    const visit = (await waiting(token)).find((v) => v.chart_number === 'PT-3')!;
    expect(visit.procedures).toHaveLength(2);
    const res = await t.request({ method: 'POST', url: '/api/pms/waiting/confirm', token, payload: { procedure_ids: visit.procedures.map((p) => p.id), idempotency_key: randomUUID() } });
    expect(res.statusCode, res.body).toBe(201);
    expect(await unitsLeft(sooner.id)).toBe(6);
    const [bondLot] = await queryRows<{ units_left: number }>(t.db, sql`select units_left::float as units_left from stocks where company_id = ${here} and product_id = ${bond.id}`);
    expect(bondLot!.units_left).toBe(3);
  });

  it('the tray as edited at the chair, and a procedure dismissed, which takes nothing', async () => {
    const here = await location();
    const token = adminAt(here);
    const { treatmentId, capsules, later, sooner } = await filling(here, token);
    await t.request({ method: 'PUT', url: '/api/pms/codes', token, payload: { code: 'D2391', treatment_id: treatmentId } });
    await importCsv(token, ['2026-11-26,PT-6,D2391,185,', '2026-11-27,PT-5,D2391,185,']);
    const visits = await waiting(token);
    const edited = visits.find((v) => v.chart_number === 'PT-6')!;
    const res = await t.request({
      method: 'POST',
      url: '/api/pms/waiting/confirm',
      token,
      payload: { procedure_ids: edited.procedures.map((p) => p.id), products: [{ product_id: capsules.id, quantity: 3, treatment_id: treatmentId, stock_id: later.id }], idempotency_key: randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await unitsLeft(later.id)).toBe(7);
    expect(await unitsLeft(sooner.id)).toBe(10);
    const skipped = visits.find((v) => v.chart_number === 'PT-5')!.procedures[0]!;
    const dismissed = await t.request({ method: 'POST', url: `/api/pms/procedures/${skipped.id}/dismiss`, token });
    expect(dismissed.statusCode).toBe(204);
    expect((await t.request({ method: 'POST', url: `/api/pms/procedures/${skipped.id}/dismiss`, token })).statusCode).toBe(409);
    const late = await t.request({ method: 'POST', url: '/api/pms/waiting/confirm', token, payload: { procedure_ids: [skipped.id], idempotency_key: randomUUID() } });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(PMS_MESSAGES.notWaiting);
    expect(await queryRows(t.db, sql`select count(*)::int as n from treatment_logs where company_id = ${here}`)).toEqual([{ n: 1 }]);
  });

  it('an edited tray naming another organization’s product is refused as at the chair, naming nothing of theirs (issue 50, item 9)', async () => {
    const here = await location();
    const token = adminAt(here);
    const { treatmentId } = await filling(here, token);
    await t.request({ method: 'PUT', url: '/api/pms/codes', token, payload: { code: 'D2391', treatment_id: treatmentId } });
    await importCsv(token, ['2026-11-26,PT-9,D2391,185,']);
    const theirs = await createProduct(t.db, { companyId: world.foreign.org.locations[0]!.id, name: `Their secret ${tag()}`, isApproved: false });
    await createStock(t.db, { companyId: world.foreign.org.locations[0]!.id, productId: theirs.id, unitsPerContainer: 5 });
    const visit = (await waiting(token)).find((v) => v.chart_number === 'PT-9')!;
    const res = await t.request({
      method: 'POST',
      url: '/api/pms/waiting/confirm',
      token,
      payload: { procedure_ids: visit.procedures.map((p) => p.id), products: [{ product_id: theirs.id, quantity: 1, treatment_id: treatmentId }], idempotency_key: randomUUID() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'products.0.product_id', message: 'Product not found' }]);
    expect(res.body).not.toContain(theirs.name);
    expect(await queryRows(t.db, sql`select count(*)::int as n from treatment_logs where company_id = ${here}`)).toEqual([{ n: 0 }]);
    expect((await waiting(token)).find((v) => v.chart_number === 'PT-9')).toBeDefined();
  });

  it('another organization sees none of it and cannot confirm or dismiss it', async () => {
    const here = await location();
    const token = adminAt(here);
    await importCsv(token, ['2026-11-26,PT-1,D2391,185,']);
    const procedure = (await waiting(token))[0]!.procedures[0]!;
    const foreign = t.tokenFor(world.foreign.users.company_admin);
    expect((await waiting(foreign)).flatMap((v) => v.procedures.map((p) => p.id))).not.toContain(procedure.id);
    expect((await t.request({ method: 'POST', url: `/api/pms/procedures/${procedure.id}/dismiss`, token: foreign })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: '/api/pms/waiting/confirm', token: foreign, payload: { procedure_ids: [procedure.id], idempotency_key: randomUUID() } })).statusCode).toBe(404);
  });
});
