import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PMS_MESSAGES, UPCOMING_MESSAGES, dayLabel, type UpcomingTrays } from '@clinic/domain';
import { isoDay } from '../../../clock';
import { createTestApp, type TestApp } from '../../../../test/setup/test-app';
import { queryRows } from '../../../../test/setup/sql';
import { createProduct, createStock } from '../../../../test/factories/index';
import { uploadFile } from '../../../../test/fixtures/files';
import { createWorld, type World } from '../../../../test/world';
import { insertCompany } from '../../companies/companies.repo';

// Issue 36, upcoming trays: the next 14 days' appointments (here from a schedule CSV any PMS
// exports) planned against the shelf, with the shortfall in words. Each test at a location of its own.
let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const tag = () => randomUUID().slice(0, 8);
const HEADER = 'Date,Time,Chart Number,Procedure Code,Quantity';
const dayFromToday = (days: number) => isoDay(new Date(Date.now() + days * 86_400_000));

async function location(): Promise<{ id: string; admin: string; member: string }> {
  const id = (await insertCompany(t.db, { organizationId: world.own.org.id, name: `Upcoming ${tag()}`, city: 'Austin', state: 'TX' })).id;
  // The member works at another location of the organization: a schedule is not theirs to bring in.
  return { id, admin: t.tokenFor(world.own.users.organization_admin, id), member: t.tokenFor(world.own.users.company_member) };
}

async function importSchedule(token: string, lines: string[]) {
  const url = await uploadFile(t, token, 'product_csv_import', { name: 'schedule.csv', mimeType: 'text/csv', bytes: Buffer.from([HEADER, ...lines].join('\r\n')) });
  return t.request({ method: 'POST', url: '/api/pms/upcoming/import', token, payload: { file_url: url } });
}

/** An implant placement (D6010) whose tray takes one implant and two pairs of gloves; 1 implant and 100 gloves on the shelf. */
async function implantPlacement(companyId: string, token: string) {
  const implant = await createProduct(t.db, { companyId: null, name: `Straumann BLX 4.0 x 10 mm ${tag()}` });
  const gloves = await createProduct(t.db, { companyId: null, name: `Gloves ${tag()}` });
  await createStock(t.db, { companyId, productId: implant.id, containers: 1, unitsPerContainer: 1, expiryDate: '2030-01-31' });
  await createStock(t.db, { companyId, productId: gloves.id, containers: 1, unitsPerContainer: 100 });
  const created = await t.request({ method: 'POST', url: '/api/treatment', token, payload: { treatment_code: 'D6010', name: 'Implant placement', treatmentProducts: [{ product_id: implant.id, quantity: 1 }, { product_id: gloves.id, quantity: 2 }] } });
  expect(created.statusCode, created.body).toBe(201);
  const mapped = await t.request({ method: 'PUT', url: '/api/pms/codes', token, payload: { code: 'D6010', treatment_id: created.json().id } });
  expect(mapped.statusCode, mapped.body).toBe(200);
  return { implant, gloves };
}

const upcoming = async (token: string) => {
  const res = await t.request({ method: 'GET', url: '/api/pms/upcoming', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UpcomingTrays;
};

describe('upcoming trays', () => {
  it("warns of a day whose trays need more than the shelf holds, in words, from a schedule CSV; bad rows say why", async () => {
    const here = await location();
    const { implant, gloves } = await implantPlacement(here.id, here.admin);
    const day = dayFromToday(3);
    const res = await importSchedule(here.admin, [
      `${day},09:00,PT-1,D6010,`,
      `${day},11:30,PT-2,d6010,1`,
      `${day},14:00,PT-3,D6010,1`,
      `${day},14:00,PT-3,D0150,1`,
      `${dayFromToday(-1)},09:00,PT-4,D6010,1`,
      `${day},9h30,PT-5,D6010,1`,
      `${day},10:00,,D6010,0`,
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total_rows: 7, imported: 4, days: [day], failed: 3 });
    expect(res.json().rows.filter((r: { status: string }) => r.status === 'failed').map((r: { reason: string }) => r.reason)).toEqual([
      UPCOMING_MESSAGES.pastDay,
      UPCOMING_MESSAGES.timeFormat,
      `${PMS_MESSAGES.chartRequired}; ${UPCOMING_MESSAGES.quantityFormat}`,
    ]);

    const plan = await upcoming(here.admin);
    expect(plan.from).toBe(dayFromToday(0));
    expect(plan.to).toBe(dayFromToday(13));
    expect(plan.unmapped).toEqual([{ code: 'D0150', count: 1 }]);
    expect(plan.days).toHaveLength(1);
    expect(plan.days[0]).toMatchObject({ day, appointments: 3 });
    expect(plan.days[0]!.needs.find((n) => n.product_id === implant.id)).toMatchObject({ needed: 3, usable: 1, short: 2 });
    expect(plan.days[0]!.needs.find((n) => n.product_id === gloves.id)).toMatchObject({ needed: 6, usable: 100, short: 0 });
    expect(plan.days[0]!.warnings).toEqual([`${dayLabel(day)}: 3 × Implant placement need 3 × ${implant.name}; 1 usable`]);
    // Only a location's admins bring a schedule in.
    expect((await importSchedule(here.member, [`${day},09:00,PT-1,D6010,1`])).statusCode).toBe(403);

    // The same day exported again replaces what was planned on it: one implant now, no warning.
    expect((await importSchedule(here.admin, [`${day},09:00,PT-1,D6010,1`])).json()).toMatchObject({ imported: 1, failed: 0 });
    const replanned = await upcoming(here.admin);
    expect(replanned.days[0]!.needs.find((n) => n.product_id === implant.id)).toMatchObject({ needed: 1, usable: 1, short: 0 });
    expect(replanned.days[0]!.warnings).toEqual([]);
    expect(replanned.unmapped).toEqual([]);
    // Nothing was taken from the shelf by planning.
    expect(await queryRows(t.db, sql`select coalesce(sum(units_left), 0)::int as n from stocks where company_id = ${here.id} and product_id = ${implant.id}`)).toEqual([{ n: 1 }]);
  });

  it('keeps each location to its own schedule, and a file that is not a schedule is refused', async () => {
    const a = await location();
    const b = await location();
    await implantPlacement(a.id, a.admin);
    await importSchedule(a.admin, [`${dayFromToday(1)},09:00,PT-1,D6010,1`]);
    expect((await upcoming(a.admin)).days).toHaveLength(1);
    expect((await upcoming(b.admin)).days).toEqual([]);
    const url = await uploadFile(t, b.admin, 'product_csv_import', { name: 'other.csv', mimeType: 'text/csv', bytes: Buffer.from('Name,Price\nGloves,5\n') });
    const refused = await t.request({ method: 'POST', url: '/api/pms/upcoming/import', token: b.admin, payload: { file_url: url } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Unknown column: Name');
  });
});
