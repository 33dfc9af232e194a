import type { Db } from '../db/client';
import { findUserByEmail } from '../modules/users/users.repo';
import { createOrganization, createUser } from '../../test/factories/index';

export const DEMO_PASSWORD = 'clinic-demo-2026';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
}

const DEMO_LOGINS: DemoLogin[] = [
  { role: 'admin', email: 'admin@demo.clinic', password: DEMO_PASSWORD },
  { role: 'organization_admin', email: 'owner@brightsmile.demo', password: DEMO_PASSWORD },
  { role: 'company_admin', email: 'manager@brightsmile.demo', password: DEMO_PASSWORD },
  { role: 'company_member', email: 'hygienist@brightsmile.demo', password: DEMO_PASSWORD },
  { role: 'assistant', email: 'assistant@brightsmile.demo', password: DEMO_PASSWORD },
  { role: 'pending org admin', email: 'owner@glowaesthetics.demo', password: DEMO_PASSWORD },
];

/**
 * Seeds the demo organization on first start; later starts find the admin and change nothing.
 * Returns the demo logins to print (also when the data already existed).
 */
export async function seedDemo(db: Db): Promise<DemoLogin[]> {
  if (await findUserByEmail(db, DEMO_LOGINS[0]!.email)) return DEMO_LOGINS;
  await db.transaction(async (tx) => {
    await createUser(tx, { role: 'admin', email: 'admin@demo.clinic', password: DEMO_PASSWORD, firstName: 'Avery', lastName: 'Admin', phone: '+1 512 555 0100' });

    const bright = await createOrganization(tx, {
      name: 'Bright Smile Dental Group',
      approvalStatus: 'approved',
      billingEmail: 'billing@brightsmile.demo',
      locations: [
        { name: 'Downtown', city: 'Austin', state: 'TX' },
        { name: 'Lakeside', city: 'Round Rock', state: 'TX' },
      ],
    });
    const downtown = bright.locations[0]!;
    const lakeside = bright.locations[1]!;
    const staff = [
      { role: 'organization_admin', email: 'owner@brightsmile.demo', firstName: 'Olivia', lastName: 'Owens', phone: '+1 512 555 0101', companyId: downtown.id },
      { role: 'company_admin', email: 'manager@brightsmile.demo', firstName: 'Marcus', lastName: 'Reed', phone: '+1 512 555 0102', companyId: downtown.id },
      { role: 'company_member', email: 'hygienist@brightsmile.demo', firstName: 'Hannah', lastName: 'Lee', phone: '+1 512 555 0103', companyId: downtown.id },
      { role: 'assistant', email: 'assistant@brightsmile.demo', firstName: 'Sam', lastName: 'Patel', phone: '+1 512 555 0104', companyId: downtown.id },
      { role: 'company_admin', email: 'lakeside@brightsmile.demo', firstName: 'Lena', lastName: 'Ortiz', phone: '+1 512 555 0105', companyId: lakeside.id },
    ] as const;
    for (const person of staff) await createUser(tx, { ...person, organizationId: bright.id, password: DEMO_PASSWORD });

    const glow = await createOrganization(tx, {
      name: 'Glow Aesthetics',
      approvalStatus: 'pending',
      billingEmail: 'owner@glowaesthetics.demo',
      locations: [{ name: 'Brickell', city: 'Miami', state: 'FL' }],
    });
    await createUser(tx, {
      role: 'organization_admin',
      email: 'owner@glowaesthetics.demo',
      firstName: 'Gabriela',
      lastName: 'Vance',
      phone: '+1 305 555 0110',
      organizationId: glow.id,
      companyId: glow.locations[0]!.id,
      approvalStatus: 'pending',
      password: DEMO_PASSWORD,
    });
  });
  return DEMO_LOGINS;
}
