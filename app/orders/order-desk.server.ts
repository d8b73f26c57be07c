// The owner's changes to an order, each one transaction: a status change (any status to any other, as
// the spec allows) recorded in the history with who and when, stock returned on cancelling and taken
// again on leaving cancelled, and the customer told; shipping records who carries the parcel (a
// courier and its AWB, or the shop's own rider: decision 025); the delivery OTP (6 digits from a
// cryptographic source, kept only as an HMAC, 24 hours, locked after 5 wrong tries), for the shop's own
// rider, that marks an order delivered.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { keepInvoiceInStep } from '#app/invoices/issue-invoice.server.ts'
import { CreditNoteNotIssuable } from '#app/invoices/not-issuable.ts'
import { adminNotificationsRealtime } from '#app/notifications/schema.ts'
import { type AuditActor, recordAudit } from '#app/platform/audit.server.ts'
import type { Db, Tx } from '#app/platform/db.server.ts'
import type { Logger } from '#app/platform/logger.server.ts'
import { getSettings } from '#app/settings/settings.server.ts'
import { liveBooking } from '#app/shipping/booking.server.ts'
import { courierLabel, type ShipmentInput } from '#app/shipping/couriers.ts'
import { latestShipment, recordShipment } from '#app/shipping/shipments.server.ts'
import { OTP_MAX_ATTEMPTS, OTP_TTL_MS } from './admin-orders.ts'
import { type NoticeSetup, tellCustomer } from './order-notices.server.ts'
import { releaseOrderStock, reserveOrderStockAgain } from './order-stock.server.ts'
import { SHOP_NOTE } from './order-texts.ts'
import { orderStatusHistory, orders } from './schema.ts'
import { type OrderStatus, orderNumber, statusLabel } from './status.ts'

/** A change the desk refuses; `message` is for the owner. */
export class OrderDeskError extends Error {
  override name = 'OrderDeskError'
  readonly kind:
    | 'not-found'
    | 'stale'
    | 'unchanged'
    | 'sold-out'
    | 'not-shipped'
    | 'no-otp'
    | 'no-credit-note'
    | 'no-courier'
    | 'by-courier'
    | 'booked'
  constructor(kind: OrderDeskError['kind'], message: string) {
    super(message)
    this.kind = kind
  }
}

export interface DeskContext {
  /** The admin making the change. */
  admin: AuditActor
  /** The key delivery OTPs are hashed with (derived from the shop's secret). */
  otpKey: string
  /** The shop's address and whether WhatsApp is configured, for the customer's notices. */
  notices: NoticeSetup
  /** Where a change's side issues are logged (an invoice that could not be issued). */
  log?: Logger
  now?: Date
}

type OrderRow = typeof orders.$inferSelect

async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
  if (!order) throw new OrderDeskError('not-found', 'This order does not exist.')
  return order
}

function hashOtp(otpKey: string, orderId: string, code: string): string {
  return createHmac('sha256', otpKey).update(`${orderId}:${code}`).digest('hex')
}

/** A new delivery OTP for the order, replacing any earlier one: stored as a hash, returned in clear once. */
async function issueOtp(tx: Tx, order: OrderRow, { otpKey, now = new Date() }: DeskContext) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const expiresAt = new Date(now.getTime() + OTP_TTL_MS)
  await tx
    .update(orders)
    .set({
      deliveryOtpRequired: true,
      deliveryOtpVerified: false,
      deliveryOtpHash: hashOtp(otpKey, order.id, code),
      deliveryOtpExpiresAt: expiresAt,
      deliveryOtpAttempts: 0,
      updatedAt: now,
    })
    .where(eq(orders.id, order.id))
  return { code, expiresAt }
}

/** Cash on delivery is collected at the door: a COD order is paid exactly while it is delivered. */
function codPayment(order: { paymentMethod: string }, to: OrderStatus): { paymentStatus?: 'paid' | 'pending' } {
  if (order.paymentMethod !== 'cod') return {}
  return { paymentStatus: to === 'delivered' ? 'paid' : 'pending' }
}

/** The history row and the activity line ('Order #... status updated to ...') of a change. */
async function record(
  tx: Tx,
  order: OrderRow,
  to: OrderStatus,
  { admin, now = new Date() }: DeskContext,
  note: string | null = null,
  /** More of the change for the audit log (the shipment of an order marked shipped). */
  detail: Record<string, unknown> = {},
) {
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: to,
    changedBy: admin.id,
    note,
    createdAt: now,
  })
  // The owner made this change: it is activity to see, not news to be alerted to.
  await tx.insert(adminNotificationsRealtime).values({
    type: 'status_change',
    orderId: order.id,
    message: `Order #${orderNumber(order.id)} status updated to ${to}`,
    isRead: true,
    createdAt: now,
  })
  await recordAudit(tx, admin, {
    action: 'order.status',
    entity: 'order',
    entityId: order.id,
    label: `Order #${orderNumber(order.id)}`,
    before: { status: order.status },
    after: { status: to, ...(note ? { note } : {}), ...detail },
  })
}

export interface StatusChanged {
  status: OrderStatus
  /** Marked shipped: who carries it ('DTDC, AWB D1234567', or the shop's own rider). */
  shippedWith?: string
  /** A paid online order was cancelled: the owner is offered its refund. */
  refundable: boolean
  /** The order is left without the invoice it needs; the owner has a notice saying why (decision 022). */
  invoiceMissing: boolean
}

/**
 * Moves an order to another status. `version` is the order's updated_at as the owner's screen showed
 * it: when the order changed since, nothing is changed and the owner is told (their list reloads).
 * Shipping needs `shipment`: a courier and its AWB, whose customer is sent the tracking link, or the
 * shop's own rider, whose customer is sent a delivery OTP.
 */
export async function changeOrderStatus(
  db: Db,
  input: { orderId: string; to: OrderStatus; version: string; shipment?: ShipmentInput },
  context: DeskContext,
): Promise<StatusChanged> {
  const now = context.now ?? new Date()
  const { shipment } = input
  if (input.to === 'shipped' && !shipment) {
    throw new OrderDeskError('no-courier', 'Choose the courier (or the shop’s own rider) to mark the order shipped.')
  }
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId)
    if (order.updatedAt.toISOString() !== input.version) {
      throw new OrderDeskError(
        'stale',
        `Order #${orderNumber(order.id)} changed while you were looking at it (it is now ${statusLabel(order.status)}). The list has been reloaded: please check it and try again.`,
      )
    }
    if (order.status === input.to) {
      throw new OrderDeskError('unchanged', `Order #${orderNumber(order.id)} is already ${statusLabel(order.status)}.`)
    }
    if (input.to === 'shipped') {
      // Booked through to its AWB: the courier's scans ship it (a booking that stopped before may be shipped by hand).
      const booking = await liveBooking(tx, order.id)
      if (booking?.awb) {
        throw new OrderDeskError(
          'booked',
          `Order #${orderNumber(order.id)} is booked with ${courierLabel(booking)} through Shiprocket: it becomes Shipped when the courier picks it up.`,
        )
      }
    }
    if (order.status === 'cancelled' && order.stockReleasedAt) {
      const soldOut = await reserveOrderStockAgain(tx, order.id, now)
      if (soldOut)
        throw new OrderDeskError('sold-out', `Order #${orderNumber(order.id)} cannot be reopened: ${soldOut}`)
    }
    if (input.to === 'cancelled') await releaseOrderStock(tx, order.id, now)

    const payment = codPayment(order, input.to)
    // A courier's parcel is not checked with the shop's OTP: any earlier one is forgotten.
    const byCourier = input.to === 'shipped' && shipment?.courier !== 'own_rider'
    await tx
      .update(orders)
      .set({
        status: input.to,
        updatedAt: now,
        deliveredAt: input.to === 'delivered' ? now : null,
        ...(order.status === 'delivered' ? { deliveryOtpVerified: false } : {}),
        ...(byCourier
          ? {
              deliveryOtpRequired: false,
              deliveryOtpVerified: false,
              deliveryOtpHash: null,
              deliveryOtpExpiresAt: null,
              deliveryOtpAttempts: 0,
            }
          : {}),
        ...payment,
      })
      .where(eq(orders.id, order.id))
    await record(tx, order, input.to, context, null, input.to === 'shipped' ? { shipment } : {})
    const invoiceMissing = await keepInvoiceInStep(
      tx,
      order.id,
      { ...order, ...payment, status: input.to },
      now,
      context.log,
    ).catch((error: unknown) => {
      // A cancellation needs its credit note, so the order stays as it was.
      if (!(error instanceof CreditNoteNotIssuable)) throw error
      throw new OrderDeskError(
        'no-credit-note',
        `Order #${orderNumber(order.id)} was not cancelled: its credit note cannot be issued, because ${error.message}.`,
      )
    })

    if (input.to === 'confirmed') await tellCustomer(tx, order, { kind: 'order_confirmed' }, context.notices)
    let shippedWith: string | undefined
    if (input.to === 'shipped' && shipment) {
      const { courierTrackingUrls } = await getSettings(tx)
      const sent = await recordShipment(tx, {
        orderId: order.id,
        shipment,
        templates: courierTrackingUrls,
        createdBy: context.admin.id,
        now,
      })
      shippedWith = sent.awb ? `${courierLabel(sent)}, AWB ${sent.awb}` : 'the shop’s own rider'
      if (sent.courier === 'own_rider') {
        const { code } = await issueOtp(tx, order, { ...context, now })
        await tellCustomer(tx, order, { kind: 'out_for_delivery', otp: code }, context.notices)
      } else {
        await tellCustomer(tx, order, { kind: 'shipped_by_courier', shipment: sent }, context.notices)
      }
    }
    if (input.to === 'delivered')
      await tellCustomer(tx, order, { kind: 'delivered', deliveredAt: now }, context.notices)
    if (input.to === 'cancelled') await tellCustomer(tx, order, { kind: 'cancelled' }, context.notices)

    return {
      status: input.to,
      ...(shippedWith ? { shippedWith } : {}),
      refundable: input.to === 'cancelled' && order.paymentMethod !== 'cod' && order.paymentStatus === 'paid',
      invoiceMissing,
    }
  })
}

/** A new delivery OTP for a shipped order, sent to the customer and returned to the owner once. */
export async function generateDeliveryOtp(
  db: Db,
  orderId: string,
  context: DeskContext,
): Promise<{ code: string; expiresAt: Date }> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (order.status !== 'shipped') {
      throw new OrderDeskError('not-shipped', 'A delivery OTP is for an order out for delivery: mark it shipped first.')
    }
    const shipment = await latestShipment(tx, order.id)
    if (shipment && shipment.courier !== 'own_rider') {
      throw new OrderDeskError(
        'by-courier',
        `Order #${orderNumber(order.id)} went with ${courierLabel(shipment)}: a delivery OTP is for the shop’s own rider. Mark it Delivered once the courier has delivered it.`,
      )
    }
    const issued = await issueOtp(tx, order, context)
    await tellCustomer(tx, order, { kind: 'out_for_delivery', otp: issued.code }, context.notices)
    return issued
  })
}

export type OtpCheck =
  | { ok: true /** Left without the invoice it needs (decision 022). */; invoiceMissing: boolean }
  | { ok: false; reason: 'wrong' | 'locked'; attemptsLeft: number }

/**
 * Checks the code the customer gave. Right: the order is delivered (with the time), the OTP verified
 * and forgotten. Wrong or expired: one try fewer; after 5 the OTP is locked until a new one is made.
 */
export async function verifyDeliveryOtp(
  db: Db,
  input: { orderId: string; code: string },
  context: DeskContext,
): Promise<OtpCheck> {
  const now = context.now ?? new Date()
  return db.transaction(async (tx): Promise<OtpCheck> => {
    const order = await lockOrder(tx, input.orderId)
    if (order.status !== 'shipped') {
      throw new OrderDeskError('not-shipped', `Order #${orderNumber(order.id)} is not out for delivery.`)
    }
    if (!order.deliveryOtpHash || !order.deliveryOtpExpiresAt) {
      throw new OrderDeskError('no-otp', 'No delivery OTP was generated for this order yet. Generate one first.')
    }
    if (order.deliveryOtpAttempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: 'locked', attemptsLeft: 0 }

    const expected = Buffer.from(order.deliveryOtpHash, 'hex')
    const given = Buffer.from(hashOtp(context.otpKey, order.id, input.code), 'hex')
    const right = expected.length === given.length && timingSafeEqual(expected, given)
    if (!right || order.deliveryOtpExpiresAt <= now) {
      const attempts = order.deliveryOtpAttempts + 1
      await tx.update(orders).set({ deliveryOtpAttempts: attempts }).where(eq(orders.id, order.id))
      return {
        ok: false,
        reason: attempts >= OTP_MAX_ATTEMPTS ? 'locked' : 'wrong',
        attemptsLeft: OTP_MAX_ATTEMPTS - attempts,
      }
    }

    await tx
      .update(orders)
      .set({
        status: 'delivered',
        deliveryOtpVerified: true,
        deliveryOtpHash: null,
        deliveryOtpExpiresAt: null,
        deliveredAt: now,
        updatedAt: now,
        ...codPayment(order, 'delivered'),
      })
      .where(eq(orders.id, order.id))
    await record(tx, order, 'delivered', { ...context, now }, SHOP_NOTE.otpVerified)
    const invoiceMissing = await keepInvoiceInStep(tx, order.id, { ...order, status: 'delivered' }, now, context.log)
    await tellCustomer(tx, order, { kind: 'delivered', deliveredAt: now }, context.notices)
    return { ok: true, invoiceMissing }
  })
}
