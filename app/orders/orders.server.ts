// Reading orders for the shopper: the result page of the browser that placed one, a customer's own
// orders (my orders), and guest tracking by order number and phone number; an order on its way or
// delivered carries its shipment (courier, number, tracking link, a booked parcel's scans), and each
// order the day it is expected by: the zone's promise, or the courier's once the parcel is booked.
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm'
import { escapeLike } from '#app/catalog/browse.ts'
import type { Tx } from '#app/platform/db.server.ts'
import { type ShipmentView, shipmentShown } from '#app/shipping/couriers.ts'
import { expectedDelivery } from '#app/shipping/expected-delivery.ts'
import { latestShipments } from '#app/shipping/shipments.server.ts'
import { orderItems, orderStatusHistory, orders } from './schema.ts'

export const ORDERS_PER_PAGE = 10

const summaryColumns = {
  id: orders.id,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  subtotalAmount: orders.subtotalAmount,
  discountAmount: orders.discountAmount,
  deliveryFee: orders.deliveryFee,
  totalAmount: orders.totalAmount,
  couponCode: orders.couponCode,
  deliveryBy: orders.deliveryBy,
  createdAt: orders.createdAt,
}

/** What a customer sees of their own order. */
const customerColumns = {
  ...summaryColumns,
  shippingAddress: orders.shippingAddress,
  phone: orders.phone,
  customerName: orders.customerName,
}

async function itemsOf(db: Tx, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, OrderItemView[]>()
  const rows = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      productName: orderItems.productName,
      size: orderItems.size,
      quantity: orderItems.quantity,
      price: orderItems.price,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.position), asc(orderItems.id))
  const byOrder = new Map<string, OrderItemView[]>()
  for (const { orderId, ...item } of rows) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), item])
  return byOrder
}

/**
 * Each order's latest parcel, by order id: of an order on its way or delivered to show, and of a
 * confirmed one for the courier's estimate once it is booked (the parcel itself is shown from pickup).
 */
async function shipmentsOf(db: Tx, orders: { id: string; status: string }[]) {
  return latestShipments(
    db,
    orders.filter((order) => order.status === 'confirmed' || shipmentShown(order.status)).map((order) => order.id),
  )
}

/** The order with the shipment it shows and the day it is expected by. */
function withShipment<T extends { id: string; status: string; deliveryBy: string | null }>(
  order: T,
  shipments: Map<string, ShipmentView>,
) {
  const latest = shipments.get(order.id) ?? null
  return {
    ...order,
    shipment: shipmentShown(order.status) ? latest : null,
    expected: expectedDelivery(order.deliveryBy, latest?.tracking),
  }
}

export interface OrderItemView {
  id: string
  productName: string
  size: string
  quantity: number
  price: number
}

/** The order a result page shows, only to its owner or to the browser session that placed it. */
export async function findVisibleOrder(
  db: Tx,
  orderId: string,
  visitor: { userId: string | null; visitorHash: string | null },
) {
  const [order] = await db
    .select({ ...summaryColumns, userId: orders.userId, placedBySession: orders.placedBySession })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (!order) return null
  const owner = visitor.userId !== null && order.userId === visitor.userId
  const placedHere = visitor.visitorHash !== null && order.placedBySession === visitor.visitorHash
  if (!owner && !placedHere) return null
  const { userId: _userId, placedBySession: _session, ...visible } = order
  return visible
}

function customerSearch(q: string): SQL | undefined {
  const term = q.trim().replace(/^#/, '')
  if (!term) return undefined
  const pattern = `%${escapeLike(term)}%`
  return or(
    // The order number is the id's last 8 characters.
    ilike(sql`right(${orders.id}::text, 8)`, `${escapeLike(term.toLowerCase())}%`),
    sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.productName} ilike ${pattern})`,
  )
}

/** A customer's own orders, newest first, with their items, a page at a time. */
export async function listCustomerOrders(db: Tx, userId: string, { q = '', page = 1 }: { q?: string; page?: number }) {
  const where = and(eq(orders.userId, userId), customerSearch(q))
  const [rows, [total]] = await Promise.all([
    db
      .select(customerColumns)
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDERS_PER_PAGE)
      .offset((page - 1) * ORDERS_PER_PAGE),
    db.select({ value: count() }).from(orders).where(where),
  ])
  const [items, shipments] = await Promise.all([
    itemsOf(
      db,
      rows.map((row) => row.id),
    ),
    shipmentsOf(db, rows),
  ])
  return {
    orders: rows.map((row) => ({ ...withShipment(row, shipments), items: items.get(row.id) ?? [] })),
    total: total?.value ?? 0,
  }
}

export type CustomerOrder = Awaited<ReturnType<typeof listCustomerOrders>>['orders'][number]

/** Where a customer's latest order went (its mobile number and one-line address), or null before their first. */
export async function lastDeliveryOf(db: Tx, userId: string) {
  const [order] = await db
    .select({
      id: orders.id,
      phone: orders.phone,
      shippingAddress: orders.shippingAddress,
      createdAt: orders.createdAt,
      placedBySession: orders.placedBySession,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1)
  return order ?? null
}

/** Every status change of an order, oldest first. */
export function statusHistory(db: Tx, orderId: string) {
  return db
    .select({
      fromStatus: orderStatusHistory.fromStatus,
      toStatus: orderStatusHistory.toStatus,
      note: orderStatusHistory.note,
      createdAt: orderStatusHistory.createdAt,
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id))
}

export type StatusChange = Awaited<ReturnType<typeof statusHistory>>[number]

/** A customer's own order with its items and history; null for anyone else's (a 404 to the caller). */
export async function findCustomerOrder(db: Tx, userId: string, orderId: string) {
  const [order] = await db
    .select(customerColumns)
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
  if (!order) return null
  const [items, history, shipments] = await Promise.all([
    itemsOf(db, [order.id]),
    statusHistory(db, order.id),
    shipmentsOf(db, [order]),
  ])
  return { ...withShipment(order, shipments), items: items.get(order.id) ?? [], history }
}

export type CustomerOrderDetails = NonNullable<Awaited<ReturnType<typeof findCustomerOrder>>>

/** Guest tracking: the order whose number and phone number both match, or null. */
export async function trackOrder(db: Tx, number: string, phone: string) {
  const [order] = await db
    .select({
      id: orders.id,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      totalAmount: orders.totalAmount,
      deliveryBy: orders.deliveryBy,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(eq(orders.phone, phone), sql`right(${orders.id}::text, 8) = ${number.toLowerCase()}`))
    .limit(1)
  if (!order) return null
  const [items, history, shipments] = await Promise.all([
    itemsOf(db, [order.id]),
    statusHistory(db, order.id),
    shipmentsOf(db, [order]),
  ])
  return { ...withShipment(order, shipments), items: items.get(order.id) ?? [], history }
}

export type TrackedOrder = NonNullable<Awaited<ReturnType<typeof trackOrder>>>
