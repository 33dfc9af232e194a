import { describe, expect, it } from 'vitest';
import { fillTargetOf } from './fill-target';

describe('fillTargetOf (issue 51: the most specific fill-rate target wins)', () => {
  it.each([
    { name: 'nothing but the location', targets: { location: 0.99 }, rate: 0.99, source: 'location' },
    { name: 'unset category and product (null)', targets: { location: 0.98, category: null, product: null }, rate: 0.98, source: 'location' },
    { name: 'a category target over the location', targets: { location: 0.99, category: 0.995 }, rate: 0.995, source: 'category' },
    { name: 'a lower category target also wins', targets: { location: 0.99, category: 0.95 }, rate: 0.95, source: 'category' },
    { name: 'a product target over its category', targets: { location: 0.99, category: 0.995, product: 0.97 }, rate: 0.97, source: 'product' },
    { name: 'a product target without a category one', targets: { location: 0.99, product: 0.999 }, rate: 0.999, source: 'product' },
    { name: 'a product target out of range is clamped, still the product\'s', targets: { location: 0.99, product: 1 }, rate: 0.999, source: 'product' },
    { name: 'a category target that is not a number is not set', targets: { location: 0.99, category: Number.NaN }, rate: 0.99, source: 'location' },
  ])('$name: $rate from the $source', ({ targets, rate, source }) => {
    expect(fillTargetOf(targets)).toEqual({ rate, source });
  });
});
