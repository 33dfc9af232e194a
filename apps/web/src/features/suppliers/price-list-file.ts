import { MAX_UPLOAD_BYTES, PRICE_LIST_COLUMNS, UPLOAD_MESSAGES } from '@clinic/domain';

/** What the file picker offers: CSV (some systems label it as Excel) and Excel workbooks. */
export const PRICE_LIST_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The columns as people read them, in the contract's order, the optional ones marked. */
export const PRICE_LIST_COLUMNS_TEXT = PRICE_LIST_COLUMNS.map((column) => (column.required ? column.header : `${column.header} (optional)`)).join(', ');

/**
 * Why a chosen file cannot be a price list, or null: the browser says so at once instead of sending
 * megabytes the server refuses. The name decides, since browsers label CSV files differently.
 */
export function priceListFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return 'Choose a .csv or .xlsx file';
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  if (file.size === 0) return 'The file is empty';
  return null;
}
