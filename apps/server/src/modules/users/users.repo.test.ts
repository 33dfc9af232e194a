import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createOrganization, createUser } from '../../../test/factories/index';
import { users } from '../../db/schema/index';
import { findUserById, preparedFindUserById } from './users.repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// The lookup every request makes maps its row by hand; drizzle's mapping (findUserById) is the reference.
describe('preparedFindUserById', () => {
  it('reads a user with location and organization as findUserById does, every column included', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, { role: 'company_member', organizationId: org.id, companyId: org.locations[0]!.id });
    await t.db
      .update(users)
      .set({
        permissions: { products: ['read', 'update'], suppliers: [] },
        hideTour: true,
        remindTourAfter: new Date('2026-03-04T05:06:07.891Z'),
        sessionsValidFrom: new Date('2026-01-02T03:04:05.678Z'),
      })
      .where(eq(users.id, user.id));
    const find = preparedFindUserById(t.db);

    const expected = await findUserById(t.db, user.id);
    const found = await find(user.id);
    expect(found).toEqual(expected);
    expect(found!.permissions).toEqual({ products: ['read', 'update'], suppliers: [] });
    expect(found!.sessionsValidFrom).toEqual(new Date('2026-01-02T03:04:05.678Z'));
    expect(found!.organization).toMatchObject({ id: org.id, approvalStatus: 'approved', numberOfLocations: 1 });
    expect(found!.organization!.subscriptionActiveUntil).toBeInstanceOf(Date);
    expect(found!.company).toEqual({ id: org.locations[0]!.id, name: 'Main', city: 'Austin', state: 'TX' });
  });

  it('gives null location and organization to the product admin, and null for empty columns', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const found = await preparedFindUserById(t.db)(admin.id);
    expect(found).toEqual(await findUserById(t.db, admin.id));
    expect(found).toMatchObject({ company: null, organization: null, permissions: null, sessionsValidFrom: null, deletedAt: null, hideTour: false });
  });

  it('finds no deleted and no unknown user', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, { role: 'company_admin', organizationId: org.id, companyId: org.locations[0]!.id });
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    const find = preparedFindUserById(t.db);
    expect(await find(user.id)).toBeNull();
    expect(await find('00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
