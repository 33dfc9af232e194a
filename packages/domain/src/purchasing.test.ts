import { describe, expect, it } from 'vitest';
import { AddRunningListProductRequestSchema, BulkRunningListProductsRequestSchema, containersToReachMinimum, CreateRunningListRequestSchema, lineTotal, PURCHASING_MESSAGES, purchaseOrderNumber, ReceivePurchaseOrderRequestSchema } from './purchasing';

const id = '4f9d7a1e-2b3c-4d5e-8f90-123456789abc';

describe('running list requests', () => {
  it('asks for a supplier in the spec wording when a list has none', () => {
    const result = CreateRunningListRequestSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['supplier_id'], message: PURCHASING_MESSAGES.selectSupplier });
    const added = AddRunningListProductRequestSchema.safeParse({ product_id: id });
    expect(added.error?.issues[0]).toMatchObject({ path: ['supplier_id'], message: 'Select a supplier first!' });
    const bulk = BulkRunningListProductsRequestSchema.safeParse({ runningListProducts: [{ product_id: id }] });
    expect(bulk.error?.issues[0]).toMatchObject({ path: ['supplierId'], message: 'Select a supplier first!' });
  });

  it('takes whole containers of at least one and a price of 0 or more', () => {
    expect(AddRunningListProductRequestSchema.safeParse({ product_id: id, supplier_id: id, quantity: 0 }).error?.issues[0]?.message).toBe('Quantity cannot be less than 1');
    expect(AddRunningListProductRequestSchema.safeParse({ product_id: id, supplier_id: id, quantity: 1.5 }).error?.issues[0]?.message).toBe('Enter a whole number');
    expect(AddRunningListProductRequestSchema.safeParse({ product_id: id, supplier_id: id, price: -1 }).error?.issues[0]?.message).toBe('Price cannot be less than 0');
    expect(AddRunningListProductRequestSchema.safeParse({ product_id: id, running_list_id: id, quantity: 3, price: 0 }).success).toBe(true);
  });
});

describe('receiving', () => {
  it('needs at least one line with whole containers and an idempotency key', () => {
    expect(ReceivePurchaseOrderRequestSchema.safeParse({ lines: [], idempotency_key: 'receive-0001' }).error?.issues[0]?.message).toBe(PURCHASING_MESSAGES.nothingToReceive);
    expect(ReceivePurchaseOrderRequestSchema.safeParse({ lines: [{ line_id: id, quantity: 2, units_per_container: 0 }], idempotency_key: 'receive-0001' }).error?.issues[0]?.message).toBe('Units Per Container Should be greater than 0');
    expect(ReceivePurchaseOrderRequestSchema.safeParse({ lines: [{ line_id: id, quantity: 2, units_per_container: 50 }] }).success).toBe(false);
  });
});

describe('figures', () => {
  it('totals a line to the cent', () => {
    expect(lineTotal(3, 19.99)).toBe(59.97);
    expect(lineTotal(7, 0.1)).toBe(0.7);
  });

  it('numbers orders so they sort as text', () => {
    expect(purchaseOrderNumber(42)).toBe('PO-000042');
    expect(purchaseOrderNumber(1234567)).toBe('PO-1234567');
  });

  it('orders whole containers up to the minimum, nothing when at or above it', () => {
    expect(containersToReachMinimum(100, 44, 50)).toBe(2);
    expect(containersToReachMinimum(5, 0, 15)).toBe(1);
    expect(containersToReachMinimum(12, 11, 1)).toBe(1);
    expect(containersToReachMinimum(10, 10, 1)).toBe(0);
    expect(containersToReachMinimum(10, 12, 1)).toBe(0);
  });
});
