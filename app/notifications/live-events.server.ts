// The admin's live feed as Server-Sent Events: new rows of the shop's change feed (shop_events),
// read from the database whenever the event bus says there are some. Each event carries the feed's
// id, so a browser that reconnects (EventSource sends Last-Event-ID) gets what it missed. A comment
// line every 20 s keeps proxies from closing a quiet connection.
import { asc, gt, inArray, lt, max } from 'drizzle-orm'
import type { RouterContextProvider } from 'react-router'
import { requireAdmin } from '#app/admin/guard.server.ts'
import { toNotificationView } from '#app/orders/admin-orders.server.ts'
import type { Db } from '#app/platform/db.server.ts'
import type { EventBus } from '#app/platform/event-bus.server.ts'
import { shopEvents } from '#app/platform/schema.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import { adminNotificationsRealtime } from './schema.ts'

const HEARTBEAT_MS = 20_000
/** Events sent at most per read; a browser far behind gets the rest on the next read. */
const BATCH = 200
/**
 * Feed ids are taken when rows are written but become visible when their transactions commit, so a
 * lower id can appear after a higher one. Each read looks back this far and skips what it has sent.
 */
const LOOK_BACK = 100

export interface LiveEventOptions {
  db: Db
  bus: EventBus
  /** The Last-Event-ID the browser sent on reconnecting, if any. */
  lastEventId: string | null
  signal: AbortSignal
  heartbeatMs?: number
}

/** A Last-Event-ID we can resume from: a feed id, or null. */
function parseLastEventId(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null
  return Number(value)
}

export function adminEventStream({ db, bus, lastEventId, signal, heartbeatMs = HEARTBEAT_MS }: LiveEventOptions) {
  const encoder = new TextEncoder()
  let cursor = parseLastEventId(lastEventId)
  /** What the browser had seen when this connection opened: never sent again. */
  let floor = cursor ?? 0
  const sent = new Set<number>()
  let reading: Promise<void> | null = null
  let readAgain = false
  let cleanup = () => {}

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false
      const write = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text))
      }
      const close = () => {
        if (closed) return
        closed = true
        cleanup()
        controller.close()
      }

      const readFeed = async () => {
        const from = Math.max(floor, (cursor ?? 0) - LOOK_BACK)
        const rows = await db
          .select()
          .from(shopEvents)
          .where(gt(shopEvents.id, from))
          .orderBy(asc(shopEvents.id))
          .limit(BATCH + LOOK_BACK)
        const fresh = rows.filter((row) => !sent.has(row.id)).slice(0, BATCH)
        const notificationIds = fresh.flatMap((row) =>
          row.topic === 'notification' && row.notificationId ? [row.notificationId] : [],
        )
        const notifications = new Map(
          (notificationIds.length
            ? await db
                .select()
                .from(adminNotificationsRealtime)
                .where(inArray(adminNotificationsRealtime.id, notificationIds))
            : []
          ).map((row) => [row.id, row]),
        )
        for (const row of fresh) {
          const notification = row.notificationId ? notifications.get(row.notificationId) : undefined
          const data =
            row.topic === 'notification' && notification ? toNotificationView(notification) : { orderId: row.orderId }
          write(`id: ${row.id}\nevent: ${row.topic}\ndata: ${JSON.stringify(data)}\n\n`)
          sent.add(row.id)
          cursor = Math.max(cursor ?? 0, row.id)
        }
        // Only what the look-back can still see needs remembering.
        for (const id of sent) if (id <= (cursor ?? 0) - 2 * LOOK_BACK) sent.delete(id)
        if (fresh.length === BATCH) readAgain = true
      }

      /** One read at a time; a notice during a read asks for another after it. */
      const onNotice = () => {
        if (reading) {
          readAgain = true
          return
        }
        reading = (async () => {
          do {
            readAgain = false
            await readFeed()
          } while (readAgain && !closed)
        })()
          .catch(() => close())
          .finally(() => {
            reading = null
          })
      }

      const unsubscribe = bus.subscribe(onNotice, close)
      const heartbeat = setInterval(() => write(': keep-alive\n\n'), heartbeatMs)
      const onAbort = () => close()
      signal.addEventListener('abort', onAbort)
      cleanup = () => {
        unsubscribe()
        clearInterval(heartbeat)
        signal.removeEventListener('abort', onAbort)
      }

      write('retry: 3000\n\n')
      if (cursor === null) {
        // A connection with no position starts from now.
        cursor = await feedPosition(db)
        floor = cursor
        write(`id: ${cursor}\nevent: ready\ndata: {}\n\n`)
      } else {
        onNotice()
      }
    },
    cancel() {
      cleanup()
    },
  })
}

/** The newest feed id: a page's loader hands it to the page, whose live connection starts there. */
export async function feedPosition(db: Db): Promise<number> {
  const [row] = await db.select({ last: max(shopEvents.id) }).from(shopEvents)
  return Number(row?.last ?? 0)
}

/** Deletes feed rows older than a day (a browser away longer reloads the page anyway). */
export async function pruneShopEvents(db: Db, now = new Date()): Promise<void> {
  await db.delete(shopEvents).where(lt(shopEvents.createdAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)))
}

export async function adminEventsLoader({
  request,
  context,
}: {
  request: Request
  context: Readonly<RouterContextProvider>
}) {
  await requireAdmin(request, context)
  const { db, events } = context.get(servicesContext)
  const url = new URL(request.url)
  const stream = adminEventStream({
    db,
    bus: events,
    // EventSource resends the last id it saw when it reconnects; a page's first connection starts
    // where that page's loader read the feed (?after=), so nothing falls between the two.
    lastEventId: request.headers.get('last-event-id') ?? url.searchParams.get('after'),
    signal: request.signal,
  })
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    },
  })
}
