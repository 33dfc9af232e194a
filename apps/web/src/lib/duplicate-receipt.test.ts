import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { duplicateReceiptQuestion, duplicateReceiptsOf } from './duplicate-receipt';

const receipt = { stock_id: 's1', product_name: 'Nitrile Gloves', lotNumber: 'L-1', expiry_date: '2027-06-30', supplier_name: 'Benco', received_at: '2026-03-14T12:00:00.000Z', total_units: 1 };

describe('duplicateReceiptsOf', () => {
  it('reads the earlier receipts of a 409 DUPLICATE_RECEIPT', () => {
    expect(duplicateReceiptsOf(new ApiError(409, 'x', { code: 'DUPLICATE_RECEIPT', details: { receipts: [receipt] } }))).toEqual([receipt]);
  });

  it('is null for any other error', () => {
    expect(duplicateReceiptsOf(new ApiError(409, 'x', { code: 'CONFLICT' }))).toBeNull();
    expect(duplicateReceiptsOf(new ApiError(409, 'x', { code: 'DUPLICATE_RECEIPT', details: {} }))).toBeNull();
    expect(duplicateReceiptsOf(new Error('x'))).toBeNull();
  });
});

describe('duplicateReceiptQuestion', () => {
  it('names the earlier receipt by MM-DD-YYYY date and "1 unit"', () => {
    expect(duplicateReceiptQuestion([receipt])).toBe('This delivery was already received on 03-14-2026 (1 unit): Nitrile Gloves, lot L-1. Add it again?');
  });
});
