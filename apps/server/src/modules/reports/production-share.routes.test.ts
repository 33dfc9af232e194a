import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SUPPLY_SHARE_BAND } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createProduct, createSupplier } from '../../../test/factories/index';
import { uploadFile } from '../../../test/fixtures/files';
import { createWorld, type World } from '../../../test/world';
import { insertCompany } from '../companies/companies.repo';

// Issue 36: supply spend as a share of production, per location, from the best production figure
// the clinic gave for each day: a typed month, else a day's CSV figure, else the procedures' fees.
const NOW = new Date('2026-11-20T15:00:00Z');
// Stock is received on NOW; an upload's signed form is checked against the real clock.
let clock = NOW;
let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const tag = () => randomUUID().slice(0, 8);
const adminAt = (companyId: string) => t.tokenFor(world.own.users.organization_admin, companyId);

async function location() {
  return (await insertCompany(t.db, { organizationId: world.own.org.id, name: `Share ${tag()}`, city: 'Austin', state: 'TX' })).id;
}

async function upload(token: string, lines: string[]) {
  clock = new Date();
  try {
    return await uploadFile(t, token, 'product_csv_import', { name: 'f.csv', mimeType: 'text/csv', bytes: Buffer.from(lines.join('\n')) });
  } finally {
    clock = NOW;
  }
}

/** $75 of stock received today (the spend), and procedures completed on the 18th-20th ($1,000 in fees, $200 of it dismissed). */
async function aMonthOfWork(here: string, token: string) {
  const supplier = await createSupplier(t.db, { companyId: here });
  const product = await createProduct(t.db, { companyId: null });
  const lot = await t.request({ method: 'POST', url: '/api/stock', token, payload: { product_id: product.id, supplier_id: supplier.id, container_quantity: 3, units_per_container: 10, price_per_container: 25, expiry_date: '2028-01-31' } });
  expect(lot.statusCode, lot.body).toBe(201);
  // The database stamps a receipt with its own clock, the real day: it is moved to the test's day,
  // and the spend rollups with it (the stocks_report_update trigger), whatever the real month.
  await t.db.execute(sql`update stocks set created_at = ${NOW.toISOString()} where id = ${lot.json<{ stocks: { id: string }[] }>().stocks[0]!.id}`);
  const url = await upload(token, ['Date,Chart Number,Procedure Code,Fee', '2026-11-18,PT-1,D2391,400', '2026-11-19,PT-2,D1110,400', '2026-11-20,PT-3,D0120,200']);
  expect((await t.request({ method: 'POST', url: '/api/pms/procedures/import', token, payload: { file_url: url } })).json().imported).toBe(3);
  const waiting = (await t.request({ method: 'GET', url: '/api/pms/waiting', token })).json().visits as { chart_number: string; procedures: { id: string }[] }[];
  const exam = waiting.find((v) => v.chart_number === 'PT-3')!.procedures[0]!.id;
  expect((await t.request({ method: 'POST', url: `/api/pms/procedures/${exam}/dismiss`, token })).statusCode).toBe(204);
}

const share = async (token: string, query = 'start_date=2026-11-01&end_date=2026-11-30') => t.request({ method: 'GET', url: `/api/reports/production-share?${query}`, token });

describe('supply spend as a share of production', () => {
  it('production from the procedures completed, a day given by CSV replacing its fees, and the share with the band', async () => {
    const here = await location();
    const token = adminAt(here);
    await aMonthOfWork(here, token);
    const fromFees = (await share(token)).json();
    expect(fromFees.band).toEqual(SUPPLY_SHARE_BAND);
    expect(fromFees.totals).toEqual({ supply_spend: 75, production: 800, share: 0.0938, sources: { procedures: 800, csv: 0, typed: 0 } });
    // The PMS's own production for the 19th: $1,200 replaces that day's $400 of fees.
    const url = await upload(token, ['Date,Production', '11/19/2026,"1,200.00"', '2026-11-31,5']);
    const imported = await t.request({ method: 'POST', url: '/api/pms/production/import', token, payload: { file_url: url } });
    expect(imported.json()).toMatchObject({ imported: 1, failed: 1 });
    expect((await share(token)).json().totals).toMatchObject({ production: 1600, share: 0.0469, sources: { procedures: 400, csv: 1200, typed: 0 } });
  });

  it('a typed month wins over the days and is prorated to the days of the range; cleared, the days count again', async () => {
    const here = await location();
    const token = adminAt(here);
    await aMonthOfWork(here, token);
    const bad = await t.request({ method: 'PUT', url: '/api/pms/production/monthly', token, payload: { month: '2026-13', amount: -5 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['amount', 'month']);
    expect((await t.request({ method: 'PUT', url: '/api/pms/production/monthly', token: t.tokenFor(world.own.users.company_member), payload: { month: '2026-11', amount: 30000 } })).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url: '/api/pms/production/monthly', token, payload: { month: '2026-11', amount: 30000 } })).statusCode).toBe(200);
    expect((await share(token)).json().totals).toMatchObject({ supply_spend: 75, production: 30000, share: 0.0025, sources: { typed: 30000, procedures: 0 } });
    // Ten days of November: a third of the month's figure.
    expect((await share(token, 'start_date=2026-11-11&end_date=2026-11-20')).json().totals.production).toBe(10000);
    await t.request({ method: 'PUT', url: '/api/pms/production/monthly', token, payload: { month: '2026-11', amount: null } });
    expect((await share(token)).json().totals.production).toBe(800);
  });

  it('no production: no share; an organization admin sees every location side by side; a member only their own', async () => {
    const here = await location();
    const token = adminAt(here);
    await aMonthOfWork(here, token);
    expect((await share(token, 'start_date=2026-10-01&end_date=2026-10-31')).json().totals).toMatchObject({ production: 0, share: null });
    const all = (await share(token, 'start_date=2026-11-01&end_date=2026-11-30&scope=organization')).json();
    expect(all.locations.find((l: { id: string }) => l.id === here).figures.production).toBe(800);
    expect(all.totals.production).toBeGreaterThanOrEqual(800);
    expect((await share(t.tokenFor(world.own.users.company_member), 'start_date=2026-11-01&end_date=2026-11-30&scope=organization')).statusCode).toBe(403);
    expect((await share(t.tokenFor(world.foreign.users.company_admin), `start_date=2026-11-01&end_date=2026-11-30&location_id=${here}`)).statusCode).toBe(404);
  });
});
