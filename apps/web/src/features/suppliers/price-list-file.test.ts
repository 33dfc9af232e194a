import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@clinic/domain';
import { priceListFileProblem, PRICE_LIST_COLUMNS_TEXT } from './price-list-file';

describe('price list file', () => {
  it('takes .csv and .xlsx files up to the upload limit', () => {
    expect(priceListFileProblem({ name: 'Henry prices.CSV', size: 1200 })).toBeNull();
    expect(priceListFileProblem({ name: 'prices.xlsx', size: 1200 })).toBeNull();
    expect(priceListFileProblem({ name: 'prices.pdf', size: 1200 })).toBe('Choose a .csv or .xlsx file');
    expect(priceListFileProblem({ name: 'prices.csv', size: 60 * 1024 * 1024 })).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(priceListFileProblem({ name: 'prices.csv', size: 0 })).toBe('The file is empty');
  });

  it('names the columns, the optional ones marked', () => {
    expect(PRICE_LIST_COLUMNS_TEXT).toBe('Vendor SKU, Description, Barcode (optional), Manufacturer code (optional), Pack size, Price, In stock (optional)');
  });
});
