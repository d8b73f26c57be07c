// Reads of a value that must be current, shared by the callers that wait together: the page cache's
// version (page-cache.server.ts) and the shop's settings (app/settings/settings.server.ts).

/**
 * Coalesces reads of a value that must be current: a caller gets the result of a read that started
 * after it called, but callers arriving while one read runs share the next one. At most one read runs
 * and one waits, however many requests there are.
 */
export function freshReader<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null
  let waiting: Promise<T> | null = null
  const start = () => {
    const current: Promise<T> = read().finally(() => {
      if (running === current) running = null
    })
    running = current
    return current
  }
  return () => {
    if (!running) return start()
    if (!waiting) {
      waiting = running
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          waiting = null
          return running ?? start()
        })
    }
    return waiting
  }
}
