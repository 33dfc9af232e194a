/**
 * `work` over every item, at most `limit` at a time, answers in the items' order. Lookups for a
 * whole list go out in parallel without sending dozens of requests at once from a clinic's network.
 * `work` should settle its own failures: a rejection rejects the whole map.
 */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
