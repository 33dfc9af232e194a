import Papa from 'papaparse';
import ExcelJS from 'exceljs';

/** The first sheet of a workbook or the rows of a CSV file, every cell as text. */
export type SheetRows = string[][];

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** XLSX is a zip archive: told apart by its first bytes, whatever the file is called. */
export function isXlsx(bytes: Buffer): boolean {
  return ZIP_SIGNATURE.every((b, i) => bytes[i] === b);
}

/**
 * CSV text in UTF-8 (with or without a byte-order mark), else Windows-1252: what "CSV" means on
 * most clinic computers. UTF-16 files are refused by the caller's header check.
 */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

async function readXlsx(bytes: Buffer): Promise<SheetRows> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: SheetRows = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    // cell.text is what the spreadsheet shows (a formula's result, a number as formatted); never evaluated here.
    for (let column = 1; column <= row.cellCount; column++) cells.push(row.getCell(column).text.trim());
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
