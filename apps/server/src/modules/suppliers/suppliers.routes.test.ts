import { SUPPLIER_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createSupplier } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';

let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const member = () => t.tokenFor(world.own.users.company_member);
const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Henry Schein',
  email: 'Orders@HenrySchein.example',
  phone: '+1 800 472 4346',
  tax_id: '11-3136595',
  address: '135 Duryea Rd, Melville, NY',
  contact_email: 'rep@henryschein.example',
  contact_phone: '+1 631 843 5500',
  ...overrides,
});

it('creates a supplier for the location and lists it with the shared ones', async () => {
  const shared = await createSupplier(t.db, { companyId: null, name: 'Shared Dental Supply' });
  const foreign = await createSupplier(t.db, { companyId: world.foreign.org.locations[0]!.id, name: 'Foreign Only' });
  const res = await t.request({ method: 'POST', url: '/api/supplier', token: member(), payload: body() });
  expect(res.statusCode).toBe(201);
  expect(res.json()).toMatchObject({ name: 'Henry Schein', email: 'orders@henryschein.example', company_id: world.own.org.locations[0]!.id });

  const list = (await t.request({ method: 'GET', url: '/api/supplier?perPage=100', token: member() })).json();
  const ids = list.results.map((s: { id: string }) => s.id);
  expect(ids).toContain(res.json().id);
  expect(ids).toContain(shared.id);
  expect(ids).not.toContain(foreign.id);
});

it("answers 409 'Supplier already exists' for a name the location already has, whatever the case", async () => {
  await t.request({ method: 'POST', url: '/api/supplier', token: member(), payload: body({ name: 'Patterson Dental' }) });
  const again = await t.request({ method: 'POST', url: '/api/supplier', token: member(), payload: body({ name: 'PATTERSON DENTAL' }) });
  expect(again.statusCode).toBe(409);
  expect(again.json().message).toBe(SUPPLIER_MESSAGES.exists);
  // Another organization may use the same name.
  const other = await t.request({ method: 'POST', url: '/api/supplier', token: t.tokenFor(world.foreign.users.company_member), payload: body({ name: 'Patterson Dental' }) });
  expect(other.statusCode).toBe(201);
});

it('validates e-mails and phones and writes nothing on bad input', async () => {
  const res = await t.request({ method: 'POST', url: '/api/supplier', token: member(), payload: body({ name: 'Broken Supply', email: 'nope', contact_phone: 'x' }) });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toEqual(
    expect.arrayContaining([
      { field: 'email', message: 'Enter a valid email address' },
      { field: 'contact_phone', message: 'Enter a valid phone number (digits, spaces, +, - and parentheses)' },
    ]),
  );
  const list = (await t.request({ method: 'GET', url: '/api/supplier?search=broken', token: member() })).json();
  expect(list.total).toBe(0);
});

it('searches by name, e-mail or tax id and pages the results', async () => {
  for (const name of ['Benco Dental', 'Burkhart Dental', 'Darby Dental']) {
    await t.request({ method: 'POST', url: '/api/supplier', token: t.tokenFor(world.own.users.company_admin), payload: body({ name }) });
  }
  const page = (await t.request({ method: 'GET', url: '/api/supplier?search=dental&perPage=2&currentPage=2', token: member() })).json();
  expect(page.currentPage).toBe(2);
  expect(page.results).toHaveLength(2);
  expect(page.lastPage).toBe(Math.ceil(page.total / 2));
});

it('updates and soft-deletes its own supplier; shared suppliers are read-only for locations', async () => {
  const created = (await t.request({ method: 'POST', url: '/api/supplier', token: member(), payload: body({ name: 'Safco' }) })).json();
  const updated = await t.request({ method: 'PATCH', url: `/api/supplier/${created.id}`, token: member(), payload: { phone: '+1 800 621 2178' } });
  expect(updated.json().phone).toBe('+1 800 621 2178');
  const admin = t.tokenFor(world.own.users.company_admin);
  expect((await t.request({ method: 'DELETE', url: `/api/supplier/${created.id}`, token: admin })).statusCode).toBe(204);
  expect((await t.request({ method: 'GET', url: `/api/supplier/${created.id}`, token: admin })).statusCode).toBe(404);

  const shared = await createSupplier(t.db, { companyId: null });
  expect((await t.request({ method: 'PATCH', url: `/api/supplier/${shared.id}`, token: member(), payload: { address: 'x' } })).statusCode).toBe(403);
});

it('keeps the fields a PATCH leaves out', async () => {
  const created = (await t.request({ method: 'POST', url: '/api/supplier', token: member(), payload: body({ name: 'Benco Dental Supply' }) })).json();
  expect(created.id, JSON.stringify(created)).toBeDefined();
  const patched = await t.request({ method: 'PATCH', url: `/api/supplier/${created.id}`, token: member(), payload: { phone: '+1 570 602 7781' } });
  expect(patched.json()).toMatchObject({ phone: '+1 570 602 7781', address: '135 Duryea Rd, Melville, NY' });
});

it('pages the list without a term as it pages a search matching everything, for a location and for the product admin', async () => {
  for (const name of ['Zenith Dental', 'alpha dental', 'Midwest Dental']) {
    await t.request({ method: 'POST', url: '/api/supplier', token: t.tokenFor(world.own.users.company_admin), payload: body({ name }) });
  }
  const deleted = await createSupplier(t.db, { companyId: null, name: 'Deleted Shared' });
  expect((await t.request({ method: 'DELETE', url: `/api/supplier/${deleted.id}`, token: t.tokenFor(world.admin) })).statusCode).toBe(204);
  for (const token of [member(), t.tokenFor(world.admin)]) {
    // Every supplier has an "@" in its e-mail: the search path's answer is the whole list.
    const everything = (await t.request({ method: 'GET', url: `/api/supplier?search=${encodeURIComponent('@')}&perPage=100`, token })).json();
    const pages = [];
    for (let page = 1; page <= Math.ceil(everything.total / 2); page += 1) {
      const res = (await t.request({ method: 'GET', url: `/api/supplier?perPage=2&currentPage=${page}`, token })).json();
      expect(res).toMatchObject({ currentPage: page, total: everything.total, lastPage: Math.ceil(everything.total / 2) });
      pages.push(...res.results);
    }
    expect(pages).toEqual(everything.results);
    expect(pages.map((s: { name: string }) => s.name)).not.toContain('Deleted Shared');
  }
});
