// The owner's Shipping view: the orders to book, and the booked parcels by where they are (awaiting
// pickup, in transit, delivery problems, returns), each list with its count. Read in one go.
import { and, desc, eq, inArray, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm'
import { orders } from '#app/orders/schema.ts'
import { orderNumber } from '#app/orders/status.ts'
import type { Db } from '#app/platform/db.server.ts'
import { type BookingView, toBookingView } from './admin/booking-view.ts'
import { shipments } from './schema.ts'
import type { TrackState } from './track-states.ts'

export const SHIPPING_GROUPS = ['to_book', 'awaiting_pickup', 'in_transit', 'problems', 'returns'] as const
export type ShippingGroup = (typeof SHIPPING_GROUPS)[number]

const GROUP_STATES: Record<Exclude<ShippingGroup, 'to_book'>, TrackState[]> = {
  awaiting_pickup: ['booked'],
  in_transit: ['in_transit', 'out_for_delivery'],
  problems: ['undelivered', 'lost'],
  returns: ['rto', 'rto_delivered'],
}

export interface ShippingRow {
  orderId: string
  number: string
  customerName: string
  /** The order's address's last part: city, state - PIN. */
  destination: string
  totalAmount: number
  paymentMethod: string
  orderedAt: string
  deliveryBy: string | null
  /** Null for an order to book that has no booking yet. */
  shipment: BookingView | null
}

/** How many rows each list shows at most (the counts are whole). */
const LIST_LIMIT = 100
/** Returns and problems stay on the view this long after their last news. */
const RECENT_MS = 14 * 24 * 60 * 60_000

export async function shippingOverview(db: Db, now = new Date()) {
  const live = and(eq(shipments.provider, 'shiprocket'), isNull(shipments.cancelledAt))
  // An order to book: confirmed, not shipped by hand, and not booked through to its pickup (a booking
  // that stopped half way is still to book, and resumes where it stopped).
  const done = db
    .select({ one: sql`1` })
    .from(shipments)
    .where(
      and(
        eq(shipments.orderId, orders.id),
        or(
          eq(shipments.provider, 'manual'),
          and(isNull(shipments.cancelledAt), isNotNull(shipments.pickupRequestedAt)),
        ),
      ),
    )
  const toBookWhere = and(eq(orders.status, 'confirmed'), notExists(done))
  const columns = {
    orderId: orders.id,
    customerName: orders.customerName,
    shippingAddress: orders.shippingAddress,
    totalAmount: orders.totalAmount,
    paymentMethod: orders.paymentMethod,
    createdAt: orders.createdAt,
    deliveryBy: orders.deliveryBy,
  }
  // Booked through to the pickup, in a state one of the lists shows (the final ones only while recent).
  const bookedWhere = and(
    live,
    isNotNull(shipments.pickupRequestedAt),
    inArray(shipments.trackState, Object.values(GROUP_STATES).flat()),
    or(
      inArray(shipments.trackState, ['booked', 'in_transit', 'out_for_delivery', 'undelivered', 'rto']),
      sql`${shipments.trackStatusAt} > ${new Date(now.getTime() - RECENT_MS)}`,
    ),
  )
  const [toBook, booked, toBookCount, bookedCounts] = await Promise.all([
    db.select(columns).from(orders).where(toBookWhere).orderBy(orders.createdAt).limit(LIST_LIMIT),
    db
      .select({ ...columns, shipment: shipments })
      .from(shipments)
      .innerJoin(orders, eq(orders.id, shipments.orderId))
      .where(bookedWhere)
      .orderBy(desc(shipments.trackStatusAt))
      .limit(LIST_LIMIT * 4),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(toBookWhere),
    db
      .select({ state: shipments.trackState, n: sql<number>`count(*)::int` })
      .from(shipments)
      .where(bookedWhere)
      .groupBy(shipments.trackState),
  ])
  const countOf = (group: Exclude<ShippingGroup, 'to_book'>) =>
    bookedCounts.reduce((sum, row) => sum + (row.state && GROUP_STATES[group].includes(row.state) ? row.n : 0), 0)
  const halfBooked = new Map(
    (
      await db
        .select()
        .from(shipments)
        .where(
          and(
            live,
            isNull(shipments.pickupRequestedAt),
            inArray(
              shipments.orderId,
              toBook.map((row) => row.orderId),
            ),
          ),
        )
    ).map((row) => [row.orderId, row]),
  )
  type Base = (typeof toBook)[number]
  const view = (row: Base, shipment: typeof shipments.$inferSelect | undefined): ShippingRow => ({
    orderId: row.orderId,
    number: orderNumber(row.orderId),
    customerName: row.customerName,
    destination: row.shippingAddress.split(', ').slice(-2).join(', '),
    totalAmount: row.totalAmount,
    paymentMethod: row.paymentMethod,
    orderedAt: row.createdAt.toISOString(),
    deliveryBy: row.deliveryBy,
    shipment: shipment ? toBookingView(shipment) : null,
  })
  const groups: Record<ShippingGroup, ShippingRow[]> = {
    to_book: toBook.map((row) => view(row, halfBooked.get(row.orderId))),
    awaiting_pickup: [],
    in_transit: [],
    problems: [],
    returns: [],
  }
  for (const row of booked) {
    const group = (Object.keys(GROUP_STATES) as Exclude<ShippingGroup, 'to_book'>[]).find((name) =>
      GROUP_STATES[name].includes(row.shipment.trackState!),
    )
    if (group) groups[group].push(view(row, row.shipment))
  }
  return {
    groups: Object.fromEntries(SHIPPING_GROUPS.map((group) => [group, groups[group].slice(0, LIST_LIMIT)])) as Record<
      ShippingGroup,
      ShippingRow[]
    >,
    counts: {
      to_book: toBookCount[0]?.n ?? 0,
      awaiting_pickup: countOf('awaiting_pickup'),
      in_transit: countOf('in_transit'),
      problems: countOf('problems'),
      returns: countOf('returns'),
    } satisfies Record<ShippingGroup, number>,
  }
}
