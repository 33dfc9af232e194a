import { describe, expect, it } from 'vitest';
import type { ProposedTrayLine } from '@clinic/domain';
import { acceptProposed, quotedWords } from './proposal';
import type { TrayLine } from './tray';

const proposed = (patch: Partial<Omit<ProposedTrayLine, 'product'>> & { product?: Partial<ProposedTrayLine['product']> } = {}): ProposedTrayLine => ({
  quantity: 2,
  words: [
    { text: 'two carpules', start: 4, end: 16 },
    { text: 'Septocaine', start: 20, end: 30 },
  ],
  treatment_id: null,
  lots: [],
  unit_price: 0.5,
  stock_problem: null,
  ...patch,
  product: { id: 'p-sep', name: 'Septocaine', unit: 'cartridge', implantable: false, ...patch.product },
});

const designLine: TrayLine = { key: 't1:p-sep', treatmentId: 't1', productId: 'p-sep', productName: 'Septocaine', quantity: '1', unitPrice: 0.5, implantable: false };

describe('acceptProposed', () => {
  it('sets the quantity of the design’s line of the product instead of adding another', () => {
    const lines = acceptProposed([designLine], proposed({ treatment_id: 't1' }), '3', new Set(['t1']));
    expect(lines).toEqual([{ ...designLine, quantity: '3' }]);
  });

  it('adds a line of its own for a product not on the tray, under the design’s treatment only when it is chosen', () => {
    const added = acceptProposed([], proposed({ treatment_id: 't2' }), '2', new Set(['t1']));
    expect(added).toEqual([expect.objectContaining({ productId: 'p-sep', productName: 'Septocaine', quantity: '2', treatmentId: null, unitPrice: 0.5, implantable: false })]);
    const underDesign = acceptProposed([], proposed({ treatment_id: 't1' }), '2', new Set(['t1']));
    expect(underDesign[0]!.treatmentId).toBe('t1');
  });

  it('adds one line per implant, each of one device', () => {
    const lines = acceptProposed([], proposed({ product: { id: 'p-imp', name: 'BLX 4.0 x 10', implantable: true }, quantity: 2 }), '2', new Set());
    expect(lines.map((l) => [l.productId, l.quantity, l.implantable])).toEqual([
      ['p-imp', '1', true],
      ['p-imp', '1', true],
    ]);
    expect(new Set(lines.map((l) => l.key)).size).toBe(2);
  });
});

it('quotes the words a line came from', () => {
  expect(quotedWords(proposed())).toBe('“two carpules … Septocaine”');
});
