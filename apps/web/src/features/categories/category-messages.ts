import { CATEGORY_MESSAGES } from '@clinic/domain';
import { ApiError } from '../../lib/api-client';

export type CategoryOperation = 'create' | 'update' | 'delete';

/**
 * The toast for a failed category call, worded as the specification's error catalogue:
 * a name clash (409) on create or update says so; anything else gets the operation's fallback.
 */
export function categoryFailureMessage(operation: CategoryOperation, error: unknown): string {
  if (operation !== 'delete' && error instanceof ApiError && error.status === 409) return CATEGORY_MESSAGES.exists;
  switch (operation) {
    case 'create':
      return CATEGORY_MESSAGES.createFailed;
    case 'update':
      return CATEGORY_MESSAGES.updateFailed;
    case 'delete':
      return CATEGORY_MESSAGES.deleteFailed;
  }
}
