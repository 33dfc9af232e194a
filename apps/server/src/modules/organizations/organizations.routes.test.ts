import { TIME_ZONE_MESSAGE } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createOrganization, createUser } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';

let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const admin = () => t.tokenFor(world.admin);

describe('organizations', () => {
  it('lists clients for the admin, filtered by approval status and name', async () => {
    const pending = await createOrganization(t.db, { name: 'Pearl Pending Clinic', approvalStatus: 'pending' });
    const res = await t.request({ method: 'GET', url: '/api/organization?approval_status=pending&search=pearl', token: admin() });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      expect.objectContaining({ id: pending.id, approvalStatus: 'pending', locations: [expect.objectContaining({ city: 'Austin', state: 'TX' })] }),
    ]);
  });

  it('sets and clears the custom price as an exact decimal', async () => {
    const url = `/api/organization/${world.own.org.id}/change-custom-price`;
    expect((await t.request({ method: 'PATCH', url, token: admin(), payload: { customPrice: '150.99' } })).json().customPrice).toBe('150.99');
    expect((await t.request({ method: 'PATCH', url, token: admin(), payload: { customPrice: null } })).json().customPrice).toBeNull();
    const bad = await t.request({ method: 'PATCH', url, token: admin(), payload: { customPrice: '-5' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'customPrice', message: 'Enter an amount like 150.99' }]);
  });

  it('adds a location and raises the number of locations with it', async () => {
    const org = await createOrganization(t.db);
    const res = await t.request({ method: 'POST', url: `/api/organization/${org.id}/location`, token: admin(), payload: { name: 'Second', city: 'Waco', state: 'TX' } });
    expect(res.statusCode).toBe(201);
    const detail = (await t.request({ method: 'GET', url: `/api/organization/${org.id}`, token: admin() })).json();
    expect(detail.numberOfLocations).toBe(2);
    expect(detail.locations.map((l: { name: string }) => l.name)).toEqual(['Main', 'Second']);
  });

  it('rejects a location without a city and writes nothing', async () => {
    const org = await createOrganization(t.db);
    const res = await t.request({ method: 'POST', url: `/api/organization/${org.id}/location`, token: admin(), payload: { name: 'X', city: ' ', state: 'TX' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'city', message: 'City is required' }]);
    expect((await t.request({ method: 'GET', url: `/api/organization/${org.id}`, token: admin() })).json().locations).toHaveLength(1);
  });

  it('lets the organization admin rename it but not approve it', async () => {
    const owner = t.tokenFor(world.own.users.organization_admin);
    const renamed = await t.request({ method: 'PATCH', url: `/api/organization/${world.own.org.id}`, token: owner, payload: { name: 'Own Dental Renamed' } });
    expect(renamed.json().name).toBe('Own Dental Renamed');
    const approve = await t.request({ method: 'PATCH', url: `/api/organization/${world.own.org.id}`, token: owner, payload: { approvalStatus: 'rejected' } });
    expect(approve.statusCode).toBe(403);
  });

  it('refuses a name another organization uses', async () => {
    const res = await t.request({ method: 'PATCH', url: `/api/organization/${world.own.org.id}`, token: admin(), payload: { name: world.foreign.org.name.toUpperCase() } });
    expect(res.statusCode).toBe(409);
  });

  it('deleting a client removes its locations and accounts from use', async () => {
    const org = await createOrganization(t.db);
    const member = await createUser(t.db, { role: 'company_member', organizationId: org.id, companyId: org.locations[0]!.id });
    expect((await t.request({ method: 'DELETE', url: `/api/organization/${org.id}`, token: admin() })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/organization/${org.id}`, token: admin() })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/auth/profile', token: t.tokenFor(member) })).statusCode).toBe(401);
  });
});

describe('companies', () => {
  it('updates a location\'s city and state', async () => {
    const token = t.tokenFor(world.own.users.company_admin);
    const res = await t.request({ method: 'PATCH', url: `/api/company/${world.own.org.locations[0]!.id}`, token, payload: { city: 'San Marcos', state: 'TX' } });
    expect(res.json()).toMatchObject({ city: 'San Marcos', state: 'TX' });
  });

  it("sets, answers and clears a location's time zone (issue 53)", async () => {
    const org = await createOrganization(t.db, { locations: [{ name: 'Coast', city: 'Monterey', state: 'CA' }] });
    const url = `/api/company/${org.locations[0]!.id}`;
    expect((await t.request({ method: 'GET', url, token: admin() })).json().time_zone).toBeNull();
    const set = await t.request({ method: 'PATCH', url, token: admin(), payload: { time_zone: 'America/Los_Angeles' } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ time_zone: 'America/Los_Angeles', city: 'Monterey' });
    expect((await t.request({ method: 'GET', url, token: admin() })).json().time_zone).toBe('America/Los_Angeles');
    const cleared = await t.request({ method: 'PATCH', url, token: admin(), payload: { time_zone: null } });
    expect(cleared.json().time_zone).toBeNull();
  });

  it('refuses a time zone Intl does not know, naming the field', async () => {
    const url = `/api/company/${world.own.org.locations[0]!.id}`;
    const token = t.tokenFor(world.own.users.company_admin);
    for (const time_zone of ['Mars/Olympus', 'PST', '']) {
      const res = await t.request({ method: 'PATCH', url, token, payload: { time_zone } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'time_zone', message: TIME_ZONE_MESSAGE }]);
    }
    expect((await t.request({ method: 'GET', url, token })).json().time_zone).toBeNull();
  });

  it('will not delete a location people still work in, nor the last one', async () => {
    const org = await createOrganization(t.db, { locations: [{ name: 'Only', city: 'Austin', state: 'TX' }] });
    const res = await t.request({ method: 'DELETE', url: `/api/company/${org.locations[0]!.id}`, token: admin() });
    expect(res.statusCode).toBe(409);
    const busy = await t.request({ method: 'DELETE', url: `/api/company/${world.own.org.locations[0]!.id}`, token: admin() });
    expect(busy.statusCode).toBe(409);
  });

  it('lists the locations of an organization for its admin', async () => {
    const res = await t.request({ method: 'GET', url: '/api/company', token: t.tokenFor(world.own.users.organization_admin) });
    expect(res.json().results.map((c: { id: string }) => c.id).sort()).toEqual(world.own.org.locations.map((l) => l.id).sort());
  });
});
