import { SUPPLIER_MESSAGES } from '@clinic/domain';
import { ApiError } from '../../lib/api-client';

export type SupplierOperation = 'create' | 'update' | 'delete';

/**
 * The toast for a failed supplier call, worded as the specification's error catalogue:
 * a name clash (409) on create or update says so; anything else gets the operation's fallback.
 */
export function supplierFailureMessage(operation: SupplierOperation, error: unknown): string {
  if (operation !== 'delete' && error instanceof ApiError && error.status === 409) return SUPPLIER_MESSAGES.exists;
  switch (operation) {
    case 'create':
      return SUPPLIER_MESSAGES.createFailed;
    case 'update':
      return SUPPLIER_MESSAGES.updateFailed;
    case 'delete':
      return SUPPLIER_MESSAGES.deleteFailed;
  }
}
