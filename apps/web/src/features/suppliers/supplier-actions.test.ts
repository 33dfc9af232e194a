import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@clinic/domain';
import { IDS } from '../../test/fixtures';
import { isSharedSupplier, supplierActionsFor } from './supplier-actions';

const own = { company_id: IDS.company, distributor: false };
const shared = { company_id: null, distributor: false };
const distributor = { company_id: null, distributor: true };
const viewer = (role: keyof typeof ROLE_PERMISSIONS) => ({ role, permissions: ROLE_PERMISSIONS[role] });

describe('supplier row actions', () => {
  it('lets a location admin edit and delete, a member only edit, an assistant nothing', () => {
    expect(supplierActionsFor(viewer('company_admin'), own)).toEqual(['edit', 'priceList', 'delete']);
    expect(supplierActionsFor(viewer('company_member'), own)).toEqual(['edit', 'priceList']);
    expect(supplierActionsFor(viewer('assistant'), own)).toEqual([]);
  });

  it('offers the price list to those who use the marketplace', () => {
    const noMarketplace = { role: 'company_member' as const, permissions: { ...ROLE_PERMISSIONS.company_member, marketplace: [] } };
    expect(supplierActionsFor(noMarketplace, own)).toEqual(['edit']);
  });

  it("keeps the product admin's shared suppliers read-only for everyone else, but for the location's own price list", () => {
    expect(isSharedSupplier(shared, 'organization_admin')).toBe(true);
    expect(supplierActionsFor(viewer('organization_admin'), shared)).toEqual(['priceList']);
    expect(supplierActionsFor(viewer('assistant'), shared)).toEqual([]);
    // A distributor's prices come from its API.
    expect(supplierActionsFor(viewer('organization_admin'), distributor)).toEqual([]);
    expect(isSharedSupplier(shared, 'admin')).toBe(false);
    expect(supplierActionsFor(viewer('admin'), shared)).toEqual(['edit', 'delete']);
  });
});
