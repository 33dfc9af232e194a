/**
 * Runs tasks one after another per key, in arrival order. A manual consumption of a product waits
 * here for the ones before it in this process instead of in PostgreSQL's row-lock queue: the order
 * stays first come first served (the lock queue wakes waiters in no fair order under load), and a
 * waiting request holds no database connection. The row locks still do the real work, across
 * server processes and against visits consuming the same lots.
 */
export function createKeyedQueue() {
  const tails = new Map<string, Promise<void>>();
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => done);
    tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      release();
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
