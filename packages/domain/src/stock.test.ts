import { describe, expect, it } from 'vitest';
import { CreateStockRequestSchema, defaultExpiryDate, roundUnitsLeft, roundUnitsUsed, STOCK_MESSAGES, stockFormIssues, unitPriceOf } from './index';

const today = '2026-11-22';
const add = { productType: 'disposable' as const, today, mode: 'add' as const };
const base = { supplier_id: '6f1c2a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', container_quantity: 2, units_per_container: 10, price_per_container: 30, expiry_date: '2027-01-01' };

describe('stock arithmetic', () => {
  it('prices a unit to 5 decimals', () => {
    expect(unitPriceOf(100, 3)).toBe(33.33333);
    expect(unitPriceOf(89.99, 50)).toBe(1.7998);
    expect(unitPriceOf(10, 0)).toBe(0);
  });

  it('defaults expiry to one year ahead, keeping 28 February for a leap day', () => {
    expect(defaultExpiryDate('2026-11-22')).toBe('2027-11-22');
    expect(defaultExpiryDate('2028-02-29')).toBe('2029-02-28');
  });

  it('rounds units left down and used up', () => {
    expect(roundUnitsLeft(9.5)).toBe(9);
    expect(roundUnitsUsed(0.5)).toBe(1);
    expect(roundUnitsLeft(3)).toBe(3);
    expect(roundUnitsUsed(3)).toBe(3);
  });
});

describe('stock form rules', () => {
  const messages = (values: Parameters<typeof stockFormIssues>[0], ctx: Parameters<typeof stockFormIssues>[1] = add) => stockFormIssues(values, ctx).map((i) => `${i.field}: ${i.message}`);

  it('accepts a complete form', () => {
    expect(messages(base)).toEqual([]);
  });

  it('requires an expiry that is not in the past, except the one a stock already had', () => {
    expect(messages({ ...base, expiry_date: undefined })).toEqual(['expiry_date: Required']);
    expect(messages({ ...base, expiry_date: '2026-11-21' })).toEqual([`expiry_date: ${STOCK_MESSAGES.expiryInPast}`]);
    const editing = { ...add, mode: 'edit' as const, current: { unitsUsed: 0, unitsConsumed: 0, unitsRemoved: 0, expiryDate: '2026-10-01' } };
    expect(messages({ ...base, expiry_date: '2026-10-01' }, editing)).toEqual([]);
    expect(messages({ ...base, expiry_date: '2026-10-02' }, editing)).toEqual([`expiry_date: ${STOCK_MESSAGES.expiryInPast}`]);
  });

  it('keeps remaining at 0 or more and a recount within what is left', () => {
    expect(messages({ ...base, units_consumed: 21 })).toEqual([`units_remaining: ${STOCK_MESSAGES.remainingBelowZero}`]);
    expect(messages({ ...base, units_consumed: 20 })).toEqual([]);
    const editing = { ...add, mode: 'edit' as const, current: { unitsUsed: 5, unitsConsumed: 3, unitsRemoved: 0, expiryDate: '2027-01-01' } };
    // 20 received, 5 used by treatments, 3 consumed: 12 left.
    expect(messages({ ...base, units_remaining: 12 }, editing)).toEqual([]);
    expect(messages({ ...base, units_remaining: 13 }, editing)).toEqual([`units_remaining: ${STOCK_MESSAGES.remainingTooHigh}`]);
    expect(messages({ ...base, container_quantity: 1, units_per_container: 7 }, editing)).toEqual([`units_remaining: ${STOCK_MESSAGES.remainingBelowZero}`]);
    expect(messages({ ...base, units_remaining: 1, units_consumed: 1 }, editing)).toContain(`units_remaining: ${STOCK_MESSAGES.consumedOrRemaining}`);
  });

  it('counts consumable products in units', () => {
    expect(messages({ ...base, units_per_container: 10 }, { ...add, productType: 'consumable' })).toEqual([`units_per_container: ${STOCK_MESSAGES.consumableUnitsPerContainer}`]);
    expect(messages({ ...base, units_per_container: 1 }, { ...add, productType: 'consumable' })).toEqual([]);
  });

  it('allows serial lots only when adding a disposable product', () => {
    const lots = { ...base, units_per_container: 1, expiry_date: null, has_unique_lot: true, unique_lots: [{ lotNumber: 'SN-1', expiryDate: '2027-01-01', quantity: 1 }] };
    expect(messages(lots)).toEqual([]);
    expect(messages(lots, { ...add, productType: 'consumable' })).toEqual([`has_unique_lot: ${STOCK_MESSAGES.serialLotsDisposableOnly}`]);
    expect(messages(lots, { ...add, mode: 'edit' })).toContain(`has_unique_lot: ${STOCK_MESSAGES.serialLotsAddOnly}`);
    expect(messages({ ...lots, unique_lots: [] })).toEqual([`unique_lots: ${STOCK_MESSAGES.serialRequired}`]);
    expect(messages({ ...lots, unique_lots: [{ lotNumber: 'SN-1', expiryDate: '2026-01-01', quantity: 1 }] })).toEqual([`unique_lots.0.expiryDate: ${STOCK_MESSAGES.expiryInPast}`]);
  });

  it('words schema problems as the spec does', () => {
    const result = CreateStockRequestSchema.safeParse({ product_id: base.supplier_id, supplier_id: '', container_quantity: 0, units_per_container: 2.5, price_per_container: -1, note: 'x'.repeat(301) });
    const issues = result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        'supplier_id: Required',
        `container_quantity: ${STOCK_MESSAGES.containersMin}`,
        `units_per_container: ${STOCK_MESSAGES.wholeNumber}`,
        `price_per_container: ${STOCK_MESSAGES.priceMin}`,
        `note: ${STOCK_MESSAGES.noteTooLong}`,
      ]),
    );
  });
});
