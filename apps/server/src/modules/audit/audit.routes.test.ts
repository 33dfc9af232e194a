import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { DATE_RANGE_MESSAGE, type AuditRow, type Page } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createOrganization, createUser } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { queryRows } from '../../../test/setup/sql';
import { auditLog } from '../../db/schema/audit';
import { recordAudit } from './audit.writes';

let t: TestApp;
let world: World;
/** An organization of its own, so its trail holds exactly the rows these tests write. */
let org: Awaited<ReturnType<typeof createOrganization>>;
let orgAdmin: Awaited<ReturnType<typeof createUser>>;
let nurse: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
  org = await createOrganization(t.db, { name: 'Audit Dental', locations: [{ name: 'Audit North', city: 'Austin', state: 'TX' }] });
  const companyId = org.locations[0]!.id;
  orgAdmin = await createUser(t.db, { role: 'organization_admin', organizationId: org.id, companyId, firstName: 'Olive', lastName: 'Owner' });
  nurse = await createUser(t.db, { role: 'company_member', organizationId: org.id, companyId, firstName: 'Nina', lastName: 'Nurse' });
  const row = (userId: string, entity: string, action: string, at: string, changes: Record<string, unknown> | null = null, entityId: string = randomUUID()) => ({
    actorUserId: userId,
    organizationId: org.id,
    companyId,
    entity,
    entityId,
    action,
    changes,
    createdAt: new Date(at),
  });
  await t.db.insert(auditLog).values([
    row(nurse.id, 'product', 'create', '2026-03-01T10:00:00Z', { name: 'Gloves, "nitrile"' }, '=2+3'),
    row(nurse.id, 'stock', 'receive', '2026-03-02T23:59:59Z', { quantity: 5 }),
    row(orgAdmin.id, 'user', 'update', '2026-03-03T00:00:00Z', { first_name: 'Nina' }),
    row(nurse.id, 'patient', 'read', '2026-03-04T08:00:00Z'),
    row(orgAdmin.id, 'supplier', 'delete', '2026-03-05T12:00:00Z'),
  ]);
  // Another organization's row: the product admin sees it, this organization's admin does not.
  await t.db.insert(auditLog).values({ ...row(world.foreign.users.company_member.id, 'product', 'create', '2026-03-01T11:00:00Z'), organizationId: world.foreign.org.id, companyId: world.foreign.org.locations[0]!.id });
});
afterAll(async () => t.close());

async function list(token: string, query = '') {
  const res = await t.request({ method: 'GET', url: `/api/audit${query ? `?${query}` : ''}`, token });
  return res;
}
const page = (res: { json: <T>() => T }) => res.json<Page<AuditRow>>();

describe('GET /api/audit', () => {
  it('answers the organization admin their organization’s rows, newest first, with who, what and where', async () => {
    const res = await list(t.tokenFor(orgAdmin));
    expect(res.statusCode).toBe(200);
    const body = page(res);
    expect(body.total).toBe(5);
    expect(body.results.map((r) => `${r.entity}:${r.action}`)).toEqual(['supplier:delete', 'patient:read', 'user:update', 'stock:receive', 'product:create']);
    const received = body.results[3]!;
    expect(received.user).toEqual({ id: nurse.id, name: 'Nina Nurse', email: nurse.email });
    expect(received.location).toEqual({ id: org.locations[0]!.id, name: 'Audit North' });
    expect(received.summary).toBe('quantity: 5');
    expect(received.created_at).toBe('2026-03-02T23:59:59.000Z');
  });

  it('filters by user, kind, action and an inclusive date range', async () => {
    const token = t.tokenFor(orgAdmin);
    expect(page(await list(token, `user_id=${nurse.id}`)).results.map((r) => r.entity)).toEqual(['patient', 'stock', 'product']);
    expect(page(await list(token, 'entity=user')).results.map((r) => r.action)).toEqual(['update']);
    expect(page(await list(token, 'action=delete')).results.map((r) => r.entity)).toEqual(['supplier']);
    // 03-02 ends at midnight: its 23:59:59 row is in, the next day's 00:00 row is not.
    expect(page(await list(token, 'from=2026-03-02&to=2026-03-02')).results.map((r) => r.entity)).toEqual(['stock']);
    expect(page(await list(token, 'from=2026-03-03&to=2026-03-04')).results.map((r) => r.entity)).toEqual(['patient', 'user']);
    expect(page(await list(token, `from=2026-03-01&user_id=${orgAdmin.id}&entity=supplier`)).total).toBe(1);
  });

  it('pages the trail', async () => {
    const token = t.tokenFor(orgAdmin);
    const first = page(await list(token, 'perPage=2'));
    const third = page(await list(token, 'perPage=2&currentPage=3'));
    expect(first).toMatchObject({ total: 5, lastPage: 3, currentPage: 1 });
    expect(first.results).toHaveLength(2);
    expect(third.results.map((r) => r.entity)).toEqual(['product']);
  });

  it('refuses bad filters with the field and the reason', async () => {
    const token = t.tokenFor(orgAdmin);
    const reversed = await list(token, 'from=2026-03-05&to=2026-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('from');
    expect((await list(token, 'entity=nonsense')).statusCode).toBe(400);
    expect((await list(token, 'from=03-01-2026')).statusCode).toBe(400);
    expect((await list(token, 'user_id=42')).statusCode).toBe(400);
  });

  it('refuses dates far outside any record with the field, on the page and the export', async () => {
    const token = t.tokenFor(orgAdmin);
    const cases = [
      ['to=9999-12-31', 'to', DATE_RANGE_MESSAGE],
      ['from=0001-01-01', 'from', DATE_RANGE_MESSAGE],
      // Years of more than four digits are no ISO day at all.
      ['to=275760-09-13', 'to', 'Use a date like 2026-01-31'],
      ['from=-271821-04-20', 'from', 'Use a date like 2026-01-31'],
    ] as const;
    for (const [query, field, message] of cases) {
      for (const url of [`/api/audit?${query}`, `/api/audit/export?${query}`]) {
        const res = await t.request({ method: 'GET', url, token });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors).toEqual([{ field: `querystring.${field}`, message }]);
      }
    }
  });

  it('keeps an organization admin inside their organization, whatever they ask for', async () => {
    const token = t.tokenFor(orgAdmin);
    expect((await list(token, `organization_id=${world.foreign.org.id}`)).statusCode).toBe(404);
    expect(page(await list(token, `organization_id=${org.id}`)).total).toBe(5);
    // Another organization's admin does not see these rows, even filtering by this organization's user.
    const foreign = page(await list(t.tokenFor(world.foreign.users.organization_admin), `user_id=${nurse.id}`));
    expect(foreign.total).toBe(0);
  });

  it('lets the product admin read every organization, or one', async () => {
    const token = t.tokenFor(world.admin);
    const one = page(await list(token, `organization_id=${org.id}&perPage=100`));
    expect(one.total).toBe(5);
    const all = page(await list(token, 'perPage=100'));
    expect(all.total).toBeGreaterThan(5);
  });

  it('refuses everyone else', async () => {
    for (const role of ['company_admin', 'company_member', 'assistant'] as const) {
      expect((await list(t.tokenFor(world.own.users[role]))).statusCode, role).toBe(403);
      expect((await t.request({ method: 'GET', url: '/api/audit/export', token: t.tokenFor(world.own.users[role]) })).statusCode, role).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
  });
});

describe('GET /api/audit/export', () => {
  it('exports the filtered rows as CSV, formulas escaped', async () => {
    const res = await t.request({ method: 'GET', url: `/api/audit/export?user_id=${nurse.id}&entity=product`, token: t.tokenFor(orgAdmin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const parsed = Papa.parse<string[]>(res.body.trim());
    expect(parsed.data[0]).toEqual(['time', 'user', 'email', 'kind', 'entity_id', 'action', 'location', 'changes']);
    expect(parsed.data).toHaveLength(2);
    // A value that starts a formula gets a leading apostrophe; quotes and commas survive the CSV.
    expect(parsed.data[1]).toEqual(['2026-03-01T10:00:00.000Z', 'Nina Nurse', nurse.email, 'Product', "'=2+3", 'create', 'Audit North', 'name: Gloves, "nitrile"']);
  });

  it('writes each kind by the label the page shows, not its code', async () => {
    const res = await t.request({ method: 'GET', url: `/api/audit/export?user_id=${nurse.id}`, token: t.tokenFor(orgAdmin) });
    const parsed = Papa.parse<string[]>(res.body.trim());
    expect(parsed.data.slice(1).map((r) => r[3])).toEqual(['Patient', 'Stock lot', 'Product']);
  });

  it('exports only the organization admin’s own organization', async () => {
    const res = await t.request({ method: 'GET', url: '/api/audit/export', token: t.tokenFor(world.foreign.users.organization_admin) });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Audit North');
    expect((await t.request({ method: 'GET', url: `/api/audit/export?organization_id=${org.id}`, token: t.tokenFor(world.foreign.users.organization_admin) })).statusCode).toBe(404);
  });
});

describe('the audit log', () => {
  it('is append-only: rows can be neither changed nor deleted', async () => {
    await expect(t.db.execute(sql`update audit_log set action = 'changed' where organization_id = ${org.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log where organization_id = ${org.id}`)).rejects.toThrow();
    const [left] = await queryRows<{ n: string }>(t.db, sql`select count(*) as n from audit_log where organization_id = ${org.id} and action <> 'changed'`);
    expect(Number(left!.n)).toBe(5);
  });

  it('files a row that names only its location under the location’s organization', async () => {
    const entityId = randomUUID();
    // What the product admin's approval of a location's product writes: the location, no organization.
    await recordAudit(t.db, { userId: world.admin.id }, { entity: 'product', entityId, action: 'approve', companyId: world.own.org.locations[1]!.id });
    const rows = page(await list(t.tokenFor(world.own.users.organization_admin), 'entity=product&action=approve&perPage=100')).results;
    expect(rows.map((r) => r.entity_id)).toContain(entityId);
    expect(rows.find((r) => r.entity_id === entityId)).toMatchObject({ organization_id: world.own.org.id, location: { name: 'Own South' }, user: { name: 'Product Admin' } });
  });
});
