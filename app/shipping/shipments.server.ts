// Recording and reading an order's shipment: written in the transaction that marks the order Shipped
// (app/orders/order-desk.server.ts), read by the desk, My Orders, tracking and the invoice page. A
// parcel booked through Shiprocket is read with its scans, for the shopper's timeline.
import { and, asc, desc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm'
import type { Tx } from '#app/platform/db.server.ts'
import { type CourierTrackingUrls, fillTrackingUrl, type ShipmentInput, type ShipmentView } from './couriers.ts'
import { shipmentScans, shipments } from './schema.ts'
import { stateOfStatus } from './track-states.ts'

type ShipmentRow = typeof shipments.$inferSelect
type ScanRow = Pick<typeof shipmentScans.$inferSelect, 'at' | 'activity' | 'location' | 'statusId'>

/**
 * A shipment as the pages show it. Given its scans (newest first), a Shiprocket parcel carries its
 * tracking; without them (a notice about one move) it has none.
 */
export function toView(row: ShipmentRow, scans?: readonly ScanRow[]): ShipmentView {
  const view: ShipmentView = {
    courier: row.courier,
    courierName: row.courierName,
    awb: row.awb,
    trackingUrl: row.trackingUrl,
    shippedAt: row.createdAt.toISOString(),
  }
  if (row.provider !== 'shiprocket' || scans === undefined) return view
  view.tracking = {
    state: row.trackState,
    expectedBy: row.expectedBy,
    ndrReason: row.ndrReason,
    scans: scans.map((scan) => ({
      at: scan.at.toISOString(),
      activity: scan.activity,
      location: scan.location,
      state: stateOfStatus(scan.statusId),
    })),
  }
  return view
}

/**
 * A shipment there is something to show of: one sent by hand (the shop's own rider has no number), or
 * a booking that has its AWB and was not cancelled. A booking stopped before its AWB is no parcel yet.
 */
const hasParcel = or(eq(shipments.provider, 'manual'), and(isNotNull(shipments.awb), isNull(shipments.cancelledAt)))

/** The scans of the Shiprocket parcels among `rows`, newest first, in one query. */
async function scansOf(db: Tx, rows: readonly ShipmentRow[]): Promise<Map<string, ScanRow[]>> {
  const byShipment = new Map<string, ScanRow[]>()
  const ids = rows.filter((row) => row.provider === 'shiprocket').map((row) => row.id)
  if (ids.length === 0) return byShipment
  const scans = await db
    .select({
      shipmentId: shipmentScans.shipmentId,
      at: shipmentScans.at,
      activity: shipmentScans.activity,
      location: shipmentScans.location,
      statusId: shipmentScans.statusId,
    })
    .from(shipmentScans)
    .where(inArray(shipmentScans.shipmentId, ids))
    .orderBy(desc(shipmentScans.at), desc(shipmentScans.id))
  for (const { shipmentId, ...scan } of scans) {
    const list = byShipment.get(shipmentId)
    if (list) list.push(scan)
    else byShipment.set(shipmentId, [scan])
  }
  return byShipment
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

/** The latest shipment of each order that has one, with a booked parcel's scans. */
export async function latestShipments(db: Tx, orderIds: string[]): Promise<Map<string, ShipmentView>> {
  const latest = new Map<string, ShipmentView>()
  if (orderIds.length === 0) return latest
  const rows = await db
    .selectDistinctOn([shipments.orderId])
    .from(shipments)
    .where(and(inArray(shipments.orderId, orderIds), hasParcel))
    .orderBy(asc(shipments.orderId), desc(shipments.createdAt), desc(shipments.id))
  const scans = await scansOf(db, rows)
  for (const row of rows) latest.set(row.orderId, toView(row, scans.get(row.id) ?? []))
  return latest
}

export async function latestShipment(db: Tx, orderId: string): Promise<ShipmentView | null> {
  const rows = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), hasParcel))
    .orderBy(desc(shipments.createdAt), desc(shipments.id))
    .limit(1)
  const [row] = rows
  if (!row) return null
  const scans = await scansOf(db, rows)
  return toView(row, scans.get(row.id) ?? [])
}
