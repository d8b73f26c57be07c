// One worker per process for events a webhook stored before acting on them (Shiprocket's tracking,
// WhatsApp's statuses): woken by each stored event, it waits a moment to gather a burst, then applies
// batch after batch until none is left. One run at a time, so two events of one parcel or message
// never race; an event stored during a run is taken by that run or the next.
import type { Logger } from './logger.server.ts'

export interface EventWorker {
  /** A new event is stored: apply it (and any before it) soon. */
  kick(): void
  /** Resolves when every event stored so far has been tried. */
  idle(): Promise<void>
  /** Finishes what is stored, then stops. */
  stop(): Promise<void>
}

/**
 * How long the worker waits after the first new event before it applies what is stored: events come
 * in bursts (a courier's scans, sent, delivered and read within a second, a storm of retries), and one
 * batch of many commits once, where a run per event would commit per event and take the webhook's
 * database and CPU from its answers.
 */
const GATHER_MS = 100

/** `applyBatch` applies one batch and says how many it applied (0: nothing left, or only failures). */
export function startEventWorker(
  applyBatch: () => Promise<number>,
  { name, log }: { name: string; log?: Logger },
): EventWorker {
  let running: Promise<void> | null = null
  let again = false
  const run = async () => {
    do {
      again = false
      while ((await applyBatch()) > 0) {
        // until nothing is left (or only events that keep failing)
      }
    } while (again)
  }
  const kick = () => {
    if (running) {
      again = true
      return
    }
    running = new Promise((resolve) => setTimeout(resolve, GATHER_MS))
      .then(run)
      .catch((error: unknown) => log?.error({ err: error }, `the ${name} failed`))
      .finally(() => {
        running = null
      })
  }
  return {
    kick,
    async idle() {
      while (running) await running
    },
    async stop() {
      kick()
      while (running) await running
    },
  }
}
