import { describe, expect, it } from 'vitest';
import { priceListItemActionsFor, productDraftOf } from './price-list-item-actions';

const matched = { product: { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Lidocaine 2% cartridges', type: 'consumable' as const } };
const unmatched = { product: null };

describe('price list item actions', () => {
  it('match or propose an unmatched item, unmatch a matched one, for those who manage the list', () => {
    expect(priceListItemActionsFor(unmatched, { canManage: true, canPropose: true })).toEqual(['match', 'propose']);
    expect(priceListItemActionsFor(unmatched, { canManage: true, canPropose: false })).toEqual(['match']);
    expect(priceListItemActionsFor(matched, { canManage: true, canPropose: true })).toEqual(['unmatch']);
    expect(priceListItemActionsFor(unmatched, { canManage: false, canPropose: true })).toEqual([]);
  });

  it('starts a proposed product with the item’s description, barcode and manufacturer code', () => {
    expect(productDraftOf({ description: 'Patient bibs', barcode: '0123', manufacturer_code: 'PB-1' })).toEqual({ name: 'Patient bibs', barcode: '0123', manufacturer_code: 'PB-1' });
  });
});
