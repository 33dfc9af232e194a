import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@clinic/domain';
import { IDS } from '../../test/fixtures';
import { categoryActionsFor, isSharedCategory } from './category-actions';

const own = { company_id: IDS.company };
const shared = { company_id: null };
const viewer = (role: keyof typeof ROLE_PERMISSIONS) => ({ role, permissions: ROLE_PERMISSIONS[role] });

describe('category card actions', () => {
  it('lets a location admin edit and delete, a member only edit, an assistant nothing', () => {
    expect(categoryActionsFor(viewer('company_admin'), own)).toEqual(['edit', 'delete']);
    expect(categoryActionsFor(viewer('organization_admin'), own)).toEqual(['edit', 'delete']);
    expect(categoryActionsFor(viewer('company_member'), own)).toEqual(['edit']);
    expect(categoryActionsFor(viewer('assistant'), own)).toEqual([]);
  });

  it("keeps the product admin's shared categories read-only for every location", () => {
    for (const role of ['organization_admin', 'company_admin', 'company_member', 'assistant'] as const) {
      expect(isSharedCategory(shared, role)).toBe(true);
      expect(categoryActionsFor(viewer(role), shared)).toEqual([]);
    }
  });

  it("lets the product admin change the shared categories but not a location's own", () => {
    expect(isSharedCategory(shared, 'admin')).toBe(false);
    expect(categoryActionsFor(viewer('admin'), shared)).toEqual(['edit', 'delete']);
    expect(categoryActionsFor(viewer('admin'), own)).toEqual([]);
  });

  it('follows the permissions actually granted, not the role alone', () => {
    expect(categoryActionsFor({ role: 'company_admin', permissions: { categories: ['read', 'delete'] } }, own)).toEqual(['delete']);
    expect(categoryActionsFor({ role: 'company_admin', permissions: {} }, own)).toEqual([]);
  });
});
