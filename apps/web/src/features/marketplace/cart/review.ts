import type { CheckedLine } from '@clinic/domain';
import { checkedKey, itemKey, type CartItem } from './cart';

/** What a price check (or a refused placement) said about one cart line. */
export interface LineReview {
  /** Why it cannot be ordered (no longer offered, not matched): it must be removed. */
  problem: string | null;
  /** The vendor's price now, when it differs from the one the cart holds. */
  newPrice: number | null;
  outOfStock: boolean;
}

export interface CartReview {
  lines: Map<string, LineReview>;
  hasProblems: boolean;
  hasNewPrices: boolean;
  /** Every line of the cart was checked (none added since). */
  complete: boolean;
}

/**
 * Reads the checked lines against the cart as it is now: an accepted price is no longer new, a
 * removed line is gone, a line added after the check has nothing to say.
 */
export function reviewCart(items: CartItem[], checked: CheckedLine[] | null): CartReview {
  const byKey = new Map((checked ?? []).map((line) => [checkedKey(line), line]));
  const lines = new Map<string, LineReview>();
  for (const item of items) {
    const line = byKey.get(itemKey(item));
    if (!line) continue;
    lines.set(itemKey(item), {
      problem: line.problem,
      newPrice: line.current_price !== null && line.current_price !== item.price ? line.current_price : null,
      outOfStock: !line.in_stock,
    });
  }
  const all = [...lines.values()];
  return {
    lines,
    hasProblems: all.some((l) => l.problem !== null),
    hasNewPrices: all.some((l) => l.problem === null && l.newPrice !== null),
    complete: checked !== null && lines.size === items.length,
  };
}
