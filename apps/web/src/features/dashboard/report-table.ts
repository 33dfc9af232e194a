import Papa from 'papaparse';
import { escapeSpreadsheetCell } from '@clinic/domain';
import { formatDate, formatDollars } from '../../lib/format';

/**
 * How a column reads. Money shows as dollars with two decimals but exports as a plain number, and
 * dates export as ISO days, so a spreadsheet can add up and sort what it opens.
 */
export type CellKind = 'text' | 'money' | 'number' | 'date';

export interface ReportColumn<T> {
  label: string;
  kind: CellKind;
  value: (row: T) => string | number;
  /** Where the cell links to in the table view (a product's page); the export keeps the text. */
  href?: (row: T) => string;
}

/** Units can be fractional (a third of a syringe); float noise like 0.30000000000000004 is not a figure. */
const roundUnits = (value: number) => Math.round(value * 100_000) / 100_000;

export function displayCell(kind: CellKind, value: string | number): string {
  switch (kind) {
    case 'money':
      return formatDollars(Number(value));
    case 'number':
      return roundUnits(Number(value)).toLocaleString('en-US', { maximumFractionDigits: 5 });
    case 'date':
      return formatDate(String(value));
    case 'text':
      return String(value);
  }
}

export function csvCell(kind: CellKind, value: string | number): string {
  switch (kind) {
    case 'money':
      return Number(value).toFixed(2);
    case 'number':
      return String(roundUnits(Number(value)));
    case 'date':
      return String(value);
    case 'text':
      // Names are typed by people; one starting with = would run as a formula in a spreadsheet.
      return escapeSpreadsheetCell(String(value));
  }
}

/** The header, then one line per row: exactly the table view's columns. */
export function csvRows<T>(columns: readonly ReportColumn<T>[], rows: readonly T[]): string[][] {
  return [columns.map((c) => c.label), ...rows.map((row) => columns.map((c) => csvCell(c.kind, c.value(row))))];
}

/** A byte order mark first: without it Excel reads UTF-8 names (Restylane®) as Latin-1. */
export function toCsv<T>(columns: readonly ReportColumn<T>[], rows: readonly T[]): string {
  return `\uFEFF${Papa.unparse(csvRows(columns, rows))}`;
}

/** e.g. expense-by-day-2026-11-01-to-2026-11-30.csv, or stocks-about-to-expire-2026-11-23.csv for a report about one day. */
export function csvFileName(title: string, range?: { start_date: string; end_date: string } | string): string {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  if (range === undefined) return `${slug}.csv`;
  return typeof range === 'string' ? `${slug}-${range}.csv` : `${slug}-${range.start_date}-to-${range.end_date}.csv`;
}
