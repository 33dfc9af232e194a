import type { Role } from '@clinic/domain';
import type { DbOrTx } from '../src/db/client';
import { createOrganization, createUser, type OrganizationFixture } from './factories/index';
import type { UserRecord } from '../src/modules/users/users.repo';

export type WorldUser = UserRecord & { password: string };

export interface Tenant {
  org: OrganizationFixture;
  users: Record<Exclude<Role, 'admin'>, WorldUser>;
}

export interface World {
  admin: WorldUser;
  own: Tenant;
  foreign: Tenant;
}

async function tenant(db: DbOrTx, label: string): Promise<Tenant> {
  const org = await createOrganization(db, {
    name: `${label} Dental`,
    locations: [
      { name: `${label} North`, city: 'Austin', state: 'TX' },
      { name: `${label} South`, city: 'Dallas', state: 'TX' },
    ],
  });
  const companyId = org.locations[0]!.id;
  const make = (role: Exclude<Role, 'admin'>) => createUser(db, { role, organizationId: org.id, companyId, firstName: label, lastName: role });
  return {
    org,
    users: {
      organization_admin: await make('organization_admin'),
      company_admin: await make('company_admin'),
      company_member: await make('company_member'),
      assistant: await make('assistant'),
    },
  };
}

/** Two approved organizations with a user of every role each, plus the product admin. */
export async function createWorld(db: DbOrTx): Promise<World> {
  return {
    admin: await createUser(db, { role: 'admin', firstName: 'Product', lastName: 'Admin' }),
    own: await tenant(db, 'Own'),
    foreign: await tenant(db, 'Foreign'),
  };
}

export function userOf(world: World, role: Role): WorldUser {
  return role === 'admin' ? world.admin : world.own.users[role];
}
