/** A plain number, which a spreadsheet reads as that number and never as a formula. */
const PLAIN_NUMBER = /^-\d+(\.\d+)?$/;

/**
 * A text cell as every export writes it (CSV and XLSX alike): a cell a spreadsheet program would
 * run as a formula (leading =, +, -, @, tab or carriage return) gets a leading apostrophe, so it
 * opens as the text it is. A negative plain number (-12.5) stays a number. Imports keep cells as
 * written and evaluate nothing, so this is where formula safety lives (docs/decisions.md).
 */
export function escapeSpreadsheetCell(value: string): string {
  if (PLAIN_NUMBER.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
