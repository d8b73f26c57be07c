// Shiprocket's tracking webhook (reference/shiprocket.md): the `x-api-key` checked in constant time,
// the event stored (a repeat, by its key of AWB, status and newest scan time, is not stored again) and
// Shiprocket answered 200 at once; the event worker then applies the stored events in order, oldest
// first, a batch per commit. An event that could not be applied stays stored and is tried again, five
// times at most.
import { createHash, timingSafeEqual } from 'node:crypto'
import { asc } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '#app/platform/db.server.ts'
import {
  applyStoredEventBatch,
  type EventWorker,
  startEventWorker,
  storeNewEvents,
} from '#app/platform/event-worker.server.ts'
import type { Logger } from '#app/platform/logger.server.ts'
import { istDay } from '#app/shared/india-day.ts'
import { courierEvents } from './schema.ts'
import { parseIstTime } from './shiprocket.server.ts'
import { applyTrackingIn, type TrackingContext, type TrackingUpdate } from './tracking.server.ts'

/** Where Shiprocket posts: its panel refuses an address containing "shiprocket", "sr" or "kr". */
export const COURIER_WEBHOOK_PATH = '/api/hooks/courier-events'

/** Whether the header carries the token: hashed first, so the comparison's time says nothing of either. */
export function isRightKey(given: string | null, token: string): boolean {
  if (given === null) return false
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(token))
}

const number = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)])
const scanSchema = z.looseObject({
  date: z.string(),
  status: z.string().optional(),
  activity: z.string().optional(),
  location: z.string().optional(),
  'sr-status': z.union([z.string(), z.number()]).optional(),
  'sr-status-label': z.string().optional(),
})
const eventSchema = z.looseObject({
  awb: z.union([z.string().min(1), z.number().transform(String)]),
  shipment_status_id: number.optional(),
  current_timestamp: z.string().optional(),
  etd: z.string().nullish(),
  is_return: z.union([z.number(), z.string(), z.boolean()]).optional(),
  scans: z.array(scanSchema).optional(),
})

/** The event as the shop reads it, or null for a body that is not a tracking event. */
export function readEvent(body: unknown, receivedAt: Date): TrackingUpdate | null {
  const parsed = eventSchema.safeParse(body)
  if (!parsed.success) return null
  const event = parsed.data
  const scans = (event.scans ?? []).flatMap((scan) => {
    const at = parseIstTime(scan.date)
    if (!at) return []
    const status = Number(scan['sr-status'])
    return [
      {
        at,
        code: scan.status ?? '',
        activity: scan.activity ?? scan['sr-status-label'] ?? '',
        location: scan.location ?? '',
        statusId: Number.isInteger(status) ? status : null,
      },
    ]
  })
  const newest = scans.reduce<Date | null>((latest, scan) => (!latest || scan.at > latest ? scan.at : latest), null)
  const etd = event.etd ? parseIstTime(event.etd) : null
  return {
    awb: event.awb,
    // Routed on shipment_status_id, never current_status_id (another numbering: reference/shiprocket.md).
    statusId: event.shipment_status_id ?? null,
    at: newest ?? (event.current_timestamp ? parseIstTime(event.current_timestamp) : null) ?? receivedAt,
    scans,
    etd: etd ? istDay(etd) : null,
    isReturn: event.is_return === 1 || event.is_return === '1' || event.is_return === true,
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * What makes two webhooks one event: the parcel, its status and its newest scan's time. An event that
 * carries no time of its own is known by its body (its receipt time would make each repeat new).
 */
function dedupeKey(update: TrackingUpdate, json: unknown, body: string): string {
  const timed = update.scans.length > 0 || Boolean((json as { current_timestamp?: unknown }).current_timestamp)
  const when = timed ? update.at.toISOString() : `body:${sha256(body)}`
  return `${update.awb}|${update.statusId ?? '-'}|${when}|${update.isReturn ? 'return' : 'forward'}`
}

export type WebhookOutcome = 'stored' | 'duplicate' | 'refused' | 'ignored'

/** Checks and stores one webhook; `stored` is told of a new event (the worker's cue). */
export async function handleCourierWebhook(
  db: Db,
  input: { apiKey: string | null; body: string; token: string; log: Logger; now?: Date; stored?: () => void },
): Promise<{ status: 200 | 401; outcome: WebhookOutcome }> {
  const { log } = input
  if (!isRightKey(input.apiKey, input.token)) {
    log.warn('courier webhook with a missing or wrong x-api-key: refused')
    return { status: 401, outcome: 'refused' }
  }
  let json: unknown = null
  try {
    json = JSON.parse(input.body)
  } catch {}
  const now = input.now ?? new Date()
  const update = readEvent(json, now)
  if (!update) {
    // From Shiprocket (its key says so) but no tracking event the shop can read, such as the panel's
    // test post: kept as it came, answered 200 as Shiprocket requires, and nothing else.
    log.warn('courier webhook that is not a tracking event: kept and ignored')
    await db
      .insert(courierEvents)
      .values({
        dedupeKey: `unread|${sha256(input.body)}`,
        body: json ?? { text: input.body.slice(0, 10_000) },
        receivedAt: now,
        processedAt: now,
        outcome: 'ignored',
      })
      .onConflictDoNothing()
    return { status: 200, outcome: 'ignored' }
  }
  const stored = await storeNewEvents(
    db,
    'courier_events',
    { dedupe_key: 'text', awb: 'text', body: 'jsonb' },
    [{ dedupe_key: dedupeKey(update, json, input.body), awb: update.awb, body: json }],
    now,
  )
  if (stored === 0) return { status: 200, outcome: 'duplicate' }
  input.stored?.()
  return { status: 200, outcome: 'stored' }
}

/**
 * Applies stored events not applied yet, oldest first, `limit` at most, as one batch
 * (applyStoredEventBatch: one commit, a savepoint per event); returns how many were applied.
 */
export async function applyStoredEvents(db: Db, context: TrackingContext, limit = 50): Promise<number> {
  return applyStoredEventBatch(db, {
    table: courierEvents,
    name: 'courier event',
    read: (waiting) =>
      db
        .select()
        .from(courierEvents)
        .where(waiting)
        .orderBy(asc(courierEvents.failedAttempts), asc(courierEvents.receivedAt), asc(courierEvents.id))
        .limit(limit),
    async apply(savepoint, event) {
      // Only events that were read are stored, so each reads again.
      const update = readEvent(event.body, event.receivedAt)!
      const outcome = await applyTrackingIn(savepoint, update, { ...context, now: new Date() })
      if (outcome === 'unknown-awb')
        context.log?.info({ awb: update.awb }, 'courier event for an AWB the shop did not book')
      return outcome
    },
    describe: (event) => ({ awb: event.awb }),
    log: context.log,
    now: context.now,
  })
}

export type CourierEventWorker = EventWorker

/** Applies stored events as they come (app/platform/event-worker.server.ts), a parcel's in order. */
export function startCourierEventWorker(db: Db, context: TrackingContext): CourierEventWorker {
  return startEventWorker(() => applyStoredEvents(db, context), { name: 'courier event worker', log: context.log })
}
