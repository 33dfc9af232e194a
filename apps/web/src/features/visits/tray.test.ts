import { describe, expect, it } from 'vitest';
import type { Treatment } from '@clinic/domain';
import { estimatedCost, mergeTray, visitRequestOf } from './tray';

const design = (id: string, items: [string, number, number | null][]): Treatment => ({
  id,
  treatment_code: id,
  name: id,
  abbreviation: '',
  description: '',
  category: null,
  estimated_cost: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  treatmentProducts: items.map(([productId, quantity, price]) => ({ product_id: productId, quantity, estimated_unit_price: price, product: { id: productId, name: productId, product_image_url: null, type: 'disposable', basic_unit: 'item' } })),
});

describe('the tray at the chair', () => {
  const extraction = design('EXT', [['gloves', 2, 0.1], ['lidocaine', 2, 1.25]]);
  const filling = design('FILL', [['composite', 0.35, 18]]);

  it('fills with the designs, keeps edits of treatments still chosen and drops the rest', () => {
    const first = mergeTray([], [extraction]);
    const edited = first.map((l) => (l.productId === 'lidocaine' ? { ...l, quantity: '1' } : l));
    const both = mergeTray(edited, [extraction, filling]);
    expect(both.map((l) => [l.productId, l.quantity])).toEqual([['gloves', '2'], ['lidocaine', '1'], ['composite', '0.35']]);
    expect(mergeTray(both, [filling]).map((l) => l.productId)).toEqual(['composite']);
    expect(estimatedCost(both)).toBe(7.75);
  });

  it('sends a named lot only when one was chosen', () => {
    const lines = mergeTray([], [extraction]).map((l) => (l.productId === 'lidocaine' ? { ...l, stockId: 'lot-1' } : l));
    expect(visitRequestOf('CH-1', [extraction], lines, 'key-00000001').products).toEqual([
      { product_id: 'gloves', quantity: 2, treatment_id: 'EXT' },
      { product_id: 'lidocaine', quantity: 2, treatment_id: 'EXT', stock_id: 'lot-1' },
    ]);
  });
});
