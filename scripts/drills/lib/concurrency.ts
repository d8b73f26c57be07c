// Running many of a drill's shoppers with a bound on how many are in flight, and in a random order.
import { randomInt } from 'node:crypto'

/** Runs `task` for each item with at most `limit` in flight; results in order. */
export async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const at = next++
        results[at] = await task(items[at]!)
      }
    }),
  )
  return results
}

/** Puts `items` in a random order, in place (Fisher-Yates): webhooks arriving out of order. */
export function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[items[i], items[j]] = [items[j]!, items[i]!]
  }
  return items
}
