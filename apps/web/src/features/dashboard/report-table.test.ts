import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { EXPENSE_BY_DAY_COLUMNS, EXPENSE_BY_TREATMENT_COLUMNS, expiringStockColumns, hasExpense, MOST_USED_PRODUCTS_COLUMNS, TOP_SUPPLIERS_COLUMNS } from './report-columns';
import { csvFileName, csvRows, displayCell, toCsv } from './report-table';

const PRODUCT = { id: '1f0e2d3c-4b5a-4968-8776-a5b4c3d2e1f0', name: 'Restylane® Kysse', product_image_url: null };

describe('chart rows as CSV', () => {
  it('writes expense by day with ISO days and money as plain two-decimal numbers', () => {
    const days = [
      { date: '2026-11-01', spend: 1234.5, usage_cost: 0 },
      { date: '2026-11-02', spend: 0, usage_cost: 63.126 },
    ];
    expect(csvRows(EXPENSE_BY_DAY_COLUMNS, days)).toEqual([
      ['Date', 'Spend', 'Usage cost'],
      ['2026-11-01', '1234.50', '0.00'],
      ['2026-11-02', '0.00', '63.13'],
    ]);
  });

  it('names rows the contract leaves empty: chair additions and stock without a supplier', () => {
    const treatments = [
      { treatment: { id: PRODUCT.id, treatment_code: 'D7140', name: 'Extraction, erupted tooth' }, performed: 2, cost: 40 },
      { treatment: null, performed: 0, cost: 12.4 },
    ];
    expect(csvRows(EXPENSE_BY_TREATMENT_COLUMNS, treatments).slice(1)).toEqual([
      ['D7140 · Extraction, erupted tooth', '2', '40.00'],
      ['Added at the chair', '0', '12.40'],
    ]);
    expect(csvRows(TOP_SUPPLIERS_COLUMNS, [{ supplier: null, spend: 99 }])[1]).toEqual(['No supplier', '99.00']);
  });

  it('drops float noise from units and keeps a formula-like name inert', () => {
    const uses = [{ product: { ...PRODUCT, name: '=HYPERLINK("x")' }, units_used: 0.1 + 0.2, usage_cost: 3 }];
    expect(csvRows(MOST_USED_PRODUCTS_COLUMNS, uses)[1]).toEqual([`'=HYPERLINK("x")`, '0.3', '3.00']);
  });

  it('quotes commas and quotes so the file opens as the table reads, after a byte order mark', () => {
    const csv = toCsv(EXPENSE_BY_TREATMENT_COLUMNS, [{ treatment: { id: PRODUCT.id, treatment_code: 'D2391', name: 'Resin, "one" surface' }, performed: 1, cost: 5 }]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(Papa.parse<string[]>(csv.slice(1)).data).toEqual([
      ['Treatment', 'Performed', 'Cost'],
      ['D2391 · Resin, "one" surface', '1', '5.00'],
    ]);
  });

  it('shows the location of an expiring lot only when the list covers several locations', () => {
    expect(expiringStockColumns(false).map((c) => c.label)).toEqual(['Product', 'Lot', 'Expiry date', 'Units left', 'Value']);
    expect(expiringStockColumns(true).map((c) => c.label)).toContain('Location');
  });
});

describe('chart table cells and files', () => {
  it('shows money in dollars, days as MM-DD-YYYY', () => {
    expect(displayCell('money', 1234.5)).toBe('$1,234.50');
    expect(displayCell('date', '2026-11-02')).toBe('11-02-2026');
    expect(displayCell('number', 0.1 + 0.2)).toBe('0.3');
  });

  it('names the file after the chart and its range', () => {
    expect(csvFileName('Expense by day', { start_date: '2026-11-01', end_date: '2026-11-30' })).toBe('expense-by-day-2026-11-01-to-2026-11-30.csv');
    expect(csvFileName('Stocks about to expire', '2026-11-23')).toBe('stocks-about-to-expire-2026-11-23.csv');
    expect(csvFileName('Top 5 most used products')).toBe('top-5-most-used-products.csv');
  });

  it('calls a range of idle days empty', () => {
    expect(hasExpense([{ date: '2026-11-01', spend: 0, usage_cost: 0 }])).toBe(false);
    expect(hasExpense([{ date: '2026-11-01', spend: 0, usage_cost: 0.01 }])).toBe(true);
  });
});
