// The event bus: tells this process's live screens that the shop's change feed (shop_events) has new
// rows. Database triggers write the feed and call pg_notify('shop_events', id) in the same
// transaction, so PostgreSQL delivers the notice when (and only if) the change commits: with
// PostgreSQL to every app instance listening on it, with the embedded database to this process.
// Subscribers get the new row's id, or null after a reconnection ("you may have missed some: read
// the feed again"). The feed itself, not the notice, is the truth: notices only say when to read it.
import type { Database } from './db.server.ts'
import type { Logger } from './logger.server.ts'

const SHOP_EVENTS_CHANNEL = 'shop_events'

export type EventListener = (eventId: number | null) => void

export interface EventBus {
  /** Calls `listener` on every notice; returns the unsubscribe function. */
  subscribe(listener: EventListener, onClose?: () => void): () => void
  /** Stops listening and tells every subscriber (open streams end, so shutdown is not held up). */
  close(): Promise<void>
}

export async function startEventBus(database: Database, logger: Logger): Promise<EventBus> {
  const subscribers = new Map<EventListener, (() => void) | undefined>()
  const publish = (payload: string | null) => {
    const id = payload === null ? null : Number(payload)
    for (const listener of subscribers.keys()) {
      try {
        listener(Number.isSafeInteger(id) ? id : null)
      } catch (error) {
        logger.error({ err: error }, 'an event listener failed')
      }
    }
  }
  const stopListening = await database.listen(SHOP_EVENTS_CHANNEL, publish, () => {
    logger.warn('the event bus reconnected to the database: live screens read the change feed again')
    publish(null)
  })
  return {
    subscribe(listener, onClose) {
      subscribers.set(listener, onClose)
      return () => {
        subscribers.delete(listener)
      }
    },
    async close() {
      await stopListening()
      for (const onClose of subscribers.values()) onClose?.()
      subscribers.clear()
    },
  }
}
