import type { ReactNode } from 'react';
import type { PriceListItem } from '@clinic/domain';

export type PriceListItemAction = 'match' | 'propose' | 'unmatch';

export const PRICE_LIST_ITEM_ACTION_LABELS: Record<PriceListItemAction, string> = {
  match: 'Match to a product',
  propose: 'Propose as new product',
  unmatch: 'Unmatch',
};

/** A new product's details as a price list item gives them, to start its form with. */
export interface ProductDraft {
  name: string;
  barcode: string;
  manufacturer_code: string;
}

/**
 * The products feature's Add Product form, handed in by the app (features do not import each
 * other), started with `draft`. `onCreated` gets the new product: one a location adds waits for
 * the product admin's approval, and an item may be matched to it meanwhile.
 */
export type ProposeProductSlot = (props: { draft: ProductDraft; onCreated: (product: { id: string; name: string }) => void; onClose: () => void }) => ReactNode;

export function productDraftOf(item: Pick<PriceListItem, 'description' | 'barcode' | 'manufacturer_code'>): ProductDraft {
  return { name: item.description, barcode: item.barcode, manufacturer_code: item.manufacturer_code };
}

/**
 * What the row menu offers on an item to those who manage the price list (suppliers.update): an
 * unmatched item is matched to a catalog product or proposed as a new one (when the app can
 * create products for this person), a matched one can be unmatched.
 */
export function priceListItemActionsFor(item: Pick<PriceListItem, 'product'>, options: { canManage: boolean; canPropose: boolean }): PriceListItemAction[] {
  if (!options.canManage) return [];
  if (item.product) return ['unmatch'];
  return options.canPropose ? ['match', 'propose'] : ['match'];
}
