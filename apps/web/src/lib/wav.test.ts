import { describe, expect, it } from 'vitest';
import { encodeWav, mixAndResample } from './wav';

describe('wav', () => {
  it('writes a RIFF/WAVE header for 16-bit mono PCM and clamps samples', () => {
    const wav = new DataView(encodeWav(new Float32Array([0, 1, -1, 2]), 16_000));
    const text = (offset: number, length: number) => String.fromCharCode(...Array.from({ length }, (_, i) => wav.getUint8(offset + i)));
    expect(text(0, 4)).toBe('RIFF');
    expect(text(8, 4)).toBe('WAVE');
    expect(wav.getUint16(22, true)).toBe(1);
    expect(wav.getUint32(24, true)).toBe(16_000);
    expect(wav.getUint32(40, true)).toBe(8);
    expect([0, 1, 2, 3].map((i) => wav.getInt16(44 + i * 2, true))).toEqual([0, 32767, -32768, 32767]);
  });

  it('mixes channels down to mono and resamples to the target rate', () => {
    const left = new Float32Array([1, 1, 1, 1]);
    const right = new Float32Array([0, 0, 0, 0]);
    expect(Array.from(mixAndResample([left, right], 48_000, 48_000))).toEqual([0.5, 0.5, 0.5, 0.5]);
    const ramp = new Float32Array([0, 0.25, 0.5, 0.75]);
    expect(Array.from(mixAndResample([ramp], 48_000, 24_000))).toEqual([0, 0.5]);
  });
});
