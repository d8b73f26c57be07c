// Recording and reading an order's shipment: written in the transaction that marks the order Shipped
// (app/orders/order-desk.server.ts), read by the desk, My Orders, tracking and the invoice page.
import { asc, desc, eq, inArray } from 'drizzle-orm'
import type { Tx } from '#app/platform/db.server.ts'
import { type CourierTrackingUrls, fillTrackingUrl, type ShipmentInput, type ShipmentView } from './couriers.ts'
import { shipments } from './schema.ts'

type ShipmentRow = typeof shipments.$inferSelect

function toView(row: ShipmentRow): ShipmentView {
  return {
    courier: row.courier,
    courierName: row.courierName,
    awb: row.awb,
    trackingUrl: row.trackingUrl,
    shippedAt: row.createdAt.toISOString(),
  }
}

/**
 * A new shipment row for the order, its tracking link filled from the courier's template as the
 * settings hold it now (a template changed later leaves the links already sent as they were).
 */
export async function recordShipment(
  tx: Tx,
  input: {
    orderId: string
    shipment: ShipmentInput
    templates: Partial<CourierTrackingUrls>
    createdBy: string | null
    now: Date
  },
): Promise<ShipmentView> {
  const { shipment } = input
  const awb = shipment.courier === 'own_rider' ? null : shipment.awb
  const trackingUrl =
    shipment.courier === 'own_rider' || shipment.courier === 'other' || awb === null
      ? null
      : fillTrackingUrl(input.templates[shipment.courier], awb)
  const [row] = await tx
    .insert(shipments)
    .values({
      orderId: input.orderId,
      provider: 'manual',
      courier: shipment.courier,
      courierName: shipment.courier === 'other' ? shipment.courierName : null,
      awb,
      trackingUrl,
      createdBy: input.createdBy,
      createdAt: input.now,
    })
    .returning()
  if (!row) throw new Error('the shipment was not recorded')
  return toView(row)
}

/** The latest shipment of each order that has one. */
export async function latestShipments(db: Tx, orderIds: string[]): Promise<Map<string, ShipmentView>> {
  const latest = new Map<string, ShipmentView>()
  if (orderIds.length === 0) return latest
  const rows = await db
    .selectDistinctOn([shipments.orderId])
    .from(shipments)
    .where(inArray(shipments.orderId, orderIds))
    .orderBy(asc(shipments.orderId), desc(shipments.createdAt), desc(shipments.id))
  for (const row of rows) latest.set(row.orderId, toView(row))
  return latest
}

export async function latestShipment(db: Tx, orderId: string): Promise<ShipmentView | null> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, orderId))
    .orderBy(desc(shipments.createdAt), desc(shipments.id))
    .limit(1)
  return row ? toView(row) : null
}
