/** Runs an async job over a list with at most `limit` jobs in flight; results keep the input order. */

export async function mapBounded<T, R> (items: readonly T[], limit: number, job: (item: T, index: number) => Promise<R>, onDone: () => void = () => {}): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await job(items[i] as T, i)
      onDone()
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker))
  return results
}
