/** Runs `work` on every element, `concurrency` at a time; answers the results in order. */
export async function inBatches<T, R>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const n = next++;
        results[n] = await work(items[n]!);
      }
    }),
  );
  return results;
}
