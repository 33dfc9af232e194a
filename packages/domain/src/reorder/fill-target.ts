// Which fill-rate target a product is planned for (issue 51): a clinic keeps its implants at
// 99.5% and its gloves at 97% while the location's default serves the rest. The most specific
// target set wins: the product's own, else its category's, else the location's.
import { clampFillRate } from './fill-rate';

export type FillTargetSource = 'location' | 'category' | 'product';

export interface FillTargets {
  /** The location's target (reorder_settings.fill_rate). */
  location: number;
  /** The product's category's target at the location; null or absent: none set. */
  category?: number | null;
  /** The product's own target at the location; null or absent: none set. */
  product?: number | null;
}

export interface FillTarget {
  rate: number;
  source: FillTargetSource;
}

const isSet = (rate: number | null | undefined): rate is number => rate !== null && rate !== undefined && Number.isFinite(rate);

/** The most specific target set, clamped to the range a target may take. */
export function fillTargetOf(targets: FillTargets): FillTarget {
  if (isSet(targets.product)) return { rate: clampFillRate(targets.product), source: 'product' };
  if (isSet(targets.category)) return { rate: clampFillRate(targets.category), source: 'category' };
  return { rate: clampFillRate(targets.location), source: 'location' };
}
