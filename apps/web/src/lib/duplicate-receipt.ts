import { DUPLICATE_RECEIPT_CODE, DuplicateReceiptDetailsSchema, duplicateReceiptMessage, type EarlierReceipt } from '@clinic/domain';
import { ApiError } from './api-client';
import { formatDate } from './format';

/** The earlier receipts a 409 DUPLICATE_RECEIPT names; null for any other error. */
export function duplicateReceiptsOf(error: unknown): EarlierReceipt[] | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== DUPLICATE_RECEIPT_CODE) return null;
  const details = DuplicateReceiptDetailsSchema.safeParse(error.details);
  return details.success ? details.data.receipts : null;
}

/** The question asked before adding a delivery again, with the dates in the browser's calendar. */
export function duplicateReceiptQuestion(receipts: EarlierReceipt[]): string {
  return duplicateReceiptMessage(receipts, formatDate);
}
