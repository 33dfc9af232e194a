import { can, type Category, type PermissionMap, type Role } from '@clinic/domain';

export type CategoryAction = 'edit' | 'delete';

export const CATEGORY_ACTION_LABELS: Record<CategoryAction, string> = {
  edit: 'Edit',
  delete: 'Delete',
};

/** Categories without a location belong to the product admin and are shared, read-only, with every location. */
export function isSharedCategory(category: Pick<Category, 'company_id'>, role: Role | null): boolean {
  return category.company_id === null && role !== 'admin';
}

/**
 * Only the owner changes a category: a location its own ones, the product admin the shared ones.
 * The admin can also look at a location's categories (company_id set), but the server refuses
 * changes to them, so no action is offered there either.
 */
function ownsCategory(category: Pick<Category, 'company_id'>, role: Role | null): boolean {
  return role === 'admin' ? category.company_id === null : category.company_id !== null;
}

/** Card actions the signed-in person may take on a category; the server enforces the same rules. */
export function categoryActionsFor(
  viewer: { role: Role | null; permissions: PermissionMap },
  category: Pick<Category, 'company_id'>,
): CategoryAction[] {
  if (!ownsCategory(category, viewer.role)) return [];
  const actions: CategoryAction[] = [];
  if (can(viewer.permissions, 'categories', 'update')) actions.push('edit');
  if (can(viewer.permissions, 'categories', 'delete')) actions.push('delete');
  return actions;
}
