// Booking an order's parcel through Shiprocket (reference/shiprocket.md, decision 026): the couriers
// that serve its PIN code, then one booking that creates the order (keyed by our order number, so a
// retry finds it), assigns the AWB (read back first when a try may have done it), keeps the label and
// requests the pickup. Each step's result is saved before the next, so a failure leaves the booking to
// resume where it stopped; a lease keeps a second tap, a second admin or a second tab from running it
// twice. Nothing is held open in the database while Shiprocket answers.
import { and, asc, count, desc, eq, isNull, like, ne } from 'drizzle-orm'
import { products } from '#app/catalog/schema.ts'
import { addressFieldsOf } from '#app/checkout/delivery-form.ts'
import { adminNotificationsRealtime } from '#app/notifications/schema.ts'
import { orderItems, orders } from '#app/orders/schema.ts'
import { orderNumber } from '#app/orders/status.ts'
import { type AuditActor, recordAudit } from '#app/platform/audit.server.ts'
import type { Db, Tx } from '#app/platform/db.server.ts'
import type { FileStore } from '#app/platform/file-store.ts'
import type { Logger } from '#app/platform/logger.server.ts'
import { formatRupees } from '#app/shared/money.ts'
import type { CourierEventWorker } from './courier-webhook.server.ts'
import { orderParcel } from './parcels.ts'
import { shipments } from './schema.ts'
import { type CourierOption, isShiprocketError, type Serviceability, type Shiprocket } from './shiprocket.server.ts'

export interface ShippingServices {
  shiprocket: Shiprocket
  /** The pickup address's name in the Shiprocket panel. */
  pickupLocation: string
  /** The x-api-key Shiprocket's webhook carries. */
  webhookToken: string
  /** Applies the tracking events the webhook stores. */
  events: CourierEventWorker
}

/** A booking the shop refuses or could not make; `message` is for the owner. */
export class BookingError extends Error {
  override name = 'BookingError'
  readonly status: 400 | 404 | 409 | 502
  constructor(status: BookingError['status'], message: string) {
    super(message)
    this.status = status
  }
}

/** How long a booking step may run before another may take the booking over (a crashed process). */
const LEASE_MS = 2 * 60_000
/** Shiprocket's page for one parcel. */
export const SHIPROCKET_TRACKING_URL = 'https://shiprocket.co/tracking/'

type OrderRow = typeof orders.$inferSelect
type ShipmentRow = typeof shipments.$inferSelect

export interface CourierChoices {
  kind: 'serviceable'
  couriers: CourierOption[]
  /** The cheapest that meets the zone's promise, else the soonest. */
  recommendedId: number
  /** Whether the recommended courier is expected by the day promised at checkout (true without a promise). */
  meetsPromise: boolean
  deliveryBy: string | null
  parcel: { weightKg: number; lengthCm: number; breadthCm: number; heightCm: number }
}

export type Choices = CourierChoices | { kind: 'unserviceable'; message: string }

const pickupPins = new WeakMap<Shiprocket, Promise<string>>()

/** The pickup address's PIN code, asked once per process (a failed ask is asked again next time). */
function pickupPincode(shipping: ShippingServices): Promise<string> {
  let pin = pickupPins.get(shipping.shiprocket)
  if (!pin) {
    pin = shipping.shiprocket.pickupLocations().then((locations) => {
      const location = locations.find((place) => place.name === shipping.pickupLocation)
      if (!location) {
        throw new BookingError(
          502,
          `Shiprocket has no pickup address named “${shipping.pickupLocation}” (SHIPROCKET_PICKUP_LOCATION). Its pickup addresses are: ${locations.map((place) => place.name).join(', ') || 'none'}.`,
        )
      }
      return location.pincode
    })
    pin.catch(() => pickupPins.delete(shipping.shiprocket))
    pickupPins.set(shipping.shiprocket, pin)
  }
  return pin
}

/** How long Shiprocket's answer for the same parcel, route, payment and value is used again. */
const SERVICEABILITY_FOR_MS = 10 * 60_000
type KeptAnswers = Map<string, { until: number; answer: Promise<Serviceability> }>
const serviceabilityAnswers = new WeakMap<Shiprocket, KeptAnswers>()

/**
 * Shiprocket's couriers for exactly these inputs, asked once in 10 minutes: the owner's dialog lists
 * them and the booking checks them again, and a day's Book all sends many parcels alike to one city.
 * A failed ask is not kept.
 */
function serviceability(shiprocket: Shiprocket, query: Parameters<Shiprocket['serviceability']>[0]) {
  const answers: KeptAnswers = serviceabilityAnswers.get(shiprocket) ?? new Map()
  serviceabilityAnswers.set(shiprocket, answers)
  const now = Date.now()
  const key = JSON.stringify(query)
  const kept = answers.get(key)
  if (kept && kept.until > now) return kept.answer
  for (const [old, { until }] of answers) if (until <= now) answers.delete(old)
  const answer = shiprocket.serviceability(query)
  answers.set(key, { until: now + SERVICEABILITY_FOR_MS, answer })
  answer.catch(() => answers.delete(key))
  return answer
}

/** The booking in hand for an order: its latest Shiprocket shipment that was not cancelled. */
export async function liveBooking(db: Db | Tx, orderId: string): Promise<ShipmentRow | null> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.provider, 'shiprocket'), isNull(shipments.cancelledAt)))
    .orderBy(desc(shipments.createdAt))
    .limit(1)
  return row ?? null
}

/** Why the order cannot be booked, or null when it can. */
async function notBookable(db: Db | Tx, order: OrderRow): Promise<string | null> {
  const number = orderNumber(order.id)
  if (order.status !== 'confirmed') return `Order #${number} is ${order.status}: only confirmed orders are booked.`
  const [manual] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.orderId, order.id), eq(shipments.provider, 'manual')))
    .limit(1)
  if (manual) return `Order #${number} was already shipped by hand.`
  return null
}

async function findOrder(db: Db | Tx, orderId: string, lock = false): Promise<OrderRow> {
  const query = db.select().from(orders).where(eq(orders.id, orderId))
  const [order] = lock ? await query.for('update') : await query
  if (!order) throw new BookingError(404, 'This order does not exist.')
  return order
}

async function parcelOf(db: Db | Tx, orderId: string) {
  const lines = await db
    .select({ size: orderItems.size, quantity: orderItems.quantity, parcels: products.parcels })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
  return orderParcel(lines.map((line) => ({ ...line, parcels: line.parcels ?? {} })))
}

function addressOf(order: OrderRow) {
  const fields = addressFieldsOf(order.shippingAddress)
  if (!fields) throw new BookingError(400, `Order #${orderNumber(order.id)} has no PIN code in its address.`)
  return fields
}

/** The couriers that serve the order's PIN code for its payment (COD or prepaid), cheapest first. */
export async function courierChoices(db: Db, shipping: ShippingServices, orderId: string): Promise<Choices> {
  const order = await findOrder(db, orderId)
  const refusal = await notBookable(db, order)
  if (refusal) throw new BookingError(409, refusal)
  const parcel = await parcelOf(db, orderId)
  const cod = order.paymentMethod === 'cod'
  const answer = await serviceability(shipping.shiprocket, {
    pickupPincode: await pickupPincode(shipping),
    deliveryPincode: addressOf(order).pincode,
    ...parcel,
    cod,
    declaredValue: order.totalAmount,
  }).catch(failed('Shiprocket could not list the couriers'))
  if (answer.kind === 'unserviceable') return answer
  const couriers = answer.couriers.filter((courier) => courier.cod || !cod).sort((a, b) => a.rate - b.rate)
  if (couriers.length === 0) return { kind: 'unserviceable', message: 'No courier collects cash on delivery there.' }
  const meets = (courier: CourierOption) =>
    !order.deliveryBy || (courier.etd !== null && courier.etd <= order.deliveryBy)
  const soonest = [...couriers].sort((a, b) => (a.etd ?? '9999').localeCompare(b.etd ?? '9999'))[0]!
  const recommended = couriers.find(meets) ?? soonest
  return {
    kind: 'serviceable',
    couriers,
    recommendedId: recommended.courierCompanyId,
    meetsPromise: meets(recommended),
    deliveryBy: order.deliveryBy,
    parcel,
  }
}

/** A Shiprocket failure as the owner reads it; anything else goes up as it is. */
function failed(what: string) {
  return (error: unknown): never => {
    if (isShiprocketError(error)) {
      const why = error.timedOut ? 'it did not answer in time' : error.message
      throw new BookingError(502, `${what}: ${why}. Try again: a booking finishes where it stopped, never twice.`)
    }
    throw error
  }
}

export interface Booked {
  shipmentId: string
  awb: string
  courierName: string
  /** Already booked before this request (a second tap). */
  already: boolean
}

/**
 * Books the order with the courier chosen (or the recommended one), or finishes a booking a failure
 * left half done. Idempotent: a booked order answers its booking.
 */
export async function bookOrder(
  db: Db,
  shipping: ShippingServices,
  input: { orderId: string; courierCompanyId?: number },
  context: { admin: AuditActor; files: FileStore; log: Logger; now?: Date },
): Promise<Booked> {
  const existing = await liveBooking(db, input.orderId)
  if (existing?.pickupRequestedAt && existing.awb) return booked(existing, true)
  let chosen: CourierOption | undefined
  if (!existing?.awb) {
    const choices = await courierChoices(db, shipping, input.orderId)
    if (choices.kind === 'unserviceable') {
      throw new BookingError(409, `No courier of Shiprocket serves this address: ${choices.message}`)
    }
    // Finishing a half-done booking keeps its courier unless the owner chose another.
    const wanted = input.courierCompanyId ?? existing?.courierCompanyId ?? choices.recommendedId
    chosen = choices.couriers.find((courier) => courier.courierCompanyId === wanted)
    if (!chosen) throw new BookingError(400, 'That courier does not serve this PIN code any more: choose another.')
  }
  const lease = { row: await claim(db, input.orderId, chosen, context) }
  // Each step's result is saved with a renewed lease, and only while this request still holds it.
  const save = async (values: Partial<ShipmentRow>) => {
    const held = lease.row.leaseUntil!
    const [row] = await db
      .update(shipments)
      .set({ ...values, leaseUntil: values.leaseUntil === null ? null : new Date(Date.now() + LEASE_MS) })
      .where(and(eq(shipments.id, lease.row.id), eq(shipments.leaseUntil, held)))
      .returning()
    if (!row) throw new BookingError(409, 'Another booking of this order took over: look at the order again.')
    lease.row = row
    return row
  }
  try {
    const done = await runSteps(db, shipping, lease.row, save, context)
    await save({ leaseUntil: null, bookingError: null })
    return booked(done, false)
  } catch (error) {
    const message = error instanceof BookingError ? error.message : 'The booking failed on our side; try again.'
    if (!(error instanceof BookingError)) context.log.error({ err: error, orderId: input.orderId }, 'booking failed')
    await save({ leaseUntil: null, bookingError: message }).catch(() => {})
    throw error instanceof BookingError ? error : new BookingError(502, message)
  }
}

function booked(row: ShipmentRow, already: boolean): Booked {
  return { shipmentId: row.id, awb: row.awb!, courierName: row.courierName ?? '', already }
}

/**
 * Takes the booking for this request: a new one, or the half-done one nobody is running. One
 * transaction with the order locked, so two requests cannot both take it.
 */
async function claim(
  db: Db,
  orderId: string,
  chosen: CourierOption | undefined,
  { admin, now = new Date() }: { admin: AuditActor; now?: Date },
): Promise<ShipmentRow> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, true)
    const number = orderNumber(order.id)
    const live = await liveBooking(tx, orderId)
    const leaseUntil = new Date(now.getTime() + LEASE_MS)
    if (live?.leaseUntil && live.leaseUntil > now) {
      throw new BookingError(409, `Order #${number} is being booked right now: wait for it to finish.`)
    }
    if (live) {
      const resumed = live.awb ? {} : { courierCompanyId: chosen!.courierCompanyId, courierName: chosen!.name }
      const [row] = await tx
        .update(shipments)
        .set({ leaseUntil, ...resumed })
        .where(eq(shipments.id, live.id))
        .returning()
      return row!
    }
    const refusal = await notBookable(tx, order)
    if (refusal) throw new BookingError(409, refusal)
    const [earlier] = await tx
      .select({ n: count() })
      .from(shipments)
      .where(and(eq(shipments.orderId, orderId), eq(shipments.provider, 'shiprocket')))
    const tries = earlier?.n ?? 0
    // The order number is the id's last 8 characters: in the rare case another order has them too,
    // the whole id (32 characters, within Shiprocket's 50) keeps the key unique.
    const [taken] = await tx
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(like(shipments.channelOrderId, `${number.toUpperCase()}%`), ne(shipments.orderId, orderId)))
      .limit(1)
    const base = (taken ? orderId.replaceAll('-', '') : number).toUpperCase()
    const [row] = await tx
      .insert(shipments)
      .values({
        orderId,
        provider: 'shiprocket',
        courier: 'other',
        courierName: chosen!.name,
        courierCompanyId: chosen!.courierCompanyId,
        quotedRate: chosen!.rate,
        expectedBy: chosen!.etd,
        // Shiprocket keeps a cancelled order's id: booking again needs a new one (reference/shiprocket.md).
        channelOrderId: tries === 0 ? base : `${base}-R${tries + 1}`,
        leaseUntil,
        createdBy: admin.id,
        createdAt: now,
      })
      .returning()
    await recordAudit(tx, admin, {
      action: 'order.book',
      entity: 'order',
      entityId: orderId,
      label: `Order #${number}`,
      before: null,
      after: { courier: chosen!.name, channelOrderId: row!.channelOrderId },
    })
    return row!
  })
}

/** The booking's steps from where it stands; each result saved before the next step. */
async function runSteps(
  db: Db,
  shipping: ShippingServices,
  start: ShipmentRow,
  save: (values: Partial<ShipmentRow>) => Promise<ShipmentRow>,
  { files, log, now = new Date() }: { files: FileStore; log: Logger; now?: Date },
): Promise<ShipmentRow> {
  const sr = shipping.shiprocket
  let row = start
  const order = await findOrder(db, row.orderId)
  const number = orderNumber(order.id)
  // A booking that failed before knows whether a call it made did its work only by asking.
  const resumed = row.bookingError !== null || row.srOrderId !== null

  if (row.srOrderId === null || row.srShipmentId === null) {
    const created = await sr
      .createOrder(await createInput(db, order, row.channelOrderId!, shipping.pickupLocation))
      .catch(failed('Shiprocket did not take the order'))
    if (created.cancelled) {
      await save({ cancelledAt: now, trackState: 'cancelled', leaseUntil: null })
      throw new BookingError(
        409,
        `Shiprocket holds ${row.channelOrderId} as a cancelled order: book again, and it is sent under a new number.`,
      )
    }
    row = await save({ srOrderId: created.srOrderId, srShipmentId: created.shipmentId })
  }

  if (row.awb === null) {
    // Before the step that commits freight, every time (a booking stopped by a mismatch is not let through on a retry).
    if (order.paymentMethod === 'cod') await checkCodAmount(db, sr, row, order)
    const shipmentId = row.srShipmentId!
    const already = resumed ? await sr.showOrder(row.srOrderId!).catch(failed('Shiprocket could not be asked')) : null
    const assigned = already?.awb
      ? { awb: already.awb, courierName: already.courierName ?? row.courierName ?? '' }
      : await sr.assignAwb(shipmentId, row.courierCompanyId!).catch(async (error: unknown) => {
          // An assignment that timed out may have happened: it is read back, never assigned blindly again.
          if (isShiprocketError(error) && error.timedOut) {
            const view = await sr.showOrder(row.srOrderId!).catch(failed('Shiprocket could not be asked'))
            if (view.awb) return { awb: view.awb, courierName: view.courierName ?? row.courierName ?? '' }
          }
          return failed('Shiprocket did not assign an AWB')(error)
        })
    row = await save({
      awb: assigned.awb,
      courierName: assigned.courierName || row.courierName,
      trackingUrl: `${SHIPROCKET_TRACKING_URL}${encodeURIComponent(assigned.awb)}`,
      awbAssignedAt: now,
      // No scan time yet: the courier's first scan, whatever its clock says, is news.
      trackState: 'booked',
      trackStatusId: 1,
      checkedAt: now,
    })
    log.info({ order: number, awb: assigned.awb }, 'parcel booked with Shiprocket')
  }

  if (row.labelKey === null) {
    const url = await sr.generateLabel(row.srShipmentId!).catch(failed('Shiprocket did not make the label'))
    const pdf = await sr.download(url).catch(failed('The label could not be fetched from Shiprocket'))
    const key = `labels/${row.id}.pdf`
    await files.put(key, pdf, 'application/pdf')
    row = await save({ labelKey: key })
  }

  if (row.pickupRequestedAt === null) {
    await sr.requestPickup(row.srShipmentId!).catch(failed('Shiprocket did not schedule the pickup'))
    row = await save({ pickupRequestedAt: now })
  }
  return row
}

/**
 * What Shiprocket will have the courier collect must be what the shopper owes: a COD order is read
 * back before its AWB is assigned. A mismatch stops the booking and tells the owner.
 */
async function checkCodAmount(db: Db, sr: Shiprocket, row: ShipmentRow, order: OrderRow) {
  const view = await sr.showOrder(row.srOrderId!).catch(failed('Shiprocket could not be asked'))
  const collects = Math.round(view.total * 100)
  if (collects === order.totalAmount) return
  const message = `Shiprocket would collect ${formatRupees(collects)} for order #${orderNumber(order.id)}, which owes ${formatRupees(order.totalAmount)}: the booking was stopped. Fix it in the Shiprocket panel or cancel it there.`
  await db.insert(adminNotificationsRealtime).values({ type: 'shipment_problem', orderId: order.id, message })
  throw new BookingError(409, message)
}

async function createInput(db: Db, order: OrderRow, channelOrderId: string, pickupLocation: string) {
  const fields = addressOf(order)
  const items = await db
    .select({
      name: orderItems.productName,
      size: orderItems.size,
      quantity: orderItems.quantity,
      price: orderItems.price,
      productId: orderItems.productId,
      hsn: products.hsnCode,
      gstRateBp: products.gstRateBp,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position))
  return {
    channelOrderId,
    orderDate: order.createdAt,
    pickupLocation,
    customerName: order.customerName,
    address: fields.address,
    city: fields.city,
    state: fields.state,
    pincode: fields.pincode,
    email: order.email,
    phone: order.phone,
    items: items.map((item) => ({
      name: `${item.name} ${item.size}`,
      sku: `${(item.productId ?? 'item').slice(0, 8)}-${item.size}`,
      units: item.quantity,
      sellingPrice: item.price,
      taxPercent: (item.gstRateBp ?? 500) / 100,
      hsn: item.hsn ?? '210690',
    })),
    paymentMethod: order.paymentMethod === 'cod' ? ('COD' as const) : ('Prepaid' as const),
    subTotal: order.subtotalAmount,
    shippingCharges: order.deliveryFee,
    totalDiscount: order.discountAmount,
    ...(await parcelOf(db, order.id)),
  }
}

/**
 * Cancels the order's booking before the order itself is cancelled; true when there was one to cancel.
 * A parcel the courier has picked up cannot be cancelled: it can only come back as a return.
 */
export async function cancelBooking(
  db: Db,
  shipping: ShippingServices | null,
  input: {
    orderId: string /** The order's updated_at as the owner saw it: when it changed since, nothing is done. */
    version: string
  },
  now = new Date(),
): Promise<boolean> {
  const { orderId } = input
  const live = await liveBooking(db, orderId)
  if (!live) return false
  const order = await findOrder(db, orderId)
  if (order.updatedAt.toISOString() !== input.version || order.status === 'cancelled') return false
  const number = orderNumber(orderId)
  if (live.trackState !== null && live.trackState !== 'booked') {
    throw new BookingError(
      409,
      `Order #${number} was not cancelled: the courier has picked up its parcel, so it can only come back as a return (ask the courier for an RTO in the Shiprocket panel).`,
    )
  }
  if (live.leaseUntil && live.leaseUntil > now) {
    throw new BookingError(409, `Order #${number} is being booked right now: cancel it when the booking has finished.`)
  }
  if (live.srOrderId !== null) {
    if (!shipping) throw new BookingError(409, `Order #${number} is booked with Shiprocket, which is not configured.`)
    await shipping.shiprocket.cancelOrders([live.srOrderId]).catch(failed('Shiprocket did not cancel the booking'))
  }
  await db
    .update(shipments)
    .set({ cancelledAt: now, trackState: 'cancelled', leaseUntil: null })
    .where(eq(shipments.id, live.id))
  return true
}
