import { describe, expect, it } from 'vitest';
import type { User } from '@clinic/domain';
import { IDS, profileFor } from '../../test/fixtures';
import { userActionsFor } from './user-actions';

function user(overrides: Partial<User> = {}): User {
  return {
    ...profileFor('company_member'),
    id: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9',
    company: {
      id: IDS.company,
      name: 'Downtown',
      city: 'Austin',
      state: 'TX',
      organization: { id: IDS.organization, name: 'Smile Dental' },
    },
    created_at: '2026-01-05T10:00:00.000Z',
    deleted_at: null,
    ...overrides,
  };
}

describe('userActionsFor', () => {
  it('gives an organization admin every action on an active colleague', () => {
    expect(userActionsFor(profileFor('organization_admin'), user(), 'manage')).toEqual([
      'disable',
      'resetPassword',
      'reassign',
      'delete',
    ]);
  });

  it('offers Enable, not a reset link, for a disabled account', () => {
    expect(userActionsFor(profileFor('organization_admin'), user({ status: 'disabled' }), 'manage')).toEqual([
      'enable',
      'reassign',
      'delete',
    ]);
  });

  it('does not let a location admin move people between locations', () => {
    expect(userActionsFor(profileFor('company_admin'), user(), 'manage')).not.toContain('reassign');
  });

  it('offers nothing on your own row or to members without user rights', () => {
    const admin = profileFor('organization_admin');
    expect(userActionsFor(admin, user({ id: admin.id }), 'manage')).toEqual([]);
    expect(userActionsFor(profileFor('company_member'), user(), 'manage')).toEqual([]);
  });

  it('lets the admin approve or reject pending accounts and re-approve rejected ones', () => {
    const admin = profileFor('admin');
    expect(userActionsFor(admin, user({ approval_status: 'pending' }), 'approval')).toEqual(['approve', 'reject']);
    expect(userActionsFor(admin, user({ approval_status: 'rejected' }), 'approval')).toEqual(['approve']);
    expect(userActionsFor(profileFor('organization_admin'), user({ approval_status: 'pending' }), 'approval')).toEqual([]);
  });
});
