import { PRODUCT_MESSAGES } from '@clinic/domain';
import { ApiError } from '../../lib/api-client';

export type ProductOperation = 'create' | 'update' | 'approve' | 'reject' | 'delete';

/** The toast for a failed product call, worded as the specification's error catalogue (section 8). */
export function productFailureMessage(operation: ProductOperation, error: unknown): string {
  const conflict = error instanceof ApiError && error.status === 409;
  switch (operation) {
    case 'create':
      return conflict ? PRODUCT_MESSAGES.exists : PRODUCT_MESSAGES.createFailed;
    case 'update':
      return conflict ? PRODUCT_MESSAGES.nameOrBarcodeExists : PRODUCT_MESSAGES.updateFailed;
    case 'approve':
      return PRODUCT_MESSAGES.approveFailed;
    case 'reject':
      return PRODUCT_MESSAGES.rejectFailed;
    case 'delete':
      return PRODUCT_MESSAGES.deleteFailed;
  }
}

export interface StockHolder {
  id: string;
  name: string;
  units_in_stock: number;
}

/** The locations a refused admin delete names (403 with details.companies), or none. */
export function stockHoldersOf(error: unknown): StockHolder[] {
  if (!(error instanceof ApiError) || error.status !== 403) return [];
  const companies = error.details.companies;
  return Array.isArray(companies) ? (companies as StockHolder[]) : [];
}
