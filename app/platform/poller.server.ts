// A background task run every `intervalMs` (after the previous run ends) until stopped; stop() waits
// for the run in hand. The outbox worker and the payment reconciler are pollers.
import type { Logger } from './logger.server.ts'

export interface Poller {
  stop(): Promise<void>
}

export function startPoller(
  task: () => Promise<unknown>,
  {
    intervalMs,
    logger,
    name,
    again,
  }: {
    intervalMs: number
    logger: Logger
    name: string
    /** Whether a run's result says there is more to do at once (the next run then starts without waiting). */
    again?: (result: unknown) => boolean
  },
): Poller {
  let stopped = false
  let running: Promise<unknown> = Promise.resolve()
  let timer: ReturnType<typeof setTimeout> | undefined

  const tick = () => {
    let soon = false
    running = task()
      .then((result) => {
        soon = again?.(result) ?? false
      })
      .catch((error) => logger.error({ err: error }, `${name} failed`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, soon ? 0 : intervalMs)
      })
  }
  timer = setTimeout(tick, intervalMs)

  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
