import { MAX_PRICE_LIST_ROWS, PRICE_LIST_COLUMNS, PriceListRowSchema, type PriceListField, type PriceListRow } from '@clinic/domain';
import { readSheet } from '../../core/spreadsheet';

export interface RowProblem {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  column: string;
  message: string;
}

export type PriceListFile = { rows: PriceListRow[] } | { error: string; problems?: RowProblem[] };

/** At most this many row problems are reported at once: enough to fix a file, short enough to read. */
const MAX_PROBLEMS = 20;

/**
 * Reads a whole price list before anything is stored: the header names the columns (in any order,
 * any case), every row must be valid, and an item number appears once. A bad file changes nothing.
 */
export async function readPriceList(bytes: Buffer): Promise<PriceListFile> {
  let sheet: string[][];
  try {
    sheet = await readSheet(bytes);
  } catch {
    return { error: 'The file could not be read. Upload a .csv or .xlsx file.' };
  }
  const [header, ...body] = sheet;
  if (!header || header.every((h) => h === '')) return { error: 'The file has no rows' };

  const byHeader = new Map(PRICE_LIST_COLUMNS.map((c) => [c.header.toLowerCase(), c]));
  const positions = new Map<PriceListField, number>();
  for (const [position, name] of header.entries()) {
    if (name === '') continue;
    const column = byHeader.get(name.toLowerCase());
    if (!column) return { error: `Unknown column: ${name}. The columns are ${PRICE_LIST_COLUMNS.map((c) => c.header).join(', ')}.` };
    positions.set(column.key, position);
  }
  for (const column of PRICE_LIST_COLUMNS) {
    if (column.required && !positions.has(column.key)) return { error: `Missing column: ${column.header}` };
  }
  if (body.length === 0) return { error: 'The file has no rows' };
  if (body.length > MAX_PRICE_LIST_ROWS) return { error: `The file has more than ${String(MAX_PRICE_LIST_ROWS)} rows` };

  const rows: PriceListRow[] = [];
  const problems: RowProblem[] = [];
  const seen = new Map<string, number>();
  for (const [index, cells] of body.entries()) {
    const rowNumber = index + 2;
    const raw: Record<string, string> = {};
    for (const [key, position] of positions) raw[key] = cells[position] ?? '';
    const parsed = PriceListRowSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        problems.push({ row: rowNumber, column: PRICE_LIST_COLUMNS.find((c) => c.key === key)?.header ?? key, message: issue.message });
      }
      continue;
    }
    const earlier = seen.get(parsed.data.vendor_sku);
    if (earlier !== undefined) problems.push({ row: rowNumber, column: 'Vendor SKU', message: `Also on row ${String(earlier)}` });
    else seen.set(parsed.data.vendor_sku, rowNumber);
    rows.push(parsed.data);
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, MAX_PROBLEMS);
    const list = shown.map((p) => `row ${String(p.row)}, ${p.column}: ${p.message}`).join('; ');
    return { error: `The price list has ${String(problems.length)} ${problems.length === 1 ? 'problem' : 'problems'}: ${list}`, problems: shown };
  }
  return { rows };
}
