import Papa from 'papaparse';
import { IMPORT_MESSAGES, MAX_IMPORT_ROWS, PRODUCT_IMPORT_COLUMNS, type ProductImportField } from '@clinic/domain';

/**
 * A cell a spreadsheet would run as a formula (= + @, a leading tab or return, or - not starting
 * a number). Such files are refused whole: the CSV may have been built to attack whoever opens
 * an export of it later.
 */
export function isFormulaCell(value: string): boolean {
  if (/^[=+@\t\r]/.test(value)) return true;
  return value.startsWith('-') && !/^-\d+(\.\d+)?$/.test(value.trim());
}

/** A stored upload's bytes. */
export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
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

/** A CSV column the importer knows: its key, its header (matched case-insensitively), whether it must be there. */
export interface CsvColumn<F extends string> {
  key: F;
  header: string;
  required: boolean;
}

export interface ParsedCsv<F extends string> {
  /** Data rows with their spreadsheet row number (the header is row 1). */
  rows: { rowNumber: number; data: Partial<Record<F, string>> }[];
}

/**
 * Reads and checks a whole file before anything is written: encoding, header, row count and
 * formula cells. Returns the rows by column key, or the reason the file is refused.
 */
export function readCsvTable<F extends string>(bytes: Buffer, columns: readonly CsvColumn<F>[], maxRows: number): ParsedCsv<F> | { error: string } {
  const text = decodeUtf8(bytes);
  if (text === null) return { error: IMPORT_MESSAGES.notUtf8 };
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: 'greedy' });
  const [header, ...body] = parsed.data;
  if (!header || header.every((h) => h.trim() === '')) return { error: IMPORT_MESSAGES.empty };

  const byHeader = new Map(columns.map((c) => [c.header.toLowerCase(), c]));
  const fields: (CsvColumn<F> | null)[] = [];
  for (const raw of header) {
    const name = raw.trim();
    if (name === '') {
      fields.push(null);
      continue;
    }
    const column = byHeader.get(name.toLowerCase());
    if (!column) return { error: IMPORT_MESSAGES.unknownColumn(name) };
    fields.push(column);
  }
  for (const column of columns) {
    if (column.required && !fields.includes(column)) return { error: IMPORT_MESSAGES.missingColumn(column.header) };
  }
  if (body.length === 0) return { error: IMPORT_MESSAGES.empty };
  if (body.length > maxRows) return { error: IMPORT_MESSAGES.tooManyRows(maxRows) };

  const rows: ParsedCsv<F>['rows'] = [];
  for (const [index, cells] of body.entries()) {
    const rowNumber = index + 2;
    const data: Partial<Record<F, string>> = {};
    for (const [position, value] of cells.entries()) {
      const column = fields[position];
      if (!column) continue;
      if (isFormulaCell(value)) return { error: IMPORT_MESSAGES.formulaCell(rowNumber, column.header) };
      const trimmed = value.trim();
      if (trimmed !== '') data[column.key] = trimmed;
    }
    rows.push({ rowNumber, data });
  }
  return { rows };
}

export type ParsedImportFile = ParsedCsv<ProductImportField>;

/** The product import file (spec section 5, "Import rules"). */
export function readImportFile(bytes: Buffer): ParsedImportFile | { error: string } {
  return readCsvTable(bytes, PRODUCT_IMPORT_COLUMNS, MAX_IMPORT_ROWS);
}
