import { STOCK_MESSAGES } from '@clinic/domain';
import { ApiError, errorMessage } from '../../lib/api-client';

/** Spec section 8: a stock failure names its product; anything else is the generic tray message. */
export function saveFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return error.message;
  return errorMessage(error, STOCK_MESSAGES.trayIssue);
}
