import { expect, it } from 'vitest';
import { amountOf, decimalToCents, formatCents, fromCents, roundToCents, toCents } from './money';

it('rounds dollars to the cent through whole cents, from numbers and stored numeric strings', () => {
  expect(toCents(12.345)).toBe(1235);
  expect(toCents('63.00')).toBe(6300);
  expect(fromCents(1235)).toBe(12.35);
  expect(roundToCents('0.125')).toBe(0.13);
  // Floating point would give 0.30000000000000004; the cent does not.
  expect(roundToCents(0.1 + 0.2)).toBe(0.3);
});

it('prices a quantity to the cent', () => {
  expect(amountOf(3, 19.9)).toBe(59.7);
  expect(amountOf(1.5, 1.26)).toBe(1.89);
  expect(amountOf(0, 412)).toBe(0);
});

it('formats and parses cents without floats', () => {
  expect(formatCents(18999)).toBe('$189.99');
  expect(formatCents(123456789)).toBe('$1,234,567.89');
  expect(formatCents(-5)).toBe('-$0.05');
  expect(decimalToCents('150.99')).toBe(15099);
  expect(decimalToCents('140')).toBe(14000);
  expect(decimalToCents('7.5')).toBe(750);
});
