import { describe, expect, it } from 'vitest';
import { mapLimited } from './map-limited';

describe('mapLimited', () => {
  it('runs at most the limit at once and answers in the items’ order', async () => {
    let running = 0;
    let most = 0;
    const results = await mapLimited([30, 5, 20, 1, 10, 2, 8], 3, async (delay, index) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, delay));
      running -= 1;
      return index * 10;
    });
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(most).toBe(3);
  });

  it('answers nothing for no items', async () => {
    expect(await mapLimited([], 4, () => Promise.resolve(1))).toEqual([]);
  });
});
