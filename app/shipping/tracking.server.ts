// A booked parcel's tracking, heard from the webhook or a poll, applied in one transaction: its scans
// kept once each, its state moved only forward (decideTrack), and what the move means for the order:
// picked up makes it Shipped, delivered makes it Delivered (a COD order's cash collected), a parcel
// back at the shop puts its packets back on the shelf once and credits its invoice; the customer is
// told, and the owner alerted to what needs them (a failed attempt, a return, a lost parcel).
import { and, eq } from 'drizzle-orm'
import { keepInvoiceInStep } from '#app/invoices/issue-invoice.server.ts'
import { CreditNoteNotIssuable } from '#app/invoices/not-issuable.ts'
import { adminNotificationsRealtime } from '#app/notifications/schema.ts'
import { type CustomerNotice, type NoticeSetup, tellCustomer } from '#app/orders/order-notices.server.ts'
import { releaseOrderStock } from '#app/orders/order-stock.server.ts'
import { SHOP_NOTE } from '#app/orders/order-texts.ts'
import { orderStatusHistory, orders } from '#app/orders/schema.ts'
import { type OrderStatus, orderNumber } from '#app/orders/status.ts'
import type { Db, Tx } from '#app/platform/db.server.ts'
import type { Logger } from '#app/platform/logger.server.ts'
import { courierLabel } from './couriers.ts'
import { shipmentScans, shipments } from './schema.ts'
import { toView } from './shipments.server.ts'
import { ALERT_STATUSES, decideTrack, type TrackDecision, type TrackState } from './track-states.ts'

export interface TrackingScan {
  at: Date
  code: string
  activity: string
  location: string
  statusId: number | null
}

/** What Shiprocket said about one parcel: its status id as of its newest scan, and every scan so far. */
export interface TrackingUpdate {
  awb: string
  statusId: number | null
  /** The newest scan's time: what orders one report against another. */
  at: Date
  scans: TrackingScan[]
  /** The courier's expected day, 'YYYY-MM-DD'. */
  etd: string | null
  /** An event of a return shipment: it never changes the forward parcel's state. */
  isReturn?: boolean
}

export type TrackOutcome =
  | 'applied'
  | 'repeat'
  | 'older'
  | 'final'
  | 'backwards'
  | 'unknown-status'
  | 'unknown-awb'
  | 'return'

export interface TrackingContext {
  /** The shop's address and whether WhatsApp is configured, for the customer's notices. */
  notices: NoticeSetup
  log?: Logger
  now?: Date
}

/** The state's words for the owner's alerts. */
const ALERT: Partial<Record<TrackState, string>> = {
  undelivered: 'the courier could not deliver it',
  rto: 'it is coming back to the shop (RTO)',
  rto_delivered: 'it is back at the shop: its packets are on the shelf again and its invoice credited',
  lost: 'the courier reports it lost or damaged',
}

/** Applies one report in a transaction of its own (a poll's report). */
export async function applyTracking(db: Db, update: TrackingUpdate, context: TrackingContext): Promise<TrackOutcome> {
  return db.transaction((tx) => applyTrackingIn(tx, update, context))
}

/**
 * Applies one report in the caller's transaction: the event worker's savepoint, one per stored event
 * of a batch that commits once.
 */
export async function applyTrackingIn(tx: Tx, update: TrackingUpdate, context: TrackingContext): Promise<TrackOutcome> {
  const now = context.now ?? new Date()
  const [shipment] = await tx
    .select()
    .from(shipments)
    .where(and(eq(shipments.awb, update.awb), eq(shipments.provider, 'shiprocket')))
    .for('update')
  if (!shipment) return 'unknown-awb'
  // A return shipment's scans are not the forward parcel's timeline.
  if (update.scans.length > 0 && !update.isReturn) {
    await tx
      .insert(shipmentScans)
      .values(update.scans.map((scan) => ({ shipmentId: shipment.id, ...scan })))
      .onConflictDoNothing()
  }
  const heard = { checkedAt: now, ...(update.etd && !update.isReturn ? { expectedBy: update.etd } : {}) }
  const current = { state: shipment.trackState, at: shipment.trackStatusAt }
  const decision: TrackDecision | { apply: false; why: 'return' | 'repeat' } = update.isReturn
    ? { apply: false, why: 'return' }
    : current.state !== null && sameReport(shipment, update)
      ? { apply: false, why: 'repeat' }
      : decideTrack(current, update)
  if (!decision.apply) {
    await tx.update(shipments).set(heard).where(eq(shipments.id, shipment.id))
    return decision.why
  }

  const { state } = decision
  const newest = update.scans.reduce<TrackingScan | undefined>((a, b) => (!a || b.at >= a.at ? b : a), undefined)
  // A failed attempt is news when its own scan is the newest: later scans without a status (the
  // courier's notes) leave the parcel undelivered without telling anyone again.
  const newAttempt = state === 'undelivered' && newest?.statusId === 21
  const ndrReason = newAttempt
    ? reasonOf(newest.activity)
    : state === 'undelivered'
      ? (shipment.ndrReason ?? reasonOf(undefined))
      : shipment.ndrReason
  const [moved] = await tx
    .update(shipments)
    .set({
      ...heard,
      trackState: state,
      trackStatusId: update.statusId,
      trackStatusAt: update.at,
      ndrReason,
      // Cancelled at Shiprocket (not by the shop): the booking is over, and the order is to book again.
      ...(state === 'cancelled' ? { cancelledAt: now } : {}),
    })
    .where(eq(shipments.id, shipment.id))
    .returning()
  if (!moved) throw new Error('the shipment vanished')
  // A later scan of the same state (another hub on the way) changes nothing for the order.
  if (state !== current.state || newAttempt || update.statusId !== shipment.trackStatusId) {
    await followOrder(tx, { shipment: moved, state, statusId: update.statusId, at: update.at }, { ...context, now })
  }
  return 'applied'
}

/** The courier's reason for a failed attempt, without the 'Undelivered - ' some couriers start it with. */
function reasonOf(activity: string | undefined): string {
  return activity?.replace(/^undelivered\s*[-:–]\s*/i, '').trim() || 'no reason given'
}

/** The same status at the same scan time: a repeat, whoever brings it (the webhook again, a poll). */
function sameReport(shipment: typeof shipments.$inferSelect, update: TrackingUpdate): boolean {
  return shipment.trackStatusId === update.statusId && shipment.trackStatusAt?.getTime() === update.at.getTime()
}

type ShipmentRow = typeof shipments.$inferSelect
type OrderRow = typeof orders.$inferSelect

/** What a parcel's new state does to its order, its customer and its owner. */
async function followOrder(
  tx: Tx,
  move: { shipment: ShipmentRow; state: TrackState; statusId: number | null; at: Date },
  context: TrackingContext & { now: Date },
) {
  const { shipment, state, at } = move
  const [order] = await tx.select().from(orders).where(eq(orders.id, shipment.orderId)).for('update')
  if (!order) return
  const number = orderNumber(order.id)
  const courier = courierLabel(shipment)
  const view = toView(shipment)
  const tell = (notice: CustomerNotice) => tellCustomer(tx, order, notice, context.notices)
  const alert = (why: string) =>
    tx.insert(adminNotificationsRealtime).values({
      type: 'shipment_problem',
      orderId: order.id,
      message: `Order #${number} (${courier}, AWB ${shipment.awb}): ${why}`,
      createdAt: context.now,
    })

  const statusAlert = move.statusId === null ? undefined : ALERT_STATUSES[move.statusId]
  if (statusAlert) await alert(statusAlert)
  const stateAlert = ALERT[state]
  if (stateAlert) await alert(state === 'undelivered' ? `${stateAlert}: ${shipment.ndrReason}` : stateAlert)

  // An order the owner has already closed by hand is left as they made it.
  if (order.status === 'cancelled' || order.status === 'delivered') return
  switch (state) {
    case 'in_transit':
    case 'out_for_delivery':
    case 'undelivered':
    case 'lost':
      // Any of these means the courier has the parcel: the order is shipped (the scan that said
      // "picked up" may come late, or never). A parcel first heard of as lost is not news to send.
      if (order.status !== 'shipped') {
        await moveOrder(tx, order, 'shipped', SHOP_NOTE.pickedUp, at, context)
        if (state !== 'lost') await tell({ kind: 'shipped_by_courier', shipment: view })
      }
      if (state === 'out_for_delivery') await tell({ kind: 'courier_out_for_delivery', shipment: view })
      if (state === 'undelivered') {
        await tell({ kind: 'delivery_failed', shipment: view, reason: shipment.ndrReason ?? '' })
      }
      return
    case 'delivered':
      await moveOrder(tx, order, 'delivered', SHOP_NOTE.courierDelivered, at, context)
      await tell({ kind: 'delivered', deliveredAt: at })
      return
    case 'rto_delivered':
      await releaseOrderStock(tx, order.id, context.now)
      await moveOrder(tx, order, 'cancelled', SHOP_NOTE.returned, at, context)
      return
  }
}

/**
 * Moves the order as its parcel did, with the history line (made by the shop, not a person) and the
 * invoice kept in step: delivered marks a COD order paid (the courier collected the cash), cancelled
 * (returned) credits the invoice.
 */
async function moveOrder(
  tx: Tx,
  order: OrderRow,
  to: OrderStatus,
  note: string,
  at: Date,
  context: TrackingContext & { now: Date },
) {
  const { now } = context
  const payment = order.paymentMethod === 'cod' && to === 'delivered' ? { paymentStatus: 'paid' as const } : {}
  await tx
    .update(orders)
    .set({ status: to, updatedAt: now, ...(to === 'delivered' ? { deliveredAt: at } : {}), ...payment })
    .where(eq(orders.id, order.id))
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: to,
    changedBy: null,
    note,
    createdAt: now,
  })
  await tx.insert(adminNotificationsRealtime).values({
    type: 'status_change',
    orderId: order.id,
    message: `Order #${orderNumber(order.id)} status updated to ${to} (${note.toLowerCase()})`,
    isRead: to !== 'cancelled',
    createdAt: now,
  })
  await keepInvoiceInStep(tx, order.id, { ...order, ...payment, status: to }, now, context.log).catch(
    async (error: unknown) => {
      // The parcel is back whatever the numbering says: the owner issues the credit note by hand.
      if (!(error instanceof CreditNoteNotIssuable)) throw error
      await tx.insert(adminNotificationsRealtime).values({
        type: 'shipment_problem',
        orderId: order.id,
        message: `Order #${orderNumber(order.id)} came back, but its credit note cannot be issued: ${error.message}.`,
        createdAt: now,
      })
    },
  )
}
