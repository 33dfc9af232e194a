import { can, type PermissionMap, type Role, type Supplier } from '@clinic/domain';

export type SupplierAction = 'edit' | 'priceList' | 'delete';

export const SUPPLIER_ACTION_LABELS: Record<SupplierAction, string> = {
  edit: 'Edit',
  priceList: 'Price list',
  delete: 'Delete',
};

/** Suppliers without a location belong to the product admin and are shared, read-only, with every location. */
export function isSharedSupplier(supplier: Pick<Supplier, 'company_id'>, role: Role | null): boolean {
  return supplier.company_id === null && role !== 'admin';
}

/** Row actions the signed-in person may take on a supplier; the server enforces the same rules. */
export function supplierActionsFor(
  viewer: { role: Role | null; permissions: PermissionMap },
  supplier: Pick<Supplier, 'company_id' | 'distributor'>,
): SupplierAction[] {
  // Each location keeps its own prices for any supplier it buys from, shared ones included; a
  // distributor's prices come from its ordering API. For those who use the marketplace.
  const priceList = viewer.role !== 'admin' && !supplier.distributor && can(viewer.permissions, 'marketplace', 'read');
  if (isSharedSupplier(supplier, viewer.role)) return priceList ? ['priceList'] : [];
  const actions: SupplierAction[] = [];
  if (can(viewer.permissions, 'suppliers', 'update')) actions.push('edit');
  if (priceList) actions.push('priceList');
  if (can(viewer.permissions, 'suppliers', 'delete')) actions.push('delete');
  return actions;
}
