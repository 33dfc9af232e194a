import { describe, expect, it } from 'vitest';
import { isNestedTooDeeply, MAX_NESTING_DEPTH } from './nesting-depth';

/** `levels` arrays (or objects) inside one another. */
const nested = (levels: number, wrap: (inner: unknown) => unknown = (inner) => [inner]) => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i += 1) value = wrap(value);
  return value;
};

describe('nesting depth', () => {
  it('allows up to the limit and refuses one level more, in arrays and objects alike', () => {
    expect(isNestedTooDeeply(nested(MAX_NESTING_DEPTH))).toBe(false);
    expect(isNestedTooDeeply(nested(MAX_NESTING_DEPTH + 1))).toBe(true);
    expect(isNestedTooDeeply(nested(MAX_NESTING_DEPTH + 1, (inner) => ({ a: inner })))).toBe(true);
    expect(isNestedTooDeeply({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(isNestedTooDeeply({ a: [{ b: {} }] }, 3)).toBe(true);
  });

  it('finds the deep branch beside shallow ones, and counts text and numbers as no level', () => {
    expect(isNestedTooDeeply({ name: 'x', lines: [{ q: 1 }, { q: 2, deep: nested(MAX_NESTING_DEPTH) }] })).toBe(true);
    expect(isNestedTooDeeply(['a', 1, null, true, { b: 'c' }], 2)).toBe(false);
    expect(isNestedTooDeeply('text')).toBe(false);
    expect(isNestedTooDeeply(null)).toBe(false);
  });

  it('walks a body nested far beyond the stack without overflowing it', () => {
    expect(isNestedTooDeeply(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)))).toBe(true);
    expect(isNestedTooDeeply(JSON.parse('{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)))).toBe(true);
  });

  it('does not walk class instances such as a raw body buffer', () => {
    expect(isNestedTooDeeply(new Uint8Array([91, 91, 91]), 0)).toBe(false);
  });
});
