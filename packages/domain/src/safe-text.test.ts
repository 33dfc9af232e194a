import { describe, expect, it } from 'vitest';
import { findUnsafeText, isUnsafeText } from './safe-text';

describe('safe text', () => {
  it('refuses NUL and unpaired surrogates, keeps every real character', () => {
    expect(isUnsafeText('a\u0000b')).toBe(true);
    expect(isUnsafeText('\ud800')).toBe(true);
    expect(isUnsafeText('x\udc00')).toBe(true);
    expect(isUnsafeText('\udc00\ud800')).toBe(true);
    expect(isUnsafeText('Café 😀 — ñ 日本')).toBe(false);
    expect(isUnsafeText('tab\tnewline\n')).toBe(false);
  });

  it('names the first bad string in nested input, keys included', () => {
    expect(findUnsafeText({ name: 'ok', lines: [{ note: 'fine' }, { note: 'bad\u0000' }] })).toEqual(['lines', 1, 'note']);
    expect(findUnsafeText({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(findUnsafeText({ a: 1, b: [true, null, 'x'] })).toBeNull();
    expect(findUnsafeText('\ud83d')).toEqual([]);
    // Query strings arrive as objects without Object.prototype.
    const query = Object.create(Object.create(null) as object) as Record<string, string>;
    query.search = '\u0000x';
    expect(findUnsafeText(query)).toEqual(['search']);
    expect(findUnsafeText(new Uint8Array([0]))).toBeNull();
    // Keys and strings deep in arrays, holes skipped; only own keys count.
    // eslint-disable-next-line no-sparse-arrays -- a hole is the point
    expect(findUnsafeText({ rows: [, { ok: 'x' }, [{ ['\ud800']: 'y' }]] })).toEqual(['rows', 2, 0, '\ud800']);
    const parent = Object.assign(Object.create(null) as object, { inherited: '\u0000' });
    expect(findUnsafeText(Object.assign(Object.create(parent) as object, { own: 'fine' }))).toBeNull();
  });
});
