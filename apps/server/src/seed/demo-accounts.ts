import type { ApprovalStatus, Role } from '@clinic/domain';
import type { Db, Tx } from '../db/client';
import { hashPassword } from '../modules/auth/passwords';
import { insertCompany } from '../modules/companies/companies.writes';
import { insertOrganization } from '../modules/organizations/organizations.writes';
import { insertUser } from '../modules/users/users.writes';

interface DemoPerson {
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  /** Index into the organization's locations. */
  location: number;
  approvalStatus?: ApprovalStatus;
}

interface DemoOrganization {
  name: string;
  approvalStatus: ApprovalStatus;
  billingEmail: string;
  locations: { name: string; city: string; state: string }[];
  staff: DemoPerson[];
}

const DEMO_ADMIN = { email: 'admin@demo.clinic', firstName: 'Avery', lastName: 'Admin', phone: '+1 512 555 0100' };

const DEMO_ORGANIZATIONS: DemoOrganization[] = [
  {
    name: 'Bright Smile Dental Group',
    approvalStatus: 'approved',
    billingEmail: 'billing@brightsmile.demo',
    locations: [
      { name: 'Downtown', city: 'Austin', state: 'TX' },
      { name: 'Lakeside', city: 'Round Rock', state: 'TX' },
    ],
    staff: [
      { role: 'organization_admin', email: 'owner@brightsmile.demo', firstName: 'Olivia', lastName: 'Owens', phone: '+1 512 555 0101', location: 0 },
      { role: 'company_admin', email: 'manager@brightsmile.demo', firstName: 'Marcus', lastName: 'Reed', phone: '+1 512 555 0102', location: 0 },
      { role: 'company_member', email: 'hygienist@brightsmile.demo', firstName: 'Hannah', lastName: 'Lee', phone: '+1 512 555 0103', location: 0 },
      { role: 'assistant', email: 'assistant@brightsmile.demo', firstName: 'Sam', lastName: 'Patel', phone: '+1 512 555 0104', location: 0 },
      { role: 'company_admin', email: 'lakeside@brightsmile.demo', firstName: 'Lena', lastName: 'Ortiz', phone: '+1 512 555 0105', location: 1 },
    ],
  },
  {
    // Pending: the product admin approves it in the demo, and its owner then meets the subscription dialog.
    name: 'Glow Aesthetics',
    approvalStatus: 'pending',
    billingEmail: 'owner@glowaesthetics.demo',
    locations: [{ name: 'Brickell', city: 'Miami', state: 'FL' }],
    staff: [{ role: 'organization_admin', email: 'owner@glowaesthetics.demo', firstName: 'Gabriela', lastName: 'Vance', phone: '+1 305 555 0110', location: 0, approvalStatus: 'pending' }],
  },
];

/**
 * The product admin, and the demo organizations with their locations and staff, in one
 * transaction. No service makes these: sign-up makes a pending organization whose admin waits
 * for approval, and invited users choose their password from an e-mail, while the demo needs
 * approved accounts with a known password. So this composes the same repository calls sign-up
 * does (auth/signup.ts), with the approval the product admin would have given.
 */
export async function seedDemoAccounts(db: Db, password: string): Promise<void> {
  await db.transaction(async (tx) => {
    await insertUser(tx, { ...DEMO_ADMIN, organizationId: null, companyId: null, passwordHash: await hashPassword(password), role: 'admin', approvalStatus: 'approved', status: 'active' });
    for (const organization of DEMO_ORGANIZATIONS) await insertOrganizationWithStaff(tx, organization, password);
  });
}

async function insertOrganizationWithStaff(tx: Tx, demo: DemoOrganization, password: string): Promise<void> {
  const organizationId = await insertOrganization(tx, {
    name: demo.name,
    numberOfLocations: demo.locations.length,
    billingContactEmail: demo.billingEmail,
    approvalStatus: demo.approvalStatus,
  });
  const locations = [];
  for (const location of demo.locations) locations.push(await insertCompany(tx, { organizationId, ...location }));
  for (const { location, approvalStatus, ...person } of demo.staff) {
    // Hashed one by one, as each account would have chosen it: no two share a salt.
    const passwordHash = await hashPassword(password);
    await insertUser(tx, { ...person, organizationId, companyId: locations[location]!.id, passwordHash, approvalStatus: approvalStatus ?? 'approved', status: 'active' });
  }
}
