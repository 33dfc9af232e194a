import Papa from 'papaparse';
import { IMPORT_MESSAGES, MAX_IMPORT_ROWS, PRODUCT_IMPORT_COLUMNS, type ProductImportField, type ProductImportRowData } from '@clinic/domain';

export interface ParsedImportFile {
  /** Data rows with their spreadsheet row number (the header is row 1). */
  rows: { rowNumber: number; data: ProductImportRowData }[];
}

const HEADER_TO_FIELD = new Map<string, ProductImportField>(PRODUCT_IMPORT_COLUMNS.map((c) => [c.header.toLowerCase(), c.key]));
const FIELD_HEADER = new Map<ProductImportField, string>(PRODUCT_IMPORT_COLUMNS.map((c) => [c.key, c.header]));

/**
 * A cell a spreadsheet would run as a formula (= + @, a leading tab or return, or - not starting
 * a number). Such files are refused whole: the CSV may have been built to attack whoever opens
 * an export of it later.
 */
export function isFormulaCell(value: string): boolean {
  if (/^[=+@\t\r]/.test(value)) return true;
  return value.startsWith('-') && !/^-\d+(\.\d+)?$/.test(value.trim());
}

function decodeUtf8(bytes: Buffer): string | null {
  // UTF-16 files (Excel's "Unicode text") start with a byte-order mark; they are not UTF-8.
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return null;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.includes('\u0000') ? null : text.replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
}

/**
 * Reads and checks a whole file before anything is written: encoding, header, row count and
 * formula cells. Returns the rows, or the reason the file is refused.
 */
export function readImportFile(bytes: Buffer): ParsedImportFile | { error: string } {
  const text = decodeUtf8(bytes);
  if (text === null) return { error: IMPORT_MESSAGES.notUtf8 };
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: 'greedy' });
  const [header, ...body] = parsed.data;
  if (!header || header.every((h) => h.trim() === '')) return { error: IMPORT_MESSAGES.empty };

  const fields: (ProductImportField | null)[] = [];
  for (const raw of header) {
    const name = raw.trim();
    if (name === '') {
      fields.push(null);
      continue;
    }
    const field = HEADER_TO_FIELD.get(name.toLowerCase());
    if (!field) return { error: IMPORT_MESSAGES.unknownColumn(name) };
    fields.push(field);
  }
  for (const column of PRODUCT_IMPORT_COLUMNS) {
    if (column.required && !fields.includes(column.key)) return { error: IMPORT_MESSAGES.missingColumn(column.header) };
  }
  if (body.length === 0) return { error: IMPORT_MESSAGES.empty };
  if (body.length > MAX_IMPORT_ROWS) return { error: IMPORT_MESSAGES.tooManyRows(MAX_IMPORT_ROWS) };

  const rows: ParsedImportFile['rows'] = [];
  for (const [index, cells] of body.entries()) {
    const rowNumber = index + 2;
    const data: ProductImportRowData = {};
    for (const [column, value] of cells.entries()) {
      const field = fields[column];
      if (!field) continue;
      if (isFormulaCell(value)) return { error: IMPORT_MESSAGES.formulaCell(rowNumber, FIELD_HEADER.get(field)!) };
      const trimmed = value.trim();
      if (trimmed !== '') data[field] = trimmed;
    }
    rows.push({ rowNumber, data });
  }
  return { rows };
}
