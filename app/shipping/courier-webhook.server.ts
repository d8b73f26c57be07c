// Shiprocket's tracking webhook (reference/shiprocket.md): the `x-api-key` checked in constant time,
// the event stored (a repeat, by its key of AWB, status and newest scan time, is not stored again) and
// Shiprocket answered 200 at once; the event worker then applies the stored events one at a time,
// oldest first. An event that could not be applied stays stored, and is tried again.
import { createHash, timingSafeEqual } from 'node:crypto'
import { asc, eq, isNull } from 'drizzle-orm'
import { z } from 'zod'
import type { Db, Tx } from '#app/platform/db.server.ts'
import type { Logger } from '#app/platform/logger.server.ts'
import { courierEvents } from './schema.ts'
import { parseIstTime } from './shiprocket.server.ts'
import { applyTracking, type TrackingContext, type TrackingUpdate, type TrackOutcome } from './tracking.server.ts'

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

function istDay(at: Date): string {
  return new Date(at.getTime() + 5.5 * 3600_000).toISOString().slice(0, 10)
}

function dedupeKey(update: TrackingUpdate): string {
  return `${update.awb}|${update.statusId ?? '-'}|${update.at.toISOString()}|${update.isReturn ? 'return' : 'forward'}`
}

export type WebhookOutcome = 'stored' | 'duplicate' | 'refused' | 'not-an-event'

/** Checks and stores one webhook; `stored` is told of a new event (the worker's cue). */
export async function handleCourierWebhook(
  db: Db,
  input: { apiKey: string | null; body: string; token: string; log: Logger; now?: Date; stored?: () => void },
): Promise<{ status: 200 | 400 | 401; outcome: WebhookOutcome }> {
  const { log } = input
  if (!isRightKey(input.apiKey, input.token)) {
    log.warn('courier webhook with a missing or wrong x-api-key: refused')
    return { status: 401, outcome: 'refused' }
  }
  let json: unknown
  try {
    json = JSON.parse(input.body)
  } catch {
    return { status: 400, outcome: 'not-an-event' }
  }
  const now = input.now ?? new Date()
  const update = readEvent(json, now)
  if (!update) return { status: 400, outcome: 'not-an-event' }
  const [event] = await db
    .insert(courierEvents)
    .values({ dedupeKey: dedupeKey(update), awb: update.awb, body: json, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: courierEvents.id })
  if (!event) return { status: 200, outcome: 'duplicate' }
  input.stored?.()
  return { status: 200, outcome: 'stored' }
}

/** Applies a stored event and marks it applied, in a savepoint of the batch's transaction. */
async function applyStored(tx: Tx, id: string, update: TrackingUpdate, context: TrackingContext) {
  return tx.transaction(async (savepoint) => {
    const outcome: TrackOutcome = await applyTracking(savepoint, update, context)
    await savepoint
      .update(courierEvents)
      .set({ processedAt: context.now ?? new Date(), outcome })
      .where(eq(courierEvents.id, id))
    if (outcome === 'unknown-awb') context.log?.info({ awb: update.awb }, 'courier event for an AWB the shop did not book')
    return outcome
  })
}

/**
 * Applies stored events not applied yet, oldest first, `limit` at most, in one transaction (one
 * commit for the batch, not one per event); returns how many were applied. One that fails is rolled
 * back alone (its savepoint), logged and left for the next run.
 */
export async function applyStoredEvents(db: Db, context: TrackingContext, limit = 25): Promise<number> {
  const waiting = await db
    .select()
    .from(courierEvents)
    .where(isNull(courierEvents.processedAt))
    .orderBy(asc(courierEvents.receivedAt), asc(courierEvents.id))
    .limit(limit)
  if (waiting.length === 0) return 0
  let applied = 0
  await db.transaction(async (tx) => {
    for (const event of waiting) {
      // Only events that were read are stored, so each reads again.
      const update = readEvent(event.body, event.receivedAt)!
      try {
        await applyStored(tx, event.id, update, { ...context, now: new Date() })
        applied++
      } catch (error) {
        context.log?.error({ err: error, awb: event.awb }, 'a stored courier event could not be applied')
      }
    }
  })
  return applied
}

export interface CourierEventWorker {
  /** A new event is stored: apply it (and any before it) soon. */
  kick(): void
  /** Resolves when every event stored so far has been tried. */
  idle(): Promise<void>
  /** Finishes what is stored, then stops. */
  stop(): Promise<void>
}

/**
 * Applies stored events as they come, one at a time in this process, so two events of one parcel never
 * race for it. An event stored while a run is under way is taken by that run or the next.
 */
export function startCourierEventWorker(db: Db, context: TrackingContext): CourierEventWorker {
  let running: Promise<void> | null = null
  let again = false
  const run = async () => {
    do {
      again = false
      while ((await applyStoredEvents(db, context)) > 0) {
        // until nothing is left (or only events that keep failing)
      }
    } while (again)
  }
  const kick = () => {
    if (running) {
      again = true
      return
    }
    running = run()
      .catch((error: unknown) => context.log?.error({ err: error }, 'the courier event worker failed'))
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
