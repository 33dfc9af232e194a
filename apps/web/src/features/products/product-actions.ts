import { can, type PermissionMap, type Product, type Role } from '@clinic/domain';

export type ProductAction = 'edit' | 'approve' | 'reject' | 'delete';

export interface ProductViewer {
  role: Role | null;
  permissions: PermissionMap;
}

/**
 * Delete is offered to the admin and to locations; for a location an approved product is only
 * removed from its own list, so the button reads Remove (spec section 2).
 */
export function deleteLabel(viewer: ProductViewer, product: Pick<Product, 'is_approved'>): 'Delete' | 'Remove' {
  return viewer.role !== 'admin' && product.is_approved ? 'Remove' : 'Delete';
}

export function productActionLabel(action: ProductAction, viewer: ProductViewer, product: Pick<Product, 'is_approved'>): string {
  switch (action) {
    case 'edit':
      return 'Edit';
    case 'approve':
      return 'Approve';
    case 'reject':
      return 'Reject';
    case 'delete':
      return deleteLabel(viewer, product);
  }
}

/** What the signed-in person may do with a product; the server enforces the same rules. */
export function productActionsFor(viewer: ProductViewer, product: Pick<Product, 'is_approved' | 'deleted_at'>): ProductAction[] {
  if (product.deleted_at) return [];
  const actions: ProductAction[] = [];
  if (can(viewer.permissions, 'products', 'update')) actions.push('edit');
  if (viewer.role === 'admin' && !product.is_approved && can(viewer.permissions, 'products', 'approve')) actions.push('approve', 'reject');
  if (can(viewer.permissions, 'products', 'delete')) actions.push('delete');
  return actions;
}
