import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SUPPLY_SHARE_BAND, SUPPLY_SHARE_MIN_MONTHLY_PRODUCTION } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createProduct, createStock, createSupplier } from '../../../test/factories/index';
import { uploadFile } from '../../../test/fixtures/files';
import { createWorld, type World } from '../../../test/world';
import { insertCompany } from '../companies/companies.repo';

// Issue 36: supply spend as a share of production, per location, from the best production figure
// the clinic gave for each day: a typed month, else a day's CSV figure, else the procedures' fees.
// Issue 50: judged over whole months (the last full one, and the trailing three), whatever range
// the dashboard shows; too little production is said, not turned into an alarming percentage.
const NOW = new Date('2026-12-06T15:00:00Z');
// An upload's signed form is checked against the real clock.
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

/**
 * Supplies received on a day: the database stamps a receipt with its own clock, so the lot is moved
 * to the test's day, and the spend rollups with it (the stocks_report_update trigger).
 */
async function received(here: string, day: string, containers: number, pricePerContainer: number) {
  const supplier = await createSupplier(t.db, { companyId: here });
  const product = await createProduct(t.db, { companyId: null });
  const lot = await createStock(t.db, { companyId: here, productId: product.id, supplierId: supplier.id, containers, pricePerContainer });
  await t.db.execute(sql`update stocks set created_at = ${`${day}T12:00:00Z`} where id = ${lot.id}`);
}

const typeMonth = async (token: string, month: string, amount: number | null) => {
  const res = await t.request({ method: 'PUT', url: '/api/pms/production/monthly', token, payload: { month, amount } });
  expect(res.statusCode, res.body).toBe(200);
};

/** $75 of supplies received on November 20, and procedures completed on the 18th-20th ($1,000 in fees, $200 of it dismissed). */
async function aMonthOfWork(here: string, token: string) {
  await received(here, '2026-11-20', 3, 25);
  const url = await upload(token, ['Date,Chart Number,Procedure Code,Fee', '2026-11-18,PT-1,D2391,400', '2026-11-19,PT-2,D1110,400', '2026-11-20,PT-3,D0120,200']);
  expect((await t.request({ method: 'POST', url: '/api/pms/procedures/import', token, payload: { file_url: url } })).json().imported).toBe(3);
  const waiting = (await t.request({ method: 'GET', url: '/api/pms/waiting', token })).json().visits as { chart_number: string; procedures: { id: string }[] }[];
  const exam = waiting.find((v) => v.chart_number === 'PT-3')!.procedures[0]!.id;
  expect((await t.request({ method: 'POST', url: `/api/pms/procedures/${exam}/dismiss`, token })).statusCode).toBe(204);
}

const share = async (token: string, query = '') => t.request({ method: 'GET', url: `/api/reports/production-share${query ? `?${query}` : ''}`, token });

describe('supply spend as a share of production', () => {
  it('reads the last full month and the trailing three months whatever range is asked (on December 6: November, and September to November)', async () => {
    const here = await location();
    const token = adminAt(here);
    await typeMonth(token, '2026-09', 20_000);
    await typeMonth(token, '2026-10', 24_000);
    await typeMonth(token, '2026-11', 30_000);
    await received(here, '2026-11-10', 3, 750);
    // Six days of December: deliveries against one visit's worth of production, which used to read as 247%.
    await received(here, '2026-12-03', 4, 242.69);
    await typeMonth(token, '2026-12', 393);

    for (const query of ['start_date=2026-12-01&end_date=2026-12-06', 'start_date=2026-01-01&end_date=2026-12-31', '']) {
      const res = await share(token, query);
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json();
      expect(report.band).toEqual(SUPPLY_SHARE_BAND);
      expect(report.min_monthly_production).toBe(SUPPLY_SHARE_MIN_MONTHLY_PRODUCTION);
      expect(report.last_month).toMatchObject({
        first_month: '2026-11',
        last_month: '2026-11',
        start_date: '2026-11-01',
        end_date: '2026-11-30',
        totals: { supply_spend: 2250, production: 30_000, share: 0.075, enough_production: true, sources: { procedures: 0, csv: 0, typed: 30_000 } },
      });
      expect(report.trailing_months).toMatchObject({
        first_month: '2026-09',
        last_month: '2026-11',
        start_date: '2026-09-01',
        end_date: '2026-11-30',
        totals: { supply_spend: 2250, production: 74_000, share: 0.0304, enough_production: true },
      });
    }
  });

  it('says when there is too little production to judge rather than judging $970.76 against $393.00', async () => {
    const here = await location();
    const token = adminAt(here);
    await received(here, '2026-11-02', 4, 242.69);
    await typeMonth(token, '2026-11', 393);
    const tooLittle = (await share(token)).json();
    expect(tooLittle.last_month.totals).toMatchObject({ supply_spend: 970.76, production: 393, share: 2.4701, enough_production: false });
    // The minimum is per month: November alone reaches it, three months of it do not.
    await typeMonth(token, '2026-11', SUPPLY_SHARE_MIN_MONTHLY_PRODUCTION);
    const enough = (await share(token)).json();
    expect(enough.last_month.totals).toMatchObject({ production: SUPPLY_SHARE_MIN_MONTHLY_PRODUCTION, share: 0.0971, enough_production: true });
    expect(enough.trailing_months.totals).toMatchObject({ production: SUPPLY_SHARE_MIN_MONTHLY_PRODUCTION, enough_production: false });
  });

  it('judges the trailing months only when every one of them had enough production, not one big month against three of supplies', async () => {
    const here = await location();
    const token = adminAt(here);
    // The demo's case: November typed, September and October never recorded.
    await typeMonth(token, '2026-11', 48_750);
    await received(here, '2026-09-15', 10, 500);
    await received(here, '2026-11-10', 4, 250);
    const report = (await share(token)).json();
    expect(report.last_month.totals).toMatchObject({ supply_spend: 1000, production: 48_750, enough_production: true });
    expect(report.trailing_months.totals).toMatchObject({ supply_spend: 6000, production: 48_750, enough_production: false });
    await typeMonth(token, '2026-09', 40_000);
    await typeMonth(token, '2026-10', 9_999);
    expect((await share(token)).json().trailing_months.totals.enough_production).toBe(false);
    await typeMonth(token, '2026-10', 10_000);
    expect((await share(token)).json().trailing_months.totals).toMatchObject({ production: 98_750, share: 0.0608, enough_production: true });
  });

  it('production from the procedures completed, a day given by CSV replacing its fees', async () => {
    const here = await location();
    const token = adminAt(here);
    await aMonthOfWork(here, token);
    expect((await share(token)).json().last_month.totals).toEqual({ supply_spend: 75, production: 800, share: 0.0938, enough_production: false, sources: { procedures: 800, csv: 0, typed: 0 } });
    // The PMS's own production for the 19th: $1,200 replaces that day's $400 of fees.
    const url = await upload(token, ['Date,Production', '11/19/2026,"1,200.00"', '2026-11-31,5']);
    const imported = await t.request({ method: 'POST', url: '/api/pms/production/import', token, payload: { file_url: url } });
    expect(imported.json()).toMatchObject({ imported: 1, failed: 1 });
    expect((await share(token)).json().last_month.totals).toMatchObject({ production: 1600, share: 0.0469, sources: { procedures: 400, csv: 1200, typed: 0 } });
  });

  it('a typed month wins over the days; cleared, the days count again', async () => {
    const here = await location();
    const token = adminAt(here);
    await aMonthOfWork(here, token);
    const bad = await t.request({ method: 'PUT', url: '/api/pms/production/monthly', token, payload: { month: '2026-13', amount: -5 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['amount', 'month']);
    expect((await t.request({ method: 'PUT', url: '/api/pms/production/monthly', token: t.tokenFor(world.own.users.company_member), payload: { month: '2026-11', amount: 30000 } })).statusCode).toBe(403);
    await typeMonth(token, '2026-11', 30_000);
    expect((await share(token)).json().last_month.totals).toMatchObject({ supply_spend: 75, production: 30000, share: 0.0025, sources: { typed: 30000, procedures: 0 } });
    await typeMonth(token, '2026-11', null);
    expect((await share(token)).json().last_month.totals.production).toBe(800);
  });

  it('no production: no share; an organization admin sees every location side by side; a member only their own', async () => {
    const here = await location();
    const token = adminAt(here);
    await received(here, '2026-11-20', 3, 25);
    expect((await share(token)).json().last_month.totals).toMatchObject({ supply_spend: 75, production: 0, share: null, enough_production: false });
    await aMonthOfWork(here, token);
    const all = (await share(token, 'scope=organization')).json();
    expect(all.last_month.locations.find((l: { id: string }) => l.id === here).figures.production).toBe(800);
    expect(all.last_month.totals.production).toBeGreaterThanOrEqual(800);
    expect((await share(t.tokenFor(world.own.users.company_member), 'scope=organization')).statusCode).toBe(403);
    expect((await share(t.tokenFor(world.foreign.users.company_admin), `location_id=${here}`)).statusCode).toBe(404);
  });
});
