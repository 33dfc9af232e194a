import { readSheet } from '../../core/spreadsheet';
import { IMPORT_MESSAGES, MAX_IMPORT_ROWS, PRODUCT_IMPORT_COLUMNS, type ProductImportField } from '@clinic/domain';

/** A stored upload's bytes. */
export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
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
 * Reads and checks a whole file before anything is written: .xlsx or CSV (the shared reader's
 * encodings and delimiters), header and row count. Every cell is kept as the text it holds, whatever
 * its first character: nothing is evaluated here, and exports neutralise formula-like cells
 * (escapeSpreadsheetCell) for whoever opens them later. Returns the rows by column key, or the
 * reason the file is refused.
 */
export async function readCsvTable<F extends string>(bytes: Buffer, columns: readonly CsvColumn<F>[], maxRows: number): Promise<ParsedCsv<F> | { error: string }> {
  let sheet: string[][];
  try {
    sheet = await readSheet(bytes);
  } catch {
    return { error: IMPORT_MESSAGES.unreadable };
  }
  const [header, ...body] = sheet;
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
      const trimmed = value.trim();
      if (trimmed !== '') data[column.key] = trimmed;
    }
    rows.push({ rowNumber, data });
  }
  return { rows };
}

export type ParsedImportFile = ParsedCsv<ProductImportField>;

/** The product import file (spec section 5, "Import rules"). */
export function readImportFile(bytes: Buffer): Promise<ParsedImportFile | { error: string }> {
  return readCsvTable(bytes, PRODUCT_IMPORT_COLUMNS, MAX_IMPORT_ROWS);
}
