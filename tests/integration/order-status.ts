// Moving an order on the orders desk from a page that shows its current version, as the owner does.
import { eq } from 'drizzle-orm'
import { changeOrderStatus, type DeskContext } from '#app/orders/order-desk.server.ts'
import { orders } from '#app/orders/schema.ts'
import type { OrderStatus } from '#app/orders/status.ts'
import type { Db } from '#app/platform/db.server.ts'
import type { ShipmentInput } from '#app/shipping/couriers.ts'

/** The version the desk's forms carry: the order's updatedAt. */
export async function orderVersion(db: Db, orderId: string): Promise<string> {
  const [row] = await db.select({ updatedAt: orders.updatedAt }).from(orders).where(eq(orders.id, orderId))
  if (!row) throw new Error(`no order ${orderId}`)
  return row.updatedAt.toISOString()
}

/** Shipping without saying how goes with the shop's own rider, who keeps the delivery OTP (decision 025). */
export async function changeStatus(
  db: Db,
  orderId: string,
  to: OrderStatus,
  desk: DeskContext,
  shipment: ShipmentInput = { courier: 'own_rider' },
) {
  return changeOrderStatus(
    db,
    { orderId, to, version: await orderVersion(db, orderId), ...(to === 'shipped' ? { shipment } : {}) },
    desk,
  )
}
