import { describe, expect, it } from 'vitest';
import { canAdvanceOrder, PriceListRowSchema, unitPriceOfPack } from './marketplace';

const row = (over: Record<string, string>) => PriceListRowSchema.safeParse({ vendor_sku: 'A-1', description: 'Gloves', pack_size: '100', price: '9.50', ...over });

describe('price list rows', () => {
  it('reads prices with a dollar sign and thousands separators, and in-stock words or counts', () => {
    expect(row({ price: '$1,250.5' }).data).toMatchObject({ price: 1250.5, in_stock: true });
    expect(row({ in_stock: 'No' }).data?.in_stock).toBe(false);
    expect(row({ in_stock: '0' }).data?.in_stock).toBe(false);
    expect(row({ in_stock: '12' }).data?.in_stock).toBe(true);
  });

  it('refuses an empty price rather than reading it as free, and a pack of none', () => {
    expect(row({ price: '' }).error?.issues[0]?.message).toBe('Enter a price like 12.50');
    expect(row({ pack_size: '0' }).error?.issues[0]?.message).toBe('Pack size cannot be less than 1');
    expect(row({ pack_size: '2.5' }).error?.issues[0]?.message).toBe('Enter a whole number');
    expect(row({ in_stock: 'maybe' }).error?.issues[0]?.message).toBe('Use yes, no or a count');
  });
});

describe('vendor orders', () => {
  it('move forward only, and never out of failed', () => {
    expect(canAdvanceOrder('placed', 'shipped')).toBe(true);
    expect(canAdvanceOrder('shipped', 'confirmed')).toBe(false);
    expect(canAdvanceOrder('failed', 'confirmed')).toBe(false);
    expect(canAdvanceOrder('delivered', 'delivered')).toBe(false);
  });

  it('compare packs by the price of one unit', () => {
    expect(unitPriceOfPack(60, 5)).toBe(12);
    expect(unitPriceOfPack(9.99, 3)).toBe(3.33);
  });
});
