import { describe, expect, it } from 'vitest';
import { CreateStockRequestSchema, ReceivePurchaseOrderRequestSchema } from './index';
import { duplicateReceiptMessage, utcDayMmDdYyyy, type EarlierReceipt } from './duplicate-receipt';

const earlier = (overrides: Partial<EarlierReceipt> = {}): EarlierReceipt => ({
  stock_id: 's1',
  product_name: 'Nitrile Gloves',
  lotNumber: 'L-1',
  expiry_date: '2027-06-30',
  supplier_name: 'Henry Schein',
  received_at: '2026-03-14T10:00:00.000Z',
  total_units: 20,
  ...overrides,
});

describe('duplicateReceiptMessage', () => {
  it('names the earlier receipt by date and units and asks before adding again', () => {
    expect(duplicateReceiptMessage([earlier()], utcDayMmDdYyyy)).toBe('This delivery was already received on 03-14-2026 (20 units): Nitrile Gloves, lot L-1. Add it again?');
  });

  it('says "1 unit", not "1 units"', () => {
    expect(duplicateReceiptMessage([earlier({ total_units: 1 })], utcDayMmDdYyyy)).toContain('(1 unit)');
  });

  it('lists every line of a delivery that was received before', () => {
    const message = duplicateReceiptMessage([earlier(), earlier({ product_name: 'Syringes', lotNumber: 'S-2', total_units: 5 })], utcDayMmDdYyyy);
    expect(message).toBe('Part of this delivery was already received: Nitrile Gloves, lot L-1 on 03-14-2026 (20 units); Syringes, lot S-2 on 03-14-2026 (5 units). Add it again?');
  });
});

describe('confirm_duplicate', () => {
  it('is an optional flag on adding stock and on receiving an order', () => {
    const stock = { product_id: crypto.randomUUID(), supplier_id: crypto.randomUUID(), container_quantity: 1, units_per_container: 1, price_per_container: 1 };
    expect(CreateStockRequestSchema.parse({ ...stock, confirm_duplicate: true }).confirm_duplicate).toBe(true);
    expect(CreateStockRequestSchema.parse(stock).confirm_duplicate).toBeUndefined();
    const receipt = { lines: [{ line_id: crypto.randomUUID(), quantity: 1, units_per_container: 1 }], idempotency_key: 'key-12345' };
    expect(ReceivePurchaseOrderRequestSchema.parse({ ...receipt, confirm_duplicate: true }).confirm_duplicate).toBe(true);
    expect(ReceivePurchaseOrderRequestSchema.safeParse({ ...receipt, confirm_duplicate: 'yes' }).success).toBe(false);
  });
});
