// The shipping reconciler: a lost webhook costs nothing. Every few minutes it has the event worker try
// again the stored events that could not be applied, and asks Shiprocket about open parcels it has
// heard nothing of for a few hours (50 AWBs a call), applying the answers as the webhook's would be.
import { and, asc, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm'
import type { NoticeSetup } from '#app/orders/order-notices.server.ts'
import type { Db } from '#app/platform/db.server.ts'
import type { Logger } from '#app/platform/logger.server.ts'
import { startPoller } from '#app/platform/poller.server.ts'
import type { ShippingServices } from './booking.server.ts'
import { shipments } from './schema.ts'
import { applyTracking } from './tracking.server.ts'

/** A parcel without news for this long is asked about. */
export const QUIET_FOR_MS = 3 * 60 * 60_000
/** Open parcels asked about in one run, at most. */
const PER_RUN = 200
const OPEN_STATES = ['booked', 'in_transit', 'out_for_delivery', 'undelivered', 'rto'] as const

export async function reconcileShipments(
  db: Db,
  shipping: ShippingServices,
  { notices, log, now = new Date() }: { notices: NoticeSetup; log: Logger; now?: Date },
): Promise<{ asked: number; applied: number }> {
  const context = { notices, log, now }
  shipping.events.kick()
  await shipping.events.idle()
  const quiet = await db
    .select({ id: shipments.id, awb: shipments.awb })
    .from(shipments)
    .where(
      and(
        inArray(shipments.trackState, OPEN_STATES),
        isNotNull(shipments.awb),
        or(isNull(shipments.checkedAt), lt(shipments.checkedAt, new Date(now.getTime() - QUIET_FOR_MS))),
      ),
    )
    .orderBy(asc(shipments.checkedAt))
    .limit(PER_RUN)
  let applied = 0
  const awbs = quiet.map((row) => row.awb!)
  if (awbs.length === 0) return { asked: 0, applied }
  const reports = await shipping.shiprocket.track(awbs)
  for (const awb of awbs) {
    const report = reports.get(awb)
    const newest = report?.scans.at(-1)
    // No scans yet: asked, and asked again after the next quiet spell.
    const update =
      report && newest ? { ...report, at: newest.at, awb } : { awb, statusId: null, at: now, scans: [], etd: null }
    try {
      if ((await applyTracking(db, update, context)) === 'applied') applied++
    } catch (error) {
      // Logged, and asked again after the next quiet spell rather than first on every run.
      log.error({ err: error, awb }, 'could not apply what Shiprocket said about a parcel')
      await db.update(shipments).set({ checkedAt: now }).where(eq(shipments.awb, awb))
    }
  }
  if (applied > 0) log.info({ asked: awbs.length, applied }, 'the shipping reconciler caught up on parcels')
  return { asked: awbs.length, applied }
}

export function startShippingReconciler(
  db: Db,
  shipping: ShippingServices,
  options: { notices: NoticeSetup; log: Logger },
  intervalMs = 5 * 60_000,
) {
  return startPoller(() => reconcileShipments(db, shipping, options), {
    intervalMs,
    logger: options.log,
    name: 'shipping reconciler',
  })
}
