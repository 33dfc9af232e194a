import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@clinic/domain';
import { deleteLabel, productActionsFor } from './product-actions';

const viewer = (role: 'admin' | 'company_admin' | 'company_member' | 'assistant') => ({ role, permissions: ROLE_PERMISSIONS[role] });
const pending = { is_approved: false, deleted_at: null };
const approved = { is_approved: true, deleted_at: null };

describe('product actions', () => {
  it('offers the admin approve and reject on a pending product only', () => {
    expect(productActionsFor(viewer('admin'), pending)).toEqual(['edit', 'approve', 'reject', 'delete']);
    expect(productActionsFor(viewer('admin'), approved)).toEqual(['edit', 'delete']);
  });

  it("labels a location's delete of an approved product Remove", () => {
    expect(deleteLabel(viewer('company_admin'), approved)).toBe('Remove');
    expect(deleteLabel(viewer('company_admin'), pending)).toBe('Delete');
    expect(deleteLabel(viewer('admin'), approved)).toBe('Delete');
  });

  it('follows the permissions: members cannot delete, assistants only read', () => {
    expect(productActionsFor(viewer('company_member'), approved)).toEqual(['edit']);
    expect(productActionsFor(viewer('assistant'), approved)).toEqual([]);
    expect(productActionsFor(viewer('company_admin'), { ...approved, deleted_at: '2026-01-01T00:00:00Z' })).toEqual([]);
  });
});
