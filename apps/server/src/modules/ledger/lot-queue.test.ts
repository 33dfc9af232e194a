import { createKeyedQueue } from './lot-queue';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('createKeyedQueue', () => {
  it('runs the tasks of one key one at a time, in arrival order, and other keys alongside', async () => {
    const inTurn = createKeyedQueue();
    const events: string[] = [];
    const task = (name: string) => async () => {
      events.push(`${name} starts`);
      await tick();
      events.push(`${name} ends`);
      return name;
    };
    const results = await Promise.all([inTurn('lot', task('a')), inTurn('lot', task('b')), inTurn('other', task('x')), inTurn('lot', task('c'))]);
    expect(results).toEqual(['a', 'b', 'x', 'c']);
    const lot = events.filter((e) => !e.startsWith('x'));
    expect(lot).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
    // The other key did not wait for the first key's queue.
    expect(events.indexOf('x starts')).toBeLessThan(events.indexOf('a ends'));
  });

  it('lets the next task run when one fails, and hands the failure to its caller only', async () => {
    const inTurn = createKeyedQueue();
    const failing = inTurn('lot', async () => {
      await tick();
      throw new Error('Not enough stock');
    });
    const next = inTurn('lot', async () => 'served');
    await expect(failing).rejects.toThrow('Not enough stock');
    await expect(next).resolves.toBe('served');
  });
});
