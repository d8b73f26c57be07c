// Shiprocket's tracking webhook (reference/shiprocket.md): the `x-api-key` checked in constant time,
// the event stored before anything acts on it (a repeat, by its key of AWB, status and newest scan
// time, is not stored again), then applied. An event that could not be applied stays unprocessed and
// the reconciler applies it later; Shiprocket is answered 200 either way, as it requires.
import { createHash, timingSafeEqual } from 'node:crypto'
import { and, asc, eq, isNull, lt } from 'drizzle-orm'
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

export type WebhookOutcome = TrackOutcome | 'duplicate' | 'refused' | 'not-an-event' | 'stored'

export async function handleCourierWebhook(
  db: Db,
  input: { apiKey: string | null; body: string; token: string; log: Logger } & TrackingContext,
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
  // One commit: the event stored, then applied in a savepoint. When applying fails, the savepoint is
  // rolled back and the stored event committed, for the reconciler to apply later.
  const stored = await db.transaction(async (tx) => {
    const [event] = await tx
      .insert(courierEvents)
      .values({ dedupeKey: dedupeKey(update), awb: update.awb, body: json, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: courierEvents.id })
    if (!event) return null
    try {
      return { outcome: await applyStored(tx, event.id, update, input) }
    } catch (error) {
      log.error({ err: error, awb: update.awb }, 'could not apply a courier webhook: it is kept for a retry')
      return { outcome: 'stored' as const }
    }
  })
  if (!stored) return { status: 200, outcome: 'duplicate' }
  if (stored.outcome === 'unknown-awb')
    log.info({ awb: update.awb }, 'courier webhook for an AWB the shop did not book')
  return { status: 200, outcome: stored.outcome }
}

/** Applies a stored event (in a savepoint when `db` is a transaction) and marks it applied. */
async function applyStored(db: Db | Tx, id: string, update: TrackingUpdate, context: TrackingContext) {
  const outcome = await applyTracking(db, update, context)
  await db
    .update(courierEvents)
    .set({ processedAt: context.now ?? new Date(), outcome })
    .where(eq(courierEvents.id, id))
  return outcome
}

/** Applies the stored events that could not be applied when they came (older than a minute). */
export async function applyUnprocessedEvents(db: Db, context: TrackingContext): Promise<number> {
  const now = context.now ?? new Date()
  const waiting = await db
    .select()
    .from(courierEvents)
    .where(and(isNull(courierEvents.processedAt), lt(courierEvents.receivedAt, new Date(now.getTime() - 60_000))))
    .orderBy(asc(courierEvents.receivedAt))
    .limit(200)
  for (const event of waiting) {
    // Only events that were read are stored, so each reads again.
    const update = readEvent(event.body, event.receivedAt)!
    await applyStored(db, event.id, update, context).catch((error: unknown) =>
      context.log?.error({ err: error, awb: event.awb }, 'a stored courier event could not be applied again'),
    )
  }
  return waiting.length
}
