import Papa from 'papaparse';
import type { Cell } from 'exceljs';
import { lazy } from './lazy';

/** The first sheet of a workbook or the rows of a CSV file, every cell as text. */
export type SheetRows = string[][];

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** XLSX is a zip archive: told apart by its first bytes, whatever the file is called. */
export function isXlsx(bytes: Buffer): boolean {
  return ZIP_SIGNATURE.every((b, i) => bytes[i] === b);
}

/**
 * CSV text in UTF-8 (with or without a byte-order mark), else Windows-1252: what "CSV" means on
 * most clinic computers. UTF-16 with its byte-order mark is Excel's "Unicode text" (tab separated).
 */
function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * What the spreadsheet shows (a formula's stored result, a number as formatted; never evaluated
 * here), except a date cell: its day as ISO yyyy-mm-dd, since its shown text depends on the locale.
 */
function cellText(cell: Cell, formula: number): string {
  const value: unknown = cell.type === formula ? cell.result : cell.value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return cell.text.trim();
}

/** ExcelJS, loaded with the first .xlsx read or written (core/lazy.ts). */
export const loadExcelJs = lazy(async () => (await import('exceljs')).default);

async function readXlsx(bytes: Buffer): Promise<SheetRows> {
  const ExcelJS = await loadExcelJs();
  const formula = ExcelJS.ValueType.Formula;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: SheetRows = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column++) cells.push(cellText(row.getCell(column), formula));
    rows.push(cells);
  });
  return rows;
}

/** Comma- or semicolon-separated (Papa Parse guesses the delimiter), blank lines skipped. */
function readCsv(bytes: Buffer): SheetRows {
  const parsed = Papa.parse<string[]>(decodeText(bytes), { header: false, skipEmptyLines: 'greedy', delimitersToGuess: [',', ';', '\t'] });
  return parsed.data.map((cells) => cells.map((c) => c.trim()));
}

/** Reads a spreadsheet file the way a person saved it: .xlsx or CSV. Cells stay text; nothing is evaluated. */
export async function readSheet(bytes: Buffer): Promise<SheetRows> {
  return isXlsx(bytes) ? readXlsx(bytes) : readCsv(bytes);
}
