import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@clinic/domain';
import { IDS } from '../../test/fixtures';
import { isSharedSupplier, supplierActionsFor } from './supplier-actions';

const own = { company_id: IDS.company };
const shared = { company_id: null };
const viewer = (role: keyof typeof ROLE_PERMISSIONS) => ({ role, permissions: ROLE_PERMISSIONS[role] });

describe('supplier row actions', () => {
  it('lets a location admin edit and delete, a member only edit, an assistant nothing', () => {
    expect(supplierActionsFor(viewer('company_admin'), own)).toEqual(['edit', 'delete']);
    expect(supplierActionsFor(viewer('company_member'), own)).toEqual(['edit']);
    expect(supplierActionsFor(viewer('assistant'), own)).toEqual([]);
  });

  it("keeps the product admin's shared suppliers read-only for everyone else", () => {
    expect(isSharedSupplier(shared, 'organization_admin')).toBe(true);
    expect(supplierActionsFor(viewer('organization_admin'), shared)).toEqual([]);
    expect(isSharedSupplier(shared, 'admin')).toBe(false);
    expect(supplierActionsFor(viewer('admin'), shared)).toEqual(['edit', 'delete']);
  });
});
