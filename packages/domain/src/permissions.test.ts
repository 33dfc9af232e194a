import { describe, expect, it } from 'vitest';
import { can, effectivePermissions, ROLE_PERMISSIONS } from './permissions';
import { ROLES } from './roles';

describe('effectivePermissions', () => {
  it('uses the role defaults when nothing is stored', () => {
    expect(effectivePermissions('company_member', null)).toBe(ROLE_PERMISSIONS.company_member);
  });

  it('never grants more than the role allows', () => {
    const narrowed = effectivePermissions('assistant', { stock: ['read', 'delete'], users: ['read', 'delete'], patients: ['read'] });
    expect(narrowed).toEqual({ stock: ['read'], patients: ['read'] });
  });

  it('keeps the product admin out of clinic features', () => {
    expect(can(ROLE_PERMISSIONS.admin, 'stock', 'read')).toBe(false);
    expect(can(ROLE_PERMISSIONS.admin, 'treatmentLogs', 'create')).toBe(false);
    expect(can(ROLE_PERMISSIONS.admin, 'products', 'approve')).toBe(true);
  });

  it('gates purchase history: members read it, assistants do not', () => {
    expect(can(ROLE_PERMISSIONS.company_member, 'purchaseHistory', 'read')).toBe(true);
    expect(can(ROLE_PERMISSIONS.assistant, 'purchaseHistory', 'read')).toBe(false);
  });

  it('gives every role a dashboard', () => {
    for (const role of ROLES) expect(can(ROLE_PERMISSIONS[role], 'dashboard', 'read')).toBe(true);
  });
});
